import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherAccountKey } from '../support/other-account';
import { disposeTestService, startTestService, type TestService } from '../support/test-service';

describe('browser profiles over HTTP', () => {
  let service: TestService;
  let otherKey: string;
  beforeAll(async () => {
    service = await startTestService();
    otherKey = await createOtherAccountKey(service, 'profiles-other@example.org');
  });
  afterAll(() => disposeTestService(service));

  it('creates an empty profile, gets it, lists it and deletes it', async () => {
    const created = await service.call('/profiles/create', { method: 'POST', json: { name: 'shop login' } });
    expect(created.status).toBe(200);
    const profile = await created.json();
    expect(profile).toMatchObject({
      profile_id: expect.any(String),
      name: 'shop login',
      cookie_count: 0,
      cookie_domains: [],
      origins: [],
    });
    expect(profile.created_at).toBe(profile.updated_at);

    const fetched = await service.call(`/profiles/${profile.profile_id}`);
    expect(await fetched.json()).toEqual(profile);

    const listed = await (await service.call('/profiles')).json();
    expect(listed).toMatchObject({ page: 1, page_size: 10, has_previous: false });
    expect(listed.items.map((item: { profile_id: string }) => item.profile_id)).toContain(profile.profile_id);

    const deleted = await service.call(`/profiles/${profile.profile_id}`, { method: 'DELETE' });
    expect(await deleted.json()).toMatchObject({ success: true });
    const gone = await service.call(`/profiles/${profile.profile_id}`);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ code: 'profile_not_found', message: 'Profile not found' });
    expect((await service.call(`/profiles/${profile.profile_id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('creates a profile without a body, named null', async () => {
    const created = await service.call('/profiles/create', { method: 'POST' });
    expect(created.status).toBe(200);
    expect(await created.json()).toMatchObject({ name: null, cookie_count: 0 });
  });

  it('pages through profiles newest first', async () => {
    const asPager = {
      headers: { authorization: `Bearer ${await createOtherAccountKey(service, 'pager@example.org')}` },
    };
    const names = ['p-a', 'p-b', 'p-c'];
    for (const name of names)
      await service.call('/profiles/create', { ...asPager, method: 'POST', json: { name } });
    const first = await (await service.call('/profiles?page=1&page_size=2', asPager)).json();
    expect(first).toMatchObject({ page: 1, page_size: 2, has_next: true, has_previous: false });
    const second = await (await service.call('/profiles?page=2&page_size=2', asPager)).json();
    expect(second).toMatchObject({ page: 2, has_next: false, has_previous: true });
    const items: { name: string; created_at: string }[] = [...first.items, ...second.items];
    expect(items.map((item) => item.name).sort()).toEqual(names);
    const createdAt = items.map((item) => item.created_at);
    expect(createdAt).toEqual([...createdAt].sort().reverse());
  });

  it('rejects unknown fields and bad paging with a 422 naming the field', async () => {
    const extra = await service.call('/profiles/create', {
      method: 'POST',
      json: { name: 'x', cookies: [] },
    });
    expect(extra.status).toBe(422);
    expect((await extra.json()).detail).toEqual([expect.objectContaining({ loc: ['body', 'cookies'] })]);
    expect((await service.call('/profiles?page_size=500')).status).toBe(422);
  });

  it("keeps one account's profiles invisible to another (404, not listed)", async () => {
    const mine = await (
      await service.call('/profiles/create', { method: 'POST', json: { name: 'private' } })
    ).json();
    const asOther = { headers: { authorization: `Bearer ${otherKey}` } };
    expect((await service.call(`/profiles/${mine.profile_id}`, asOther)).status).toBe(404);
    expect(
      (await service.call(`/profiles/${mine.profile_id}`, { ...asOther, method: 'DELETE' })).status,
    ).toBe(404);
    const theirList = await (await service.call('/profiles', asOther)).json();
    expect(theirList.items).toEqual([]);
    expect((await service.call(`/profiles/${mine.profile_id}`)).status).toBe(200);
  });
});
