import type { Store } from '../store/database';
import type { ProfileTable } from '../store/schema';

export class ProfilesRepository {
  constructor(private readonly db: Store) {}

  async insert(profile: ProfileTable): Promise<void> {
    await this.db.insertInto('profiles').values(profile).execute();
  }

  find(accountId: string, profileId: string): Promise<ProfileTable | undefined> {
    return this.db
      .selectFrom('profiles')
      .selectAll()
      .where('id', '=', profileId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  /** One page, newest first; fetches one row more than asked so the caller knows whether a next page exists. */
  listPage(accountId: string, offset: number, limit: number): Promise<ProfileTable[]> {
    return this.db
      .selectFrom('profiles')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  /** Returns false when the account has no such profile. */
  async updateState(accountId: string, profileId: string, stateJson: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('profiles')
      .set({ state_json: stateJson, updated_at: at })
      .where('id', '=', profileId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Returns false when the account has no such profile. */
  async delete(accountId: string, profileId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('profiles')
      .where('id', '=', profileId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
