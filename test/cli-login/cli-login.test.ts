import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disposeTestService, startTestService, type TestService } from '../support/test-service';

let service: TestService;
const email = 'grace@example.org';
const password = 'a long enough password';
const loginQuery = { port: '43123', state: 'state_0123456789abcdef', name: 'laptop' };

beforeAll(async () => {
  service = await startTestService();
  await service.call('/auth/signup', {
    method: 'POST',
    json: { email, password },
    headers: { authorization: '' },
  });
});
afterAll(() => disposeTestService(service));

const form = (fields: Record<string, string>, cookie = '') => ({
  method: 'POST',
  redirect: 'manual' as const,
  headers: {
    authorization: '',
    'content-type': 'application/x-www-form-urlencoded',
    ...(cookie ? { cookie } : {}),
  },
  body: new URLSearchParams(fields).toString(),
});

async function signedInCookie(): Promise<string> {
  const response = await service.call('/cli-login/sign-in', form({ ...loginQuery, email, password }));
  expect(response.status).toBe(303);
  return response.headers.get('set-cookie')!.split(';')[0];
}

describe('/cli-login', () => {
  it('asks for the console sign-in, in a page that cannot be framed', async () => {
    const response = await service.call(`/cli-login?${new URLSearchParams(loginQuery)}`, {
      headers: { authorization: '' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await response.text()).toContain('Sign in to authorize the svc CLI');
  });

  it('refuses a link without a valid port, state or name', async () => {
    for (const query of [
      { ...loginQuery, port: '80' },
      { ...loginQuery, state: 'short' },
      { port: '43123' },
    ]) {
      const response = await service.call(`/cli-login?${new URLSearchParams(query)}`, {
        headers: { authorization: '' },
      });
      expect(response.status).toBe(400);
    }
  });

  it('shows the sign-in form again on a wrong password', async () => {
    const response = await service.call(
      '/cli-login/sign-in',
      form({ ...loginQuery, email, password: 'wrong password!!' }),
    );
    expect(response.status).toBe(401);
    expect(await response.text()).toContain('Wrong e-mail or password');
  });

  it('authorizes with the CSRF token of the page, and hands the key only to the loopback callback', async () => {
    const cookie = await signedInCookie();
    const page = await service.call(`/cli-login?${new URLSearchParams(loginQuery)}`, {
      headers: { authorization: '', cookie },
    });
    const html = await page.text();
    expect(html).toContain('<strong>svc CLI on laptop</strong>');
    const csrf = html.match(/name="csrf_token" value="([^"]+)"/)![1];

    const forged = await service.call(
      '/cli-login/authorize',
      form({ ...loginQuery, csrf_token: 'forged', decision: 'authorize' }, cookie),
    );
    expect(forged.status).toBe(403);

    const authorized = await service.call(
      '/cli-login/authorize',
      form({ ...loginQuery, csrf_token: csrf, decision: 'authorize' }, cookie),
    );
    expect(authorized.status).toBe(303);
    const location = new URL(authorized.headers.get('location')!);
    expect(`${location.protocol}//${location.host}${location.pathname}`).toBe(
      'http://127.0.0.1:43123/callback',
    );
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('state')).toBe(loginQuery.state);
    const key = fragment.get('key')!;
    const account = await service.call('/account', { headers: { authorization: `Bearer ${key}` } });
    expect(((await account.json()) as { email: string }).email).toBe(email);
    const keys = await service.call('/api-keys', { headers: { authorization: `Bearer ${key}` } });
    expect(((await keys.json()) as { items: { name: string }[] }).items.map((item) => item.name)).toContain(
      'svc CLI on laptop',
    );
  });
});
