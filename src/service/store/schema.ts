
/** Row types of every table. Timestamps are ISO-8601 text and ids are text, so the SQL stays portable. */

export interface AccountTable {
  id: string;
  email: string | null;
  password_hash: string | null;
  is_owner: number;
  created_at: string;
}

export interface ApiKeyTable {
  id: string;
  account_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface ConsoleSessionTable {
  token_hash: string;
  account_id: string;
  csrf_token: string;
  created_at: string;
  expires_at: string;
}

export interface Database {
  accounts: AccountTable;
  api_keys: ApiKeyTable;
  console_sessions: ConsoleSessionTable;
}

