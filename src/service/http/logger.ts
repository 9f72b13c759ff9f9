import type { FastifyRequest } from 'fastify';

// Tokens can travel in query strings (viewer and CDP URLs); they never reach the log.
const secretQuery = /([?&](?:token|key|api_key|state)=)[^&]*/gi;

export function redactUrl(url: string): string {
  return url.replace(secretQuery, '$1[redacted]');
}

export function loggerOptions(level: string) {
  return {
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
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        ip: request.ip,
      }),
    },
  };
}
