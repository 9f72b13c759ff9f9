import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ServiceContext } from './service-context';

/**
 * On a fresh data dir: create the owner account and its first API key, either the operator's
 * SVC_BOOTSTRAP_API_KEY or a generated one written to `<data-dir>/bootstrap-key` (0600).
 */
export async function bootstrapOwner(context: ServiceContext, log: FastifyBaseLogger): Promise<void> {
  const { account, isNew } = await context.accounts.ensureOwner();
  if (!isNew) return;
  const preset = context.settings.SVC_BOOTSTRAP_API_KEY;
  const created = await context.apiKeys.create(account.id, 'bootstrap', preset);
  if (preset) {
    log.info('owner account created; SVC_BOOTSTRAP_API_KEY is its API key');
    return;
  }
  const path = join(context.settings.SVC_DATA_DIR, 'bootstrap-key');
  writeFileSync(path, `${created.key}\n`, { mode: 0o600 });
  log.info({ path }, 'owner account created; its API key is in the bootstrap-key file');
}
