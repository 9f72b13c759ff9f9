import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineOperation } from '../shared/contract';
import { HttpTransport } from './http-transport';
import { SvcError } from './svc-error';

const getThing = defineOperation({
  id: 'getThing',
  method: 'GET',
  path: '/things/{thing_id}',
  summary: 'test',
  tag: 'test',
  auth: 'key',
  params: z.object({ thing_id: z.string() }),
  response: z.object({ thing_id: z.string() }),
});
const makeThing = defineOperation({ ...getThing, id: 'makeThing', method: 'POST', path: '/things' });

type Answer = (request: IncomingMessage, response: ServerResponse) => void;

/** A server that answers its requests from a script of answers, in order; the last one repeats. */
async function scriptedServer(
  answers: Answer[],
): Promise<{ server: Server; url: string; hits: IncomingMessage[] }> {
  const hits: IncomingMessage[] = [];
  const server = createServer((request, response) => {
    hits.push(request);
    answers[Math.min(hits.length, answers.length) - 1](request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, hits };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Answer =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
const unavailable = json(503, {
  message: 'Service unavailable',
  detail: 'restarting',
  code: 'service_unavailable',
});
const hangUp: Answer = (request) => request.socket.destroy();

let running: Server | undefined;
afterEach(() => {
  running?.closeAllConnections();
  running?.close();
});

const transportFor = (url: string, extra = {}) =>
  new HttpTransport({ baseUrl: url, apiKey: 'svc_k', backoffMs: 5, ...extra });

describe('HttpTransport', () => {
  it('retries an idempotent GET that fails twice with 5xx and returns the third answer', async () => {
    const { server, url, hits } = await scriptedServer([
      unavailable,
      unavailable,
      json(200, { thing_id: 'a b' }),
    ]);
    running = server;
    const thing = await transportFor(url).request(getThing, { params: { thing_id: 'a b' } });
    expect(thing).toEqual({ thing_id: 'a b' });
    expect(hits).toHaveLength(3);
    expect(hits[0].url).toBe('/things/a%20b');
    expect(hits[0].headers.authorization).toBe('Bearer svc_k');
  });

  it('retries dropped connections of a GET', async () => {
    const { server, url, hits } = await scriptedServer([hangUp, hangUp, json(200, { thing_id: 'x' })]);
    running = server;
    await expect(transportFor(url).request(getThing, { params: { thing_id: 'x' } })).resolves.toEqual({
      thing_id: 'x',
    });
    expect(hits).toHaveLength(3);
  });

  it('gives up after three attempts with the typed error of the last answer', async () => {
    const { server, url, hits } = await scriptedServer([unavailable]);
    running = server;
    const error = await transportFor(url)
      .request(getThing, { params: { thing_id: 'x' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcError);
    expect(error).toMatchObject({
      status: 503,
      code: 'service_unavailable',
      message: 'Service unavailable',
      detail: 'restarting',
    });
    expect(hits).toHaveLength(3);
  });

  it('never repeats a POST', async () => {
    const { server, url, hits } = await scriptedServer([unavailable, json(201, { thing_id: 'x' })]);
    running = server;
    await expect(transportFor(url).request(makeThing, { body: undefined })).rejects.toMatchObject({
      status: 503,
    });
    expect(hits).toHaveLength(1);
  });

  it('does not retry a 429 unless asked, and reports when to retry', async () => {
    const limited = json(
      429,
      { message: 'Rate limit exceeded', detail: 'Please wait before making more requests' },
      { 'retry-after': '1' },
    );
    const { server, url, hits } = await scriptedServer([limited, json(200, { thing_id: 'x' })]);
    running = server;
    const error = await transportFor(url)
      .request(getThing, { params: { thing_id: 'x' } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, code: 'http_429', retryAfterS: 1, isRateLimited: true });
    expect(hits).toHaveLength(1);
    await expect(
      transportFor(url, { retryOnRateLimit: true }).request(getThing, { params: { thing_id: 'x' } }),
    ).resolves.toEqual({ thing_id: 'x' });
  });

  it('names the URL when the connection is refused', async () => {
    const { server, url } = await scriptedServer([unavailable]);
    await new Promise((resolve) => server.close(resolve));
    const error = await transportFor(url)
      .request(getThing, { params: { thing_id: 'x' } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 0,
      code: 'connection_failed',
      message: `Cannot reach the service at ${url}`,
    });
    expect((error as SvcError).detail).toContain('ECONNREFUSED');
  });
});
