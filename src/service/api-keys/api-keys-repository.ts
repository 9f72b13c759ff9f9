import type { Store } from '../store/database';
import type { ApiKeyTable } from '../store/schema';

export class ApiKeysRepository {
  constructor(private readonly db: Store) {}

  async insert(key: ApiKeyTable): Promise<void> {
    await this.db.insertInto('api_keys').values(key).execute();
  }

  listActive(accountId: string): Promise<ApiKeyTable[]> {
    return this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at')
      .execute();
  }

  findActiveByHash(keyHash: string): Promise<ApiKeyTable | undefined> {
    return this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('key_hash', '=', keyHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
  }

  /** Revokes a key of the account; returns its hash, or undefined when there was no such active key. */
  async revoke(accountId: string, keyId: string, at: string): Promise<string | undefined> {
    const row = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: at })
      .where('id', '=', keyId)
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .returning('key_hash')
      .executeTakeFirst();
    return row?.key_hash;
  }

  async touch(keyId: string, at: string): Promise<void> {
    await this.db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', keyId).execute();
  }
}
