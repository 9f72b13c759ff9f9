import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionDebug } from '../../src/shared/debug';
import type { SessionResponse } from '../../src/shared/sessions';
import { startFixtureServer, type FixtureServer } from '../fixtures/sites/fixture-server';
import { act } from '../page/page-helpers';
import { startSession, stopSession } from '../sessions/session-helpers';
import { createOtherAccountKey } from '../support/other-account';
import { disposeTestService, startTestService, type TestService } from '../support/test-service';

let service: TestService;
let sites: FixtureServer;
let session: SessionResponse;

/** Sends one CDP command over a fresh connection and returns its result. */
async function cdpCall(url: string, method: string, params: object = {}): Promise<Record<string, unknown>> {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify({ id: 1, method, params }));
  const reply = await new Promise<{ result: Record<string, unknown> }>((resolve) =>
    socket.once('message', (data) => resolve(JSON.parse(data.toString()))),
  );
  socket.close();
  return reply.result;
}

const wsUrl = (path: string) => `${service.url.replace('http', 'ws')}${path}`;

beforeAll(async () => {
  sites = await startFixtureServer();
  service = await startTestService();
  session = await startSession(service);
  await act(service, session.session_id, { type: 'goto', url: sites.url('forms.html') });
});

afterAll(async () => {
  await disposeTestService(service);
  await sites?.close();
});

describe('session debug and live events', () => {
  it('lists the live URLs of the session and each tab, and the tab URL reaches that tab', async () => {
    const response = await service.call(`/sessions/${session.session_id}/debug`);
    expect(response.status).toBe(200);
    const debug = (await response.json()) as SessionDebug;
    expect(debug.debug_url).toContain(`/sessions/${session.session_id}/viewer?token=`);
    expect(debug.ws.cdp).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/sessions\/.+\/cdp\?token=/);
    expect(debug.tabs).toHaveLength(1);
    expect(debug.tabs[0]!.metadata).toMatchObject({ tab_id: 0, url: sites.url('forms.html') });
    const evaluated = await cdpCall(debug.tabs[0]!.ws_url, 'Runtime.evaluate', {
      expression: 'location.href',
    });
    expect(evaluated).toMatchObject({ result: { value: sites.url('forms.html') } });
  });

  it('answers with the tabs still open when one closes while it looks', async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 10; round += 1) {
      await act(service, session.session_id, { type: 'goto_new_tab', url: sites.url('forms.html') });
      const [, debug] = await Promise.all([
        act(service, session.session_id, { type: 'close_tab' }),
        service.call(`/sessions/${session.session_id}/debug`),
      ]);
      statuses.push(debug.status);
    }
    expect(statuses).toEqual(Array(10).fill(200));
    const after = (await (
      await service.call(`/sessions/${session.session_id}/debug`)
    ).json()) as SessionDebug;
    expect(after.tabs.map((tab) => tab.metadata.tab_id)).toEqual([0]);
  });

  it('answers 404 for a session of another account', async () => {
    const otherKey = await createOtherAccountKey(service, 'debug-other@example.org');
    const response = await service.call(`/sessions/${session.session_id}/debug`, {
      headers: { authorization: `Bearer ${otherKey}` },
    });
    expect(response.status).toBe(404);
  });

  it('streams steps and network entries as they are recorded, then the end', async () => {
    const streamed = await startSession(service);
    const socket = new WebSocket(wsUrl(`/sessions/${streamed.session_id}/events`), {
      headers: { authorization: `Bearer ${service.apiKey}` },
    });
    const messages: { type: string; step?: { type: string }; entry?: { url: string } }[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise((resolve) => socket.once('open', resolve));
    await act(service, streamed.session_id, { type: 'goto', url: sites.url('forms.html') });
    await expect.poll(() => messages.some((message) => message.type === 'network')).toBe(true);
    await stopSession(service, streamed.session_id);
    expect(await closed).toBe(4000);
    expect(messages.find((message) => message.type === 'step')?.step?.type).toBe('goto');
    expect(messages.find((message) => message.type === 'network')?.entry?.url).toBe(sites.url('forms.html'));
    expect(messages.at(-1)?.type).toBe('session_end');
  });

  it('refuses an event stream without credentials', async () => {
    const socket = new WebSocket(wsUrl(`/sessions/${session.session_id}/events`));
    const status = await new Promise<number>((resolve) =>
      socket.on('unexpected-response', (_, response) => resolve(response.statusCode ?? 0)),
    );
    expect(status).toBe(401);
  });
});
