import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '../../src/shared/sessions';
import { createOtherAccountKey } from '../support/other-account';
import { disposeTestService, startTestService, type TestService } from '../support/test-service';
import { chromiumChildren, startSession, stopSession } from './session-helpers';

describe('session lifecycle', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService({ SVC_BROWSER_WARM_CONTEXTS: '1' });
  });
  afterAll(async () => {
    await disposeTestService(service);
    expect(chromiumChildren()).toEqual([]);
  });

  it('starts an active session with its defaults, signed URLs and no steps yet', async () => {
    const session = await startSession(service);
    expect(session).toMatchObject({
      status: 'active',
      headless: true,
      solve_captchas: false,
      proxies: false,
      browser_type: 'chromium',
      idle_timeout_minutes: 5,
      max_duration_minutes: 30,
      closed_at: null,
      end_reason: null,
      steps: [],
      network_request_bytes: 0,
    });
    expect(session.cdp_url).toMatch(
      new RegExp(`^ws://127\\.0\\.0\\.1:\\d+/sessions/${session.session_id}/cdp\\?token=`),
    );
    expect(session.viewer_url).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:\\d+/sessions/${session.session_id}/viewer\\?token=`),
    );
    expect(session.duration).toMatch(/^PT[\d.]+S$/);
    // The browser runs as a child of this process, so the check after shutdown below means something.
    expect(chromiumChildren().length).toBeGreaterThan(0);
    await stopSession(service, session.session_id);
  });

  it('stops a session, and stopping again returns the same closed session', async () => {
    const { session_id } = await startSession(service, { idle_timeout_minutes: 2, max_duration_minutes: 10 });
    const stopped = await stopSession(service, session_id);
    expect(stopped).toMatchObject({
      status: 'closed',
      end_reason: 'stopped',
      cdp_url: null,
      viewer_url: null,
    });
    expect(stopped.closed_at).not.toBeNull();
    const again = await stopSession(service, session_id);
    expect(again).toMatchObject({ status: 'closed', closed_at: stopped.closed_at, idle_timeout_minutes: 2 });
    const status = await service.call(`/sessions/${session_id}`);
    expect(((await status.json()) as SessionResponse).status).toBe('closed');
  });

  it('lists sessions newest first, paginated, active only by default', async () => {
    const started = [await startSession(service), await startSession(service), await startSession(service)];
    await stopSession(service, started[0]!.session_id);
    const active = await (await service.call('/sessions?page_size=1')).json();
    expect(active).toMatchObject({ page: 1, page_size: 1, has_next: true, has_previous: false });
    expect(active.items[0].session_id).toBe(started[2]!.session_id);
    const second = await (await service.call('/sessions?page=2&page_size=1')).json();
    expect(second).toMatchObject({ has_next: false, has_previous: true });
    expect(second.items[0].session_id).toBe(started[1]!.session_id);
    const all = await (await service.call('/sessions?only_active=false&page_size=100')).json();
    expect(all.items.map((item: SessionResponse) => item.session_id)).toContain(started[0]!.session_id);
    await Promise.all(started.slice(1).map((session) => stopSession(service, session.session_id)));
  });

  it('refuses unknown fields and unsupported values with a 422 naming them', async () => {
    const unknown = await service.call('/sessions/start', { method: 'POST', json: { headles: false } });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).detail).toEqual([
      { loc: ['body', 'headles'], msg: 'Unknown field', type: 'extra_forbidden' },
    ]);
    for (const body of [
      { browser_type: 'firefox' },
      { screenshot_type: 'full' },
      { chrome_args: ['--foo'] },
      { web_bot_auth: true },
      { viewport_width: 800 },
      { idle_timeout_minutes: 20, max_duration_minutes: 10 },
      { proxies: 'usa' },
    ]) {
      const response = await service.call('/sessions/start', { method: 'POST', json: body });
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
    const accepted = await startSession(service, {
      screenshot_type: 'last_action',
      chrome_args: [],
      web_bot_auth: false,
      timeout_minutes: 3,
    });
    expect(accepted.idle_timeout_minutes).toBe(3);
    await stopSession(service, accepted.session_id);
  });

  it('hides a session from another account (404)', async () => {
    const session = await startSession(service);
    const otherKey = await createOtherAccountKey(service, 'other-sessions@example.org');
    const headers = { authorization: `Bearer ${otherKey}` };
    for (const [path, method] of [
      [`/sessions/${session.session_id}`, 'GET'],
      [`/sessions/${session.session_id}/stop`, 'DELETE'],
      [`/sessions/${session.session_id}/cookies`, 'GET'],
      [`/sessions/${session.session_id}/network/logs`, 'GET'],
    ] as const) {
      const response = await service.call(path, { method, headers });
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ message: 'Session not found' });
    }
    const list = await (await service.call('/sessions', { headers })).json();
    expect(list.items).toEqual([]);
    await stopSession(service, session.session_id);
  });

  it('says plainly when a session id does not exist', async () => {
    const response = await service.call('/sessions/nope');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      message: 'Session not found',
      detail: 'No session nope in this account',
    });
  });
});
