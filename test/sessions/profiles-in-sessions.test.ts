import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/sites/fixture-server';
import { disposeTestService, startTestService, type TestService } from '../support/test-service';
import { activePage, startSession, stopSession } from './session-helpers';

interface StorageView {
  cookie: string;
  localStorage: Record<string, string>;
  sessionStorage: Record<string, string>;
}

describe('sessions with a browser profile', () => {
  let service: TestService;
  let sites: FixtureServer;

  beforeAll(async () => {
    sites = await startFixtureServer();
    service = await startTestService({ SVC_BROWSER_WARM_CONTEXTS: '1' });
  });
  afterAll(async () => {
    await disposeTestService(service);
    await sites.close();
  });

  const createProfile = async () =>
    (
      (await (await service.call('/profiles/create', { method: 'POST', json: {} })).json()) as {
        profile_id: string;
      }
    ).profile_id;

  async function storageSeenBy(sessionId: string): Promise<StorageView> {
    const page = activePage(service, sessionId);
    await page.goto(sites.url('storage.html'));
    return JSON.parse((await page.textContent('#state')) ?? '{}') as StorageView;
  }

  async function fillStorage(sessionId: string): Promise<void> {
    const page = activePage(service, sessionId);
    await page.goto(sites.url('cookies.html'));
    await page.evaluate(() => {
      localStorage.setItem('cart', '3 items');
      sessionStorage.setItem('step', 'checkout');
    });
  }

  it('saves cookies, localStorage and sessionStorage on close with persist, and loads them at the next start', async () => {
    const profileId = await createProfile();
    const first = await startSession(service, { profile: { id: profileId, persist: true } });
    expect(first.profile).toEqual({ id: profileId, persist: true });
    await fillStorage(first.session_id);
    await stopSession(service, first.session_id);

    const second = await startSession(service, { profile: { id: profileId } });
    const seen = await storageSeenBy(second.session_id);
    expect(seen.cookie).toContain('visited=yes');
    expect(seen.localStorage).toEqual({ cart: '3 items' });
    expect(seen.sessionStorage).toEqual({ step: 'checkout' });
    await stopSession(service, second.session_id);
  });

  it('leaves the profile as it was without persist', async () => {
    const profileId = await createProfile();
    const session = await startSession(service, { profile: { id: profileId } });
    await fillStorage(session.session_id);
    await stopSession(service, session.session_id);
    const profile = await (await service.call(`/profiles/${profileId}`)).json();
    expect(profile).toMatchObject({ cookie_count: 0, origins: [] });
  });

  it('refuses a profile that does not exist', async () => {
    const response = await service.call('/sessions/start', {
      method: 'POST',
      json: { profile: { id: 'missing' } },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'profile_not_found' });
  });
});
