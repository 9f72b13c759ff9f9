import type { Migration } from 'kysely';
import * as accounts from './001-accounts';
import * as sessions from './002-sessions';
import * as profiles from './003-profiles';

/** Every migration, in order. Names sort as they apply; never rename or edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '001-accounts': accounts,
  '002-sessions': sessions,
  '003-profiles': profiles,
};
