import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchUserBrowser, type UserBrowser } from '../support/user-browser';
import { disposeTestService, startTestService, type TestService } from '../support/test-service';
import { cliHome, ensureCliBuilt, runCli, type CliRun } from './cli-harness';
import { startKeychainSession, type KeychainSession } from './keychain-session';

const email = 'ada@example.org';
const password = 'correct horse battery';
const binary = resolve(import.meta.dirname, '../../bin/svc');

let service: TestService;
let browser: Browser;
let userBrowser: UserBrowser;

beforeAll(async () => {
  ensureCliBuilt();
  service = await startTestService();
  const signup = await service.call('/auth/signup', {
    method: 'POST',
    json: { email, password },
    headers: { authorization: '' },
  });
  expect(signup.status).toBe(201);
  userBrowser = await launchUserBrowser();
  browser = userBrowser.browser;
});
afterAll(async () => {
  await userBrowser?.close();
  await disposeTestService(service);
});

/** Runs `svc auth login --no-browser`, and does in a real browser what the user does with the printed URL. */
async function loginThroughBrowser(
  env: Record<string, string>,
  decision: 'Authorize' | 'Deny' = 'Authorize',
): Promise<CliRun> {
  const child = spawn(process.execPath, [binary, 'auth', 'login', '--no-browser'], {
    env: { NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const url = await new Promise<string>((resolveUrl) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const match = stdout.match(/^(http\S+\/cli-login\?\S+)$/m);
      if (match) resolveUrl(match[1]);
    });
  });
  const exited = new Promise<number>((resolveExit) => child.on('close', (code) => resolveExit(code ?? -1)));
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: decision }).click();
    const expected = decision === 'Authorize' ? 'The svc CLI is signed in' : 'Authorization denied';
    await page.getByRole('heading', { name: expected }).waitFor();
    expect(page.url()).not.toContain('key=');
  } finally {
    await context.close();
  }
  const code = await exited;
  return { code, stdout, stderr };
}

function sharedChecks(run: CliRun, storedIn: string) {
  expect(run.code).toBe(0);
  expect(run.stdout).toContain(`Signed in to ${service.url} as ${email}`);
  expect(run.stdout).toContain(`stored in the ${storedIn}`);
}

describe('svc auth login', () => {
  const homes: { dispose(): void }[] = [];
  afterAll(() => homes.forEach((home) => home.dispose()));
  /** A fresh CLI home, and the environment that points the CLI at it and at the service (no API key). */
  const newCliHome = () => {
    const home = cliHome();
    homes.push(home);
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: home.home,
      SVC_CONFIG_DIR: home.configDir,
      SVC_API_URL: service.url,
    };
    return { home, env };
  };

  it('stores the new key in a 0600 file, with a warning, when no keychain answers', async () => {
    const { home, env } = newCliHome();
    const run = await loginThroughBrowser(env);
    sharedChecks(run, 'file');
    expect(run.stderr).toContain('not encrypted');
    expect(statSync(join(home.configDir, 'credentials.json')).mode & 0o777).toBe(0o600);

    const status = await runCli(['auth', 'status', '-o', 'json'], env);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({
      authenticated: true,
      source: 'file',
      account: email,
      api_url: service.url,
    });
    expect((await runCli(['sessions', 'list'], env)).code).toBe(0);

    expect((await runCli(['auth', 'logout', '-y'], env)).code).toBe(0);
    expect((await runCli(['auth', 'status'], env)).code).toBe(1);
  });

  it('gives no key when the user denies', async () => {
    const { env } = newCliHome();
    const run = await loginThroughBrowser(env, 'Deny');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('denied');
    expect((await runCli(['auth', 'status'], env)).code).toBe(1);
  });

  describe('with an OS keychain', () => {
    let keychain: KeychainSession | string;
    const home = cliHome();
    beforeAll(async () => {
      keychain = await startKeychainSession(home.home);
      if (typeof keychain === 'string') console.warn(`skipping the keychain test: ${keychain}`);
    });
    afterAll(() => {
      if (typeof keychain !== 'string') keychain.stop();
      home.dispose();
    });

    it('stores the key in the keychain and reads it back from there', async ({ skip }) => {
      if (typeof keychain === 'string') return skip(`no keychain: ${keychain}`);
      const env = { ...keychain.env, SVC_CONFIG_DIR: home.configDir, SVC_API_URL: service.url };
      sharedChecks(await loginThroughBrowser(env), 'keychain');
      const status = await runCli(['auth', 'status', '-o', 'json'], env);
      expect(JSON.parse(status.stdout)).toMatchObject({ authenticated: true, source: 'keychain' });
      expect(() => statSync(join(home.configDir, 'credentials.json'))).toThrow();
    });
  });
});
