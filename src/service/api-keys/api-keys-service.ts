import type { ApiKey } from '../../shared/api-keys';
import { AppError } from '../../shared/errors';
import { hashToken, newSecretToken } from '../accounts/secret-token';
import { newId, nowIso } from '../store/ids';
import type { ApiKeyTable } from '../store/schema';
import type { ApiKeysRepository } from './api-keys-repository';

export interface KeyPrincipal {
  accountId: string;
  keyId: string;
}

const keyPrefix = 'svc_';
const prefixLength = 12;
// Every request authenticates; a short cache keeps that off the database. Revocation evicts at once.
const cacheTtlMs = 30_000;
const touchEveryMs = 60_000;

interface CachedKey extends KeyPrincipal {
  expiresAt: number;
  touchedAt: number;
}

export class ApiKeysService {
  private readonly cache = new Map<string, CachedKey>();

  constructor(private readonly keys: ApiKeysRepository) {}

  async create(
    accountId: string,
    name: string,
    secret = newSecretToken(keyPrefix),
  ): Promise<ApiKey & { key: string }> {
    const row: ApiKeyTable = {
      id: newId(),
      account_id: accountId,
      name,
      prefix: secret.slice(0, prefixLength),
      key_hash: hashToken(secret),
      created_at: nowIso(),
      last_used_at: null,
      revoked_at: null,
    };
    await this.keys.insert(row);
    return { ...toApiKey(row), key: secret };
  }

  async list(accountId: string): Promise<ApiKey[]> {
    return (await this.keys.listActive(accountId)).map(toApiKey);
  }

  async revoke(accountId: string, keyId: string): Promise<void> {
    const keyHash = await this.keys.revoke(accountId, keyId, nowIso());
    if (!keyHash) throw new AppError('not_found', 'API key not found', `No API key ${keyId} in this account`);
    this.cache.delete(keyHash);
  }

  /** The account and key a presented secret belongs to, or undefined when it is unknown or revoked. */
  async authenticate(secret: string): Promise<KeyPrincipal | undefined> {
    const keyHash = hashToken(secret);
    const now = Date.now();
    const cached = this.cache.get(keyHash);
    if (cached && cached.expiresAt > now) {
      this.touchLater(cached, now);
      return cached;
    }
    const row = await this.keys.findActiveByHash(keyHash);
    if (!row) {
      this.cache.delete(keyHash);
      return undefined;
    }
    const entry = { accountId: row.account_id, keyId: row.id, expiresAt: now + cacheTtlMs, touchedAt: 0 };
    this.cache.set(keyHash, entry);
    this.touchLater(entry, now);
    return entry;
  }

  private touchLater(entry: CachedKey, now: number): void {
    if (now - entry.touchedAt < touchEveryMs) return;
    entry.touchedAt = now;
    void this.keys.touch(entry.keyId, new Date(now).toISOString()).catch(() => undefined);
  }
}

function toApiKey(row: ApiKeyTable): ApiKey {
  return {
    key_id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
  };
}
