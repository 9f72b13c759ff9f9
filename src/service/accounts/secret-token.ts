import { createHash, randomBytes } from 'node:crypto';

/** A new high-entropy secret, e.g. `svc_…` for API keys. */
export function newSecretToken(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/** Secrets are stored only as this hash; their entropy makes a slow hash unnecessary. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
