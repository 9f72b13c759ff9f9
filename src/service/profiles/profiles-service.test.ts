import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors';
import { openStore, type Store } from '../store/database';
import type { ProfileState } from './profile-state';
import { ProfilesRepository } from './profiles-repository';
import { ProfilesService } from './profiles-service';

const state: ProfileState = {
  cookies: [
    {
      name: 'sid',
      value: 'secret-cookie-value',
      domain: '127.0.0.1',
      path: '/',
      expires: -1,
      httpOnly: true,
      secure: false,
      sameSite: 'Lax',
    },
  ],
  origins: [
    {
      origin: 'http://127.0.0.1:4000',
      localStorage: [{ name: 'theme', value: 'dark' }],
      sessionStorage: [{ name: 'tab', value: '2' }],
    },
  ],
};

describe('ProfilesService state', () => {
  let dataDir: string;
  let store: Store;
  let profiles: ProfilesService;
  let accountA: string;
  let accountB: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'svc-profiles-'));
    store = await openStore(dataDir);
    [accountA, accountB] = ['account-a', 'account-b'];
    for (const id of [accountA, accountB]) {
      await store
        .insertInto('accounts')
        .values({ id, email: null, password_hash: null, is_owner: 0, created_at: new Date().toISOString() })
        .execute();
    }
    profiles = new ProfilesService(new ProfilesRepository(store));
  });
  afterAll(async () => {
    await store.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts empty, saves state, loads it back and summarises it without values', async () => {
    const profile = await profiles.create(accountA, 'login');
    expect(await profiles.loadState(accountA, profile.profile_id)).toEqual({ cookies: [], origins: [] });

    await profiles.saveState(accountA, profile.profile_id, state);
    expect(await profiles.loadState(accountA, profile.profile_id)).toEqual(state);

    const summary = await profiles.get(accountA, profile.profile_id);
    expect(summary).toMatchObject({
      cookie_count: 1,
      cookie_domains: ['127.0.0.1'],
      origins: ['http://127.0.0.1:4000'],
    });
    expect(summary.updated_at >= summary.created_at).toBe(true);
    expect(JSON.stringify(summary)).not.toContain('secret-cookie-value');
  });

  it("answers profile_not_found for another account's profile, on load and on save", async () => {
    const profile = await profiles.create(accountA);
    const load = profiles.loadState(accountB, profile.profile_id);
    await expect(load).rejects.toBeInstanceOf(AppError);
    await expect(load).rejects.toMatchObject({ code: 'profile_not_found', status: 404 });
    await expect(profiles.saveState(accountB, profile.profile_id, state)).rejects.toMatchObject({
      code: 'profile_not_found',
    });
    expect(await profiles.loadState(accountA, profile.profile_id)).toEqual({ cookies: [], origins: [] });
  });

  it('refuses to save into a deleted profile', async () => {
    const profile = await profiles.create(accountA);
    await profiles.delete(accountA, profile.profile_id);
    await expect(profiles.saveState(accountA, profile.profile_id, state)).rejects.toMatchObject({
      code: 'profile_not_found',
    });
  });
});
