import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { BodyOf, Operation, ParamsOf, QueryOf, ResponseOf } from '../../shared/contract';
import { AppError, toValidationIssues } from '../../shared/errors';
import { requirePrincipal, type Principal } from './principal';

export interface RouteInput<T extends Operation> {
  params: ParamsOf<T>;
  query: QueryOf<T>;
  body: BodyOf<T>;
  /** Set for `auth: 'key'` operations; undefined on public ones. */
  principal: T['auth'] extends 'key' ? Principal : Principal | undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** JSON operations return their response object; others (images, files) send through `reply` themselves. */
export type RouteHandler<T extends Operation> = (
  input: RouteInput<T>,
) => Promise<T['response'] extends z.ZodType ? ResponseOf<T> : unknown>;

const toFastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

function parse(schema: z.ZodType | undefined, value: unknown, source: 'body' | 'query' | 'path'): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new AppError(
    'validation_failed',
    'Validation error',
    toValidationIssues(result.error.issues, source),
  );
}

/** Binds one contract operation to its handler: auth, input validation and success status in one place. */
export function addRoute<T extends Operation>(
  app: FastifyInstance,
  operation: T,
  handler: RouteHandler<T>,
): void {
  app.route({
    method: operation.method,
    url: toFastifyPath(operation.path),
    handler: async (request, reply) => {
      const principal = operation.auth === 'key' ? requirePrincipal(request) : request.principal;
      const input = {
        params: parse(operation.params, request.params, 'path'),
        query: parse(operation.query, request.query, 'query'),
        // Clients omit the body when every field is optional.
        body: parse(operation.body, request.body ?? {}, 'body'),
        principal,
        request,
        reply,
      } as RouteInput<T>;
      const result = await handler(input);
      if (operation.response) reply.code(operation.successStatus ?? 200);
      return result;
    },
  });
}
