import { z } from 'zod';
import { defineOperation } from './contract';
import { timestamp } from './common';

export const apiKeySchema = z.object({
  key_id: z.string(),
  name: z.string(),
  prefix: z.string().describe('The first characters of the key, to recognise it by'),
  created_at: timestamp,
  last_used_at: timestamp.nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createdApiKeySchema = apiKeySchema.extend({
  key: z.string().describe('The secret; shown only in this response'),
});

export const apiKeyOperations = {
  createApiKey: defineOperation({
    id: 'createApiKey',
    method: 'POST',
    path: '/api-keys',
    summary: 'Create an API key; the secret is returned once',
    tag: 'api-keys',
    auth: 'key',
    body: z.strictObject({ name: z.string().trim().min(1).max(100) }),
    response: createdApiKeySchema,
    successStatus: 201,
  }),
  listApiKeys: defineOperation({
    id: 'listApiKeys',
    method: 'GET',
    path: '/api-keys',
    summary: 'The API keys of the account (never their secrets)',
    tag: 'api-keys',
    auth: 'key',
    response: z.object({ items: z.array(apiKeySchema) }),
  }),
  deleteApiKey: defineOperation({
    id: 'deleteApiKey',
    method: 'DELETE',
    path: '/api-keys/{key_id}',
    summary: 'Revoke an API key at once',
    tag: 'api-keys',
    auth: 'key',
    params: z.strictObject({ key_id: z.string() }),
    response: z.object({ success: z.boolean(), message: z.string() }),
  }),
} as const;
