import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../../shared/errors';

const fastifyCodes: Record<string, (error: FastifyError) => AppError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => new AppError('invalid_json', 'Malformed JSON body'),
  FST_ERR_CTP_EMPTY_JSON_BODY: () =>
    new AppError('invalid_json', 'Empty JSON body', 'Send a JSON body or omit the content-type header'),
  FST_ERR_CTP_BODY_TOO_LARGE: () => new AppError('payload_too_large', 'Request body too large'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: (error) =>
    new AppError('unsupported_media_type', 'Unsupported content type', error.message),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => new AppError('bad_request', 'Invalid content length'),
};

/** Any thrown value as the AppError a client is shown; unexpected ones become a generic 500. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const fastifyError = error as FastifyError;
  const known = fastifyError?.code ? fastifyCodes[fastifyError.code] : undefined;
  if (known) return known(fastifyError);
  if (error instanceof SyntaxError && fastifyError.statusCode === 400)
    return fastifyCodes.FST_ERR_CTP_INVALID_JSON_BODY(fastifyError);
  const status = fastifyError?.statusCode;
  if (status && status >= 400 && status < 500)
    return new AppError('bad_request', 'Bad request', fastifyError.message);
  return new AppError(
    'internal',
    'Internal server error',
    'An unexpected error occurred; it has been logged',
  );
}

export function setupErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    if (appError.retryAfterS !== undefined) reply.header('retry-after', String(appError.retryAfterS));
    return reply.code(appError.status).send(appError.toBody());
  });
  app.setNotFoundHandler((request, reply) => {
    const body = new AppError(
      'not_found',
      'Not found',
      `No route ${request.method} ${request.url.split('?')[0]}`,
    );
    return reply.code(404).send(body.toBody());
  });
}
