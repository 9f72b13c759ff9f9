import { z } from 'zod';
import type { Operation } from '../../shared/contract';
import { errorBodySchema } from '../../shared/errors';
import { operations } from '../../shared/operations';
import { productVersion } from '../version';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as JsonSchema;

function parametersOf(operation: Operation): JsonSchema[] {
  const from = (schema: z.ZodType | undefined, where: 'path' | 'query') => {
    if (!schema) return [];
    const json = toSchema(schema, 'input') as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    return Object.entries(json.properties ?? {}).map(([name, property]) => ({
      name,
      in: where,
      required: where === 'path' || (json.required ?? []).includes(name),
      schema: property,
    }));
  };
  return [...from(operation.params, 'path'), ...from(operation.query, 'query')];
}

function responsesOf(operation: Operation): JsonSchema {
  const success = operation.response
    ? { content: { 'application/json': { schema: toSchema(operation.response, 'output') } } }
    : { content: { [operation.produces ?? 'application/octet-stream']: {} } };
  const error = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  return {
    [String(operation.successStatus ?? 200)]: { description: 'Success', ...success },
    default: { description: 'Error: `{message, detail}`', ...error },
  };
}

function describeOperation(operation: Operation): JsonSchema {
  return {
    operationId: operation.id,
    summary: operation.summary,
    tags: [operation.tag],
    security: operation.auth === 'key' ? [{ bearer: [] }, { apiKeyHeader: [] }, { cookie: [] }] : [],
    parameters: parametersOf(operation),
    ...(operation.body && {
      requestBody: { content: { 'application/json': { schema: toSchema(operation.body, 'input') } } },
    }),
    responses: responsesOf(operation),
  };
}

/** The OpenAPI 3 document of every operation in the contract. */
export function buildOpenApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const operation of Object.values(operations) as Operation[]) {
    paths[operation.path] ??= {};
    paths[operation.path][operation.method.toLowerCase()] = describeOperation(operation);
  }
  return {
    openapi: '3.0.3',
    info: { title: 'svc API', version: productVersion, description: 'Self-hostable browser automation.' },
    // Relative, so the document is right wherever the service is reached.
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: { Error: toSchema(errorBodySchema, 'output') },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Svc-Api-Key' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'svc_session' },
      },
    },
  };
}
