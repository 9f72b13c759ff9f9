import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/sites/fixture-server';
import { chromiumChildren, startSession, stopSession } from '../sessions/session-helpers';
import { createOtherAccountKey } from '../support/other-account';
import { disposeTestService, startTestService, type TestService } from '../support/test-service';

interface ShownState {
  cookie: string;
  localStorage: Record<string, string>;
  sessionStorage: Record<string, string>;
}

describe('profiles loaded into sessions and saved on close with persist', () => {
  let service: TestService;
  let sites: FixtureServer;

  const execute = async (sessionId: string, action: Record<string, unknown>) => {
    const response = await service.call(`/sessions/${sessionId}/page/execute`, {
      method: 'POST',
      json: action,
    });
    const result = await response.json();
    expect(result).toMatchObject({ success: true });
    return result;
  };
  /** What storage.html shows a visitor about the origin's cookies and storage. */
  const visitStoragePage = async (sessionId: string): Promise<ShownState> => {
    await execute(sessionId, { type: 'goto', url: sites.url('storage.html') });
    const result = await execute(sessionId, {
      type: 'evaluate_js',
      code: "document.getElementById('state').textContent",
    });
    return JSON.parse(result.data as string) as ShownState;
  };
  const getProfile = async (profileId: string) => (await service.call(`/profiles/${profileId}`)).json();

  beforeAll(async () => {
    [service, sites] = await Promise.all([
      startTestService({ SVC_BROWSER_WARM_CONTEXTS: '0' }),
      startFixtureServer(),
    ]);
  });
  afterAll(async () => {
    await disposeTestService(service);
    await sites.close();
    expect(chromiumChildren()).toEqual([]);
  });

  it('saves the browser state on close with persist and restores it in the next session', async () => {
    const profile = await (
      await service.call('/profiles/create', { method: 'POST', json: { name: 'e2e' } })
    ).json();
    const first = await startSession(service, { profile: { id: profile.profile_id, persist: true } });
    expect(await visitStoragePage(first.session_id)).toEqual({
      cookie: '',
      localStorage: {},
      sessionStorage: {},
    });
    await execute(first.session_id, {
      type: 'evaluate_js',
      code: "() => { document.cookie = 'visit=returning; path=/; max-age=3600'; localStorage.setItem('theme', 'dark'); sessionStorage.setItem('step', '3'); }",
    });
    await stopSession(service, first.session_id);

    const saved = await getProfile(profile.profile_id);
    const origin = new URL(sites.url('storage.html')).origin;
    expect(saved).toMatchObject({ cookie_count: 1, cookie_domains: ['127.0.0.1'], origins: [origin] });
    expect(JSON.stringify(saved)).not.toContain('returning');

    const second = await startSession(service, { profile: { id: profile.profile_id, persist: false } });
    expect(await visitStoragePage(second.session_id)).toEqual({
      cookie: 'visit=returning',
      localStorage: { theme: 'dark' },
      sessionStorage: { step: '3' },
    });

    // Without persist, what this session changes is not written back.
    await execute(second.session_id, { type: 'evaluate_js', code: "localStorage.setItem('theme', 'light')" });
    await stopSession(service, second.session_id);
    expect(await getProfile(profile.profile_id)).toEqual(saved);

    const third = await startSession(service, { profile: { id: profile.profile_id, persist: false } });
    expect((await visitStoragePage(third.session_id)).localStorage).toEqual({ theme: 'dark' });
    await stopSession(service, third.session_id);
  });

  it("refuses to start a session with a profile that is not the caller's", async () => {
    const otherKey = await createOtherAccountKey(service, 'session-profiles-other@example.org');
    const theirs = await (
      await service.call('/profiles/create', {
        method: 'POST',
        json: {},
        headers: { authorization: `Bearer ${otherKey}` },
      })
    ).json();
    const response = await service.call('/sessions/start', {
      method: 'POST',
      json: { profile: { id: theirs.profile_id, persist: true } },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'profile_not_found' });
  });
});
