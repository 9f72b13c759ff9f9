import { accountOperations } from './accounts';
import { apiKeyOperations } from './api-keys';
import type { Operation } from './contract';
import { healthOperations } from './health';
import { pageOperations } from './page';
import { fileOperations } from './files';
import { profileOperations } from './profiles';
import { sessionOperations } from './sessions';

/** Every operation of the HTTP API; the OpenAPI document and the SDK are built from this. */
export const operations = {
  ...healthOperations,
  ...accountOperations,
  ...apiKeyOperations,
  ...sessionOperations,
  ...pageOperations,
  ...profileOperations,
  ...fileOperations,
} as const satisfies Record<string, Operation>;
