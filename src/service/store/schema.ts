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

export interface ProfileTable {
  id: string;
  account_id: string;
  name: string | null;
  /** A ProfileState (src/service/profiles/profile-state.ts) as JSON. */
  state_json: string;
  created_at: string;
  updated_at: string;
}

export interface SessionTable {
  id: string;
  account_id: string;
  status: string;
  end_reason: string | null;
  error: string | null;
  /** The start options as given (SessionStartOptions), secrets of external proxies removed. */
  options_json: string;
  idle_timeout_minutes: number;
  max_duration_minutes: number;
  network_request_bytes: number;
  network_response_bytes: number;
  /** NetworkEntry[] as JSON, written when the session ends. */
  network_log_json: string | null;
  created_at: string;
  last_accessed_at: string;
  closed_at: string | null;
}

export interface SessionStepTable {
  session_id: string;
  seq: number;
  /** A RecordedStep as JSON. */
  step_json: string;
}

export interface Database {
  accounts: AccountTable;
  api_keys: ApiKeyTable;
  console_sessions: ConsoleSessionTable;
  sessions: SessionTable;
  session_steps: SessionStepTable;
  profiles: ProfileTable;
}
