import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disposeTestService, startTestService, type TestService } from '../support/test-service';

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

async function signup(service: TestService, email: string) {
  const response = await fetch(`${service.url}/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery' }),
  });
  expect(response.status).toBe(201);
  const cookie = response.headers.get('set-cookie') ?? '';
  const account = await response.json();
  return { cookie: cookie.split(';')[0], csrf: account.csrf_token as string, account };
}

describe('API keys and accounts', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => disposeTestService(service));

  it('refuses a request with no key, a wrong key, and names the problem', async () => {
    const none = await fetch(`${service.url}/api-keys`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ message: 'Missing API key', detail: expect.any(String) });
    expect(none.headers.get('x-ratelimit-limit')).not.toBeNull();

    const wrong = await service.call('/api-keys', { headers: bearer('svc_not_a_real_key') });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ message: 'Invalid API key', code: 'unauthorized' });
  });

  it('accepts the X-Svc-Api-Key header as well as Bearer', async () => {
    const response = await fetch(`${service.url}/account`, { headers: { 'x-svc-api-key': service.apiKey } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ account_id: expect.any(String) });
  });

  it('creates a key shown once, lists it without the secret, and revokes it at once', async () => {
    const created = await service.call('/api-keys', { method: 'POST', json: { name: 'ci' } });
    expect(created.status).toBe(201);
    const key = await created.json();
    expect(key).toMatchObject({
      key_id: expect.any(String),
      name: 'ci',
      key: expect.stringMatching(/^svc_/),
    });
    expect(key.key.startsWith(key.prefix)).toBe(true);

    expect((await service.call('/account', { headers: bearer(key.key) })).status).toBe(200);

    const listed = await (await service.call('/api-keys')).json();
    const entry = listed.items.find((item: { key_id: string }) => item.key_id === key.key_id);
    expect(entry).toMatchObject({ name: 'ci', prefix: key.prefix });
    expect(JSON.stringify(listed)).not.toContain(key.key);

    expect((await service.call(`/api-keys/${key.key_id}`, { method: 'DELETE' })).status).toBe(200);
    const revoked = await service.call('/account', { headers: bearer(key.key) });
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toMatchObject({ message: 'Invalid API key' });
    expect((await service.call(`/api-keys/${key.key_id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('keeps two accounts apart: neither sees nor revokes the other’s keys', async () => {
    const alice = await signup(service, 'alice@example.org');
    const aliceKey = await (
      await fetch(`${service.url}/api-keys`, {
        method: 'POST',
        headers: { cookie: alice.cookie, 'x-csrf-token': alice.csrf, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'alice laptop' }),
      })
    ).json();

    const ownerKeys = await (await service.call('/api-keys')).json();
    expect(ownerKeys.items.map((item: { key_id: string }) => item.key_id)).not.toContain(aliceKey.key_id);
    const aliceKeys = await (await service.call('/api-keys', { headers: bearer(aliceKey.key) })).json();
    expect(aliceKeys.items).toHaveLength(1);

    const stolen = await service.call(`/api-keys/${aliceKey.key_id}`, { method: 'DELETE' });
    expect(stolen.status).toBe(404);
    expect((await service.call('/account', { headers: bearer(aliceKey.key) })).status).toBe(200);
  });

  it('signs console users in with a cookie and requires the CSRF token to change state', async () => {
    await signup(service, 'bob@example.org');
    const login = await fetch(`${service.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'BOB@example.org', password: 'correct horse battery' }),
    });
    expect(login.status).toBe(200);
    const setCookie = login.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    const cookie = setCookie.split(';')[0];
    const { csrf_token: csrf } = await login.json();

    const account = await fetch(`${service.url}/account`, { headers: { cookie } });
    expect(await account.json()).toMatchObject({ email: 'bob@example.org' });

    const withoutCsrf = await fetch(`${service.url}/api-keys`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x' }),
    });
    expect(withoutCsrf.status).toBe(403);
    expect(await withoutCsrf.json()).toMatchObject({ code: 'csrf_failed' });

    const logout = await fetch(`${service.url}/auth/logout`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrf },
    });
    expect(logout.status).toBe(200);
    expect((await fetch(`${service.url}/account`, { headers: { cookie } })).status).toBe(401);
  });

  it('lets the owner (created without a login) set one, then sign in to the console with it', async () => {
    const set = await service.call('/account/login', {
      method: 'PUT',
      json: { email: 'Owner@example.org', password: 'owner password 1' },
    });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ email: 'owner@example.org' });
    const login = await fetch(`${service.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@example.org', password: 'owner password 1' }),
    });
    expect(login.status).toBe(200);
    const owner = await (await service.call('/account')).json();
    expect((await login.json()).account_id).toBe(owner.account_id);

    await signup(service, 'dave@example.org');
    const taken = await service.call('/account/login', {
      method: 'PUT',
      json: { email: 'dave@example.org', password: 'owner password 2' },
    });
    expect(taken.status).toBe(409);
  });

  it('refuses a wrong password and a second signup with the same e-mail', async () => {
    await signup(service, 'carol@example.org');
    const wrong = await fetch(`${service.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'carol@example.org', password: 'not the password' }),
    });
    expect(wrong.status).toBe(401);
    const again = await fetch(`${service.url}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'carol@example.org', password: 'another long one' }),
    });
    expect(again.status).toBe(409);
  });
});
