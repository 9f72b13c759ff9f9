import type { Page } from 'playwright-core';
import WebSocket from 'ws';
import type { ClientSocket } from './cdp-proxy';

/** The CDP target id of a tab. */
export async function targetIdOf(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    return targetInfo.targetId;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** `ws://host:port/devtools/browser/<id>` → `ws://host:port/devtools/page/<targetId>`. */
export function pageEndpointOf(browserEndpoint: string, targetId: string): string {
  const url = new URL(browserEndpoint);
  url.pathname = `/devtools/page/${encodeURIComponent(targetId)}`;
  return url.toString();
}

/**
 * Relays a client to one tab's own DevTools endpoint, once `pageEndpoint` resolves (undefined: not a tab
 * the client may reach). A page endpoint reaches that tab (and its frames and workers) only, so messages
 * pass unchanged. Client messages sent before the tab answers are queued.
 */
export function pipeToPage(client: ClientSocket, pageEndpoint: Promise<string | undefined>): void {
  const early: string[] = [];
  let upstream: WebSocket | undefined;
  client.on('message', (data) => {
    if (upstream?.readyState === WebSocket.OPEN) upstream.send(data.toString());
    else early.push(data.toString());
  });
  client.on('close', () => upstream?.close());
  void pageEndpoint.then((endpoint) => {
    if (!endpoint) return client.close(4404, 'no such tab in this session');
    upstream = new WebSocket(endpoint, { perMessageDeflate: false, maxPayload: 256 * 1024 * 1024 });
    upstream.on('open', () => {
      for (const message of early.splice(0)) upstream?.send(message);
    });
    upstream.on('message', (data) => client.send(data.toString()));
    upstream.on('close', () => client.close(1000, 'tab closed'));
    upstream.on('error', () => client.close(1011, 'the tab is not reachable'));
  });
}
