import { accountOperations } from './accounts';
import { apiKeyOperations } from './api-keys';
import type { Operation } from './contract';
import { healthOperations } from './health';

/** Every operation of the HTTP API; the OpenAPI document and the SDK are built from this. */
export const operations = {
  ...healthOperations,
  ...accountOperations,
  ...apiKeyOperations,
} as const satisfies Record<string, Operation>;
