import { accountOperations } from './accounts';
import { apiKeyOperations } from './api-keys';
import type { Operation } from './contract';
import { debugOperations } from './debug';
import { healthOperations } from './health';
import { pageOperations } from './page';
import { fileOperations } from './files';
import { profileOperations } from './profiles';
import { replayOperations } from './replay';
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
  ...replayOperations,
  ...debugOperations,
} as const satisfies Record<string, Operation>;
