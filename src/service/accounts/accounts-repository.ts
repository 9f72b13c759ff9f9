import type { Store } from '../store/database';
import type { AccountTable, ConsoleSessionTable } from '../store/schema';

export class AccountsRepository {
  constructor(private readonly db: Store) {}

  findOwner(): Promise<AccountTable | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('is_owner', '=', 1).executeTakeFirst();
  }

  findById(id: string): Promise<AccountTable | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string): Promise<AccountTable | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst();
  }

  async insert(account: AccountTable): Promise<void> {
    await this.db.insertInto('accounts').values(account).execute();
  }

  async updateLogin(id: string, email: string, passwordHash: string): Promise<void> {
    await this.db
      .updateTable('accounts')
      .set({ email, password_hash: passwordHash })
      .where('id', '=', id)
      .execute();
  }

  async insertConsoleSession(session: ConsoleSessionTable): Promise<void> {
    await this.db.insertInto('console_sessions').values(session).execute();
  }

  findConsoleSession(tokenHash: string, now: string): Promise<ConsoleSessionTable | undefined> {
    return this.db
      .selectFrom('console_sessions')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  async deleteConsoleSession(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('console_sessions').where('token_hash', '=', tokenHash).execute();
  }
}
