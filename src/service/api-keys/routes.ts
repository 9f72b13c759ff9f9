import type { FastifyInstance } from 'fastify';
import { apiKeyOperations } from '../../shared/api-keys';
import { addRoute } from '../http/route';
import type { ApiKeysService } from './api-keys-service';

export function registerApiKeyRoutes(app: FastifyInstance, apiKeys: ApiKeysService): void {
  addRoute(app, apiKeyOperations.createApiKey, async ({ principal, body }) =>
    apiKeys.create(principal.accountId, body.name),
  );
  addRoute(app, apiKeyOperations.listApiKeys, async ({ principal }) => ({
    items: await apiKeys.list(principal.accountId),
  }));
  addRoute(app, apiKeyOperations.deleteApiKey, async ({ principal, params }) => {
    await apiKeys.revoke(principal.accountId, params.key_id);
    return { success: true, message: `API key ${params.key_id} revoked` };
  });
}
