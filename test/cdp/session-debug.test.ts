import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionDebug } from '../../src/shared/debug';
import { registerCdpRoutes } from '../../src/service/cdp/routes';
import { registerDebugRoutes } from '../../src/service/debug/routes';
import { registerLiveEventRoutes } from '../../src/service/live-events/routes';
import { startFixtureServer, type FixtureServer } from '../fixtures/sites/fixture-server';
import { startLiveTestApp, type LiveTestApp } from '../support/live-test-app';
import type { TestLiveSession } from '../support/test-live-sessions';

let app: LiveTestApp;
let sites: FixtureServer;
let session: TestLiveSession;

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

beforeAll(async () => {
  sites = await startFixtureServer();
  app = await startLiveTestApp((fastify, context) => {
    registerCdpRoutes(fastify, context);
    registerDebugRoutes(fastify, context);
    registerLiveEventRoutes(fastify, context);
  });
  const { account } = await app.context.accounts.ensureOwner();
  session = await app.sessions.open(account.id);
  await session.activePage().goto(sites.url('forms.html'));
});

afterAll(async () => {
  await app?.close();
  await sites?.close();
});

describe('session debug and live events', () => {
  it('lists the live URLs of the session and each tab, and the tab URL reaches that tab', async () => {
    const response = await app.call(`/sessions/${session.id}/debug`);
    expect(response.status).toBe(200);
    const debug = (await response.json()) as SessionDebug;
    expect(debug.debug_url).toContain(`/sessions/${session.id}/viewer?token=`);
    expect(debug.ws.cdp).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/sessions\/.+\/cdp\?token=/);
    expect(debug.tabs).toHaveLength(1);
    expect(debug.tabs[0]!.metadata).toMatchObject({ tab_id: 0, url: sites.url('forms.html') });
    const evaluated = await cdpCall(debug.tabs[0]!.ws_url, 'Runtime.evaluate', {
      expression: 'location.href',
    });
    expect(evaluated).toMatchObject({ result: { value: sites.url('forms.html') } });
  });

  it('answers 404 for a session of another account', async () => {
    const other = await app.sessions.open('acc_someone_else');
    const response = await app.call(`/sessions/${other.id}/debug`);
    expect(response.status).toBe(404);
    await app.sessions.close(other);
  });

  it('streams steps and network entries as they are recorded, then the end', async () => {
    const streamed = await app.sessions.open(session.accountId);
    const socket = new WebSocket(`${app.url.replace('http', 'ws')}/sessions/${streamed.id}/events`, {
      headers: { authorization: `Bearer ${app.apiKey}` },
    });
    const messages: { type: string }[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise((resolve) => socket.once('open', resolve));
    const now = new Date().toISOString();
    await streamed.recordStep({
      type: 'goto',
      input: { url: 'http://x' },
      success: true,
      message: 'ok',
      started_at: now,
      ended_at: now,
    });
    streamed.recordNetworkEntry({ method: 'GET', url: 'http://x', status: 200 });
    await app.sessions.close(streamed);
    expect(await closed).toBe(4000);
    expect(messages.map((message) => message.type)).toEqual(['step', 'network', 'session_end']);
  });

  it('refuses an event stream without credentials', async () => {
    const socket = new WebSocket(`${app.url.replace('http', 'ws')}/sessions/${session.id}/events`);
    const status = await new Promise<number>((resolve) =>
      socket.on('unexpected-response', (_, response) => resolve(response.statusCode ?? 0)),
    );
    expect(status).toBe(401);
  });
});
