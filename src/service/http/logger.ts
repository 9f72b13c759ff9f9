import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import pino from 'pino';

// Tokens can travel in query strings (viewer and CDP URLs); they never reach the log.
const secretQuery = /([?&](?:token|key|api_key|state)=)[^&]*/gi;

export function redactUrl(url: string): string {
  return url.replace(secretQuery, '$1[redacted]');
}

/** JSON to stdout, written asynchronously (flushed on exit) so logging does not stall requests. */
export function createLogger(level: string): FastifyBaseLogger {
  return pino(
    {
      level,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["x-svc-api-key"]',
          'req.headers["x-csrf-token"]',
          'res.headers["set-cookie"]',
          '*.password',
          '*.key',
          '*.api_key',
          '*.secret',
        ],
        censor: '[redacted]',
      },
    },
    pino.destination({ sync: false }),
  );
}

export async function logCompletedRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  request.log.info(
    {
      req: { method: request.method, url: redactUrl(request.url), ip: request.ip },
      res: { statusCode: reply.statusCode },
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    },
    'request completed',
  );
}
