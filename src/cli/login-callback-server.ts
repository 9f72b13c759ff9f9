import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The CLI's side of `svc auth login`: a loopback server on a random port. The service redirects the
 * browser to `/callback#key=...&state=...`; the fragment never leaves the browser, so the tiny page served
 * here reads it and posts it back to this server, which accepts it only with the expected `state`.
 */
export interface LoginCallback {
  port: number;
  /** Resolves with the delivered key; rejects when the user denies or nothing arrives in time. */
  key: Promise<string>;
  close(): void;
}

const callbackPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>svc CLI</title></head>
<body style="font:16px system-ui,sans-serif;max-width:30rem;margin:4rem auto"><h1 id="title">Finishing sign-in…</h1><p id="text"></p>
<script>
const fragment = new URLSearchParams(location.hash.slice(1));
history.replaceState(null, '', location.pathname);
fetch('/deliver', { method: 'POST', headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ key: fragment.get('key'), state: fragment.get('state'), error: fragment.get('error') }) })
  .then((response) => response.json())
  .then((answer) => { document.getElementById('title').textContent = answer.title; document.getElementById('text').textContent = answer.text; });
</script></body></html>`;

interface Delivery {
  key?: string | null;
  state?: string | null;
  error?: string | null;
}

export async function startLoginCallback(expectedState: string, timeoutMs: number): Promise<LoginCallback> {
  let settle: { resolve(key: string): void; reject(error: Error): void } | undefined;
  const key = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  const server = createServer((request, response) => {
    if (request.method === 'GET' && request.url?.startsWith('/callback')) return answerPage(response);
    if (request.method === 'POST' && request.url === '/deliver')
      return readDelivery(request, response, expectedState, settle!);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const timer = setTimeout(
    () => settle!.reject(new Error(`No authorization arrived within ${timeoutMs / 60_000} minutes`)),
    timeoutMs,
  );
  const close = () => {
    clearTimeout(timer);
    server.closeAllConnections();
    server.close();
  };
  return { port: (server.address() as AddressInfo).port, key, close };
}

function answerPage(response: ServerResponse): void {
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
  });
  response.end(callbackPage);
}

function readDelivery(
  request: IncomingMessage,
  response: ServerResponse,
  expectedState: string,
  settle: { resolve(key: string): void; reject(error: Error): void },
): void {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => {
    body += chunk;
  });
  request.on('end', () => {
    const delivery = parseDelivery(body);
    const reply = (status: number, title: string, text: string) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ title, text }));
    };
    if (delivery.state !== expectedState)
      return reply(400, 'This sign-in does not belong to the waiting CLI', 'Run `svc auth login` again.');
    if (delivery.error) {
      reply(200, 'Authorization denied', 'The CLI was not given a key. You can close this tab.');
      return settle.reject(new Error(`Authorization was denied (${delivery.error})`));
    }
    if (!delivery.key) return reply(400, 'No key arrived', 'Run `svc auth login` again.');
    reply(200, 'The svc CLI is signed in', 'You can close this tab and return to the terminal.');
    settle.resolve(delivery.key);
  });
}

function parseDelivery(body: string): Delivery {
  try {
    return JSON.parse(body) as Delivery;
  } catch {
    return {};
  }
}
