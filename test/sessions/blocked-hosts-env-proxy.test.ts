import { Server as ProxyServer } from 'proxy-chain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { disposeTestService, startTestService, type TestService } from '../support/test-service';
import { activePage, startSession, stopSession } from './session-helpers';

let service: TestService;
let proxy: ProxyServer;
const seenByProxy: string[] = [];

beforeAll(async () => {
  // A proxy from the environment, as on a machine whose egress goes through one; it answers every request itself,
  // so nothing leaves the machine.
  proxy = new ProxyServer({
    port: 0,
    host: '127.0.0.1',
    prepareRequestFunction: ({ hostname }) => {
      seenByProxy.push(hostname);
      return { customResponseFunction: () => ({ statusCode: 200, body: 'answered by the proxy' }) };
    },
  });
  await proxy.listen();
  process.env.http_proxy = `http://127.0.0.1:${proxy.port}`;
  service = await startTestService({ SVC_BLOCKED_HOSTS: 'metadata.blocked.test' });
});
afterAll(async () => {
  await disposeTestService(service);
  delete process.env.http_proxy;
  await proxy.close(true);
});

it('blocks hosts for sessions that reach the web through a proxy from the environment', async () => {
  const { session_id } = await startSession(service);
  const page = activePage(service, session_id);
  expect(await (await page.goto('http://allowed.test/'))?.text()).toBe('answered by the proxy');
  await expect(page.goto('http://metadata.blocked.test/')).rejects.toThrow(/ERR_BLOCKED_BY_CLIENT/);
  expect(seenByProxy).toEqual(['allowed.test']);
  await stopSession(service, session_id);
});
