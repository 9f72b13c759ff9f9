import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument } from './openapi-document';
import { renderReferencePage } from './reference-page';

export function registerReferenceRoutes(app: FastifyInstance): void {
  const document = buildOpenApiDocument();
  const page = renderReferencePage(document as unknown as Parameters<typeof renderReferencePage>[0]);
  app.get('/openapi.json', async () => document);
  app.get('/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
}
