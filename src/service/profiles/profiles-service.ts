import type { Page } from '../../shared/common';
import { AppError } from '../../shared/errors';
import type { Profile } from '../../shared/profiles';
import { newId, nowIso } from '../store/ids';
import type { ProfileTable } from '../store/schema';
import { emptyProfileState, type ProfileState } from './profile-state';
import type { ProfilesRepository } from './profiles-repository';

/**
 * Browser profiles of an account. The sessions domain calls `loadState` when a session starts with a
 * profile and `saveState` when it closes with `persist`.
 */
export class ProfilesService {
  constructor(private readonly profiles: ProfilesRepository) {}

  async create(accountId: string, name?: string): Promise<Profile> {
    const at = nowIso();
    const row: ProfileTable = {
      id: newId(),
      account_id: accountId,
      name: name ?? null,
      state_json: JSON.stringify(emptyProfileState()),
      created_at: at,
      updated_at: at,
    };
    await this.profiles.insert(row);
    return toProfile(row);
  }

  async list(accountId: string, page: number, pageSize: number): Promise<Page<Profile>> {
    const rows = await this.profiles.listPage(accountId, (page - 1) * pageSize, pageSize + 1);
    return {
      items: rows.slice(0, pageSize).map(toProfile),
      page,
      page_size: pageSize,
      has_next: rows.length > pageSize,
      has_previous: page > 1,
    };
  }

  async get(accountId: string, profileId: string): Promise<Profile> {
    return toProfile(await this.findRow(accountId, profileId));
  }

  async delete(accountId: string, profileId: string): Promise<void> {
    if (!(await this.profiles.delete(accountId, profileId))) throw profileNotFound(profileId);
  }

  /** The stored browser state; 404 `profile_not_found` for a missing profile or another account's. */
  async loadState(accountId: string, profileId: string): Promise<ProfileState> {
    return JSON.parse((await this.findRow(accountId, profileId)).state_json) as ProfileState;
  }

  /** Replaces the stored browser state; 404 `profile_not_found` if the profile is gone (deleted meanwhile). */
  async saveState(accountId: string, profileId: string, state: ProfileState): Promise<void> {
    const isSaved = await this.profiles.updateState(accountId, profileId, JSON.stringify(state), nowIso());
    if (!isSaved) throw profileNotFound(profileId);
  }

  private async findRow(accountId: string, profileId: string): Promise<ProfileTable> {
    const row = await this.profiles.find(accountId, profileId);
    if (!row) throw profileNotFound(profileId);
    return row;
  }
}

function profileNotFound(profileId: string): AppError {
  return new AppError('profile_not_found', 'Profile not found', `No profile ${profileId} in this account`);
}

function toProfile(row: ProfileTable): Profile {
  const state = JSON.parse(row.state_json) as ProfileState;
  return {
    profile_id: row.id,
    name: row.name,
    created_at: row.created_at,
    updated_at: row.updated_at,
    cookie_count: state.cookies.length,
    cookie_domains: [...new Set(state.cookies.map((cookie) => cookie.domain))].sort(),
    origins: state.origins.map((entry) => entry.origin).sort(),
  };
}
