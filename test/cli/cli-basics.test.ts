import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disposeTestService, startTestService, type TestService } from '../support/test-service';
import { cliHome, ensureCliBuilt, runCli } from './cli-harness';

let service: TestService;
const home = cliHome();

beforeAll(async () => {
  ensureCliBuilt();
  service = await startTestService();
});
afterAll(async () => {
  await disposeTestService(service);
  home.dispose();
});

const baseEnv = () => ({ HOME: home.home, SVC_CONFIG_DIR: home.configDir, SVC_API_URL: service.url });

describe('svc without a session', () => {
  it('leads a new user from --help to the commands that start a session', async () => {
    const help = await runCli(['--help'], baseEnv());
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('svc auth login');
    expect(help.stdout).toContain('svc sessions start');
    const startHelp = await runCli(['sessions', 'start', '--help'], baseEnv());
    expect(startHelp.stdout).toContain('--viewport-width <px>');
    expect(startHelp.stdout).toContain('Example:');
  });

  it('says how to sign in when there is no key at all, and exits 1', async () => {
    const run = await runCli(['sessions', 'list'], baseEnv());
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('svc auth login');
    expect(run.stderr).toContain('SVC_API_KEY');
    const status = await runCli(['auth', 'status'], baseEnv());
    expect(status.code).toBe(1);
    expect(status.stderr).toContain('Not signed in');
  });

  it('reports an unknown key as 401 with a hint, exit 1', async () => {
    const run = await runCli(['sessions', 'list'], {
      ...baseEnv(),
      SVC_API_KEY: 'svc_not_a_real_key_000000',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Invalid API key');
  });

  it('exits 2 on a bad option value, before calling the service', async () => {
    const env = { ...baseEnv(), SVC_API_KEY: service.apiKey };
    const bad = await runCli(['sessions', 'start', '--viewport-width', 'wide'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--viewport-width');
    const badFormat = await runCli(['sessions', 'list', '-o', 'yaml'], env);
    expect(badFormat.code).toBe(2);
    const persistAlone = await runCli(['sessions', 'start', '--profile-persist'], env);
    expect(persistAlone.code).toBe(2);
    expect(persistAlone.stderr).toContain('--profile-id');
  });

  it('names the URL when the connection is refused', async () => {
    const run = await runCli(['sessions', 'list'], {
      ...baseEnv(),
      SVC_API_KEY: service.apiKey,
      SVC_API_URL: 'http://127.0.0.1:9',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Cannot reach the service at http://127.0.0.1:9');
  });

  it('says when to retry after a 429', async () => {
    const limited = await startTestService({ SVC_RATE_LIMIT: '1', SVC_RATE_LIMIT_WINDOW_S: '600' });
    try {
      const env = { ...baseEnv(), SVC_API_URL: limited.url, SVC_API_KEY: limited.apiKey };
      expect((await runCli(['sessions', 'list'], env)).code).toBe(0);
      const run = await runCli(['sessions', 'list'], env);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/Rate limit exceeded \(HTTP 429\); retry in \d+ s/);
    } finally {
      await disposeTestService(limited);
    }
  });

  it('shows auth status with the masked key and its source', async () => {
    const run = await runCli(['auth', 'status', '-o', 'json'], { ...baseEnv(), SVC_API_KEY: service.apiKey });
    expect(run.code).toBe(0);
    const status = JSON.parse(run.stdout);
    expect(status).toMatchObject({ authenticated: true, api_url: service.url, source: 'environment' });
    expect(status.key).not.toContain(service.apiKey.slice(8, -4));
    expect(run.stdout).not.toContain(service.apiKey);
  });

  it('a bad session id is a 404 with the id named, exit 1', async () => {
    const run = await runCli(['page', 'goto', 'http://127.0.0.1:1/', '--session-id', 'no-such-session'], {
      ...baseEnv(),
      SVC_API_KEY: service.apiKey,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/no-such-session|not found/i);
  });

  it('refuses a destructive default without a TTY, and -y confirms', async () => {
    const env = { ...baseEnv(), SVC_API_KEY: service.apiKey };
    const refused = await runCli(['auth', 'logout'], env, 'y\n');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('-y');
    const confirmed = await runCli(['auth', 'logout', '-y'], env);
    expect(confirmed.code).toBe(0);
    expect(confirmed.stderr).toContain('SVC_API_KEY is still set');
  });

  it('prints a completion script for each shell', async () => {
    for (const shell of ['bash', 'zsh', 'fish']) {
      const run = await runCli(['completion', shell], baseEnv());
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('sessions');
    }
    expect((await runCli(['completion', 'powershell'], baseEnv())).code).toBe(2);
  });
});
