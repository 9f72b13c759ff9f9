import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeServer {
  url: string;
  /** Requests seen, as `METHOD path?query` plus the body. */
  requests: { line: string; body: string }[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function listen(
  handle: (line: string, body: string) => { status: number; json: unknown },
): Promise<FakeServer> {
  const requests: FakeServer['requests'] = [];
  const server: Server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const line = `${request.method} ${request.url}`;
      requests.push({ line, body });
      const answer = handle(line, body);
      response
        .writeHead(answer.status, { 'content-type': 'application/json' })
        .end(JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A CAPTCHA-solving service speaking the 2Captcha protocol: `in.php` takes the task, `res.php` answers
 * CAPCHA_NOT_READY once, then the token.
 */
export function startFake2Captcha(apiKey: string, token: string): Promise<FakeServer> {
  let polls = 0;
  return listen((line, body) => {
    const fields = new URLSearchParams(line.includes('?') ? line.split('?')[1] : body);
    if (fields.get('key') !== apiKey)
      return { status: 200, json: { status: 0, request: 'ERROR_WRONG_USER_KEY' } };
    if (line.startsWith('POST /in.php')) return { status: 200, json: { status: 1, request: 'task-1' } };
    if (line.startsWith('GET /res.php') && fields.get('id') === 'task-1') {
      polls += 1;
      return {
        status: 200,
        json: polls === 1 ? { status: 0, request: 'CAPCHA_NOT_READY' } : { status: 1, request: token },
      };
    }
    return { status: 200, json: { status: 0, request: 'ERROR_WRONG_CAPTCHA_ID' } };
  });
}

/** An OpenAI-compatible chat-completions endpoint that answers every request with `content`. */
export function startFakeChatCompletions(content: string): Promise<FakeServer> {
  return listen((line) => {
    if (!line.startsWith('POST /v1/chat/completions'))
      return { status: 404, json: { error: { message: 'not found' } } };
    return {
      status: 200,
      json: {
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: 'fake-model',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      },
    };
  });
}
