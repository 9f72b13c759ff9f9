import type { Account } from '../../shared/accounts';
import { AppError } from '../../shared/errors';
import { newId, nowIso } from '../store/ids';
import type { AccountsRepository } from './accounts-repository';
import { hashPassword, isPasswordValid } from './password-hash';
import { hashToken, newSecretToken } from './secret-token';
import type { AccountTable } from '../store/schema';

const consoleSessionDays = 7;

export interface ConsoleLogin {
  account: Account;
  /** The cookie value; only its hash is stored. */
  sessionToken: string;
  expiresAt: Date;
}

export interface ConsolePrincipal {
  accountId: string;
  csrfToken: string;
  tokenHash: string;
}

export class AccountsService {
  constructor(private readonly accounts: AccountsRepository) {}

  /** The account that owns a fresh data dir; created on first start. */
  async ensureOwner(): Promise<{ account: AccountTable; isNew: boolean }> {
    const existing = await this.accounts.findOwner();
    if (existing) return { account: existing, isNew: false };
    const account = { id: newId(), email: null, password_hash: null, is_owner: 1, created_at: nowIso() };
    await this.accounts.insert(account);
    return { account, isNew: true };
  }

  async signup(email: string, password: string): Promise<ConsoleLogin> {
    const normalized = email.toLowerCase();
    if (await this.accounts.findByEmail(normalized)) {
      throw new AppError('email_taken', 'An account with this e-mail already exists');
    }
    const account = {
      id: newId(),
      email: normalized,
      password_hash: await hashPassword(password),
      is_owner: 0,
      created_at: nowIso(),
    };
    await this.accounts.insert(account);
    return this.openConsoleSession(account);
  }

  async setLogin(accountId: string, email: string, password: string): Promise<Account> {
    const normalized = email.toLowerCase();
    const holder = await this.accounts.findByEmail(normalized);
    if (holder && holder.id !== accountId) {
      throw new AppError('email_taken', 'An account with this e-mail already exists');
    }
    await this.accounts.updateLogin(accountId, normalized, await hashPassword(password));
    return this.getAccount(accountId);
  }

  async login(email: string, password: string): Promise<ConsoleLogin> {
    const account = await this.accounts.findByEmail(email.toLowerCase());
    const isValid = account?.password_hash ? await isPasswordValid(password, account.password_hash) : false;
    if (!account || !isValid) throw new AppError('unauthorized', 'Wrong e-mail or password');
    return this.openConsoleSession(account);
  }

  async logout(tokenHash: string): Promise<void> {
    await this.accounts.deleteConsoleSession(tokenHash);
  }

  async getAccount(accountId: string, csrfToken?: string): Promise<Account> {
    const account = await this.accounts.findById(accountId);
    if (!account) throw new AppError('not_found', 'Account not found');
    return toAccount(account, csrfToken);
  }

  async resolveConsoleSession(sessionToken: string): Promise<ConsolePrincipal | undefined> {
    const tokenHash = hashToken(sessionToken);
    const session = await this.accounts.findConsoleSession(tokenHash, nowIso());
    return session && { accountId: session.account_id, csrfToken: session.csrf_token, tokenHash };
  }

  private async openConsoleSession(account: AccountTable): Promise<ConsoleLogin> {
    const sessionToken = newSecretToken('');
    const csrfToken = newSecretToken('');
    const expiresAt = new Date(Date.now() + consoleSessionDays * 86_400_000);
    await this.accounts.insertConsoleSession({
      token_hash: hashToken(sessionToken),
      account_id: account.id,
      csrf_token: csrfToken,
      created_at: nowIso(),
      expires_at: expiresAt.toISOString(),
    });
    return { account: toAccount(account, csrfToken), sessionToken, expiresAt };
  }
}

function toAccount(account: AccountTable, csrfToken?: string): Account {
  return {
    account_id: account.id,
    email: account.email,
    created_at: account.created_at,
    csrf_token: csrfToken,
  };
}
