import type { TestService } from './test-service';

/** Signs up a second console account on the service and returns an API key of it. */
export async function createOtherAccountKey(service: TestService, email: string): Promise<string> {
  const signup = await fetch(`${service.url}/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery' }),
  });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${await signup.text()}`);
  const cookie = (signup.headers.get('set-cookie') ?? '').split(';')[0];
  const { csrf_token: csrf } = (await signup.json()) as { csrf_token: string };
  const created = await fetch(`${service.url}/api-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf },
    body: JSON.stringify({ name: 'other' }),
  });
  if (created.status !== 201)
    throw new Error(`key creation failed: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { key: string }).key;
}
