import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/sites/fixture-server';
import { disposeTestService, startTestService, type TestService } from '../support/test-service';
import { cliHome, ensureCliBuilt, runCli, type CliRun } from './cli-harness';

let service: TestService;
let sites: FixtureServer;
const home = cliHome();
const scratch = mkdtempSync(join(tmpdir(), 'svc-cli-files-'));
let sessionId: string;

beforeAll(async () => {
  ensureCliBuilt();
  [service, sites] = await Promise.all([startTestService(), startFixtureServer()]);
  const started = await svc(['sessions', 'start', '-o', 'json']);
  expect(started.code).toBe(0);
  sessionId = (JSON.parse(started.stdout) as { session_id: string }).session_id;
});
afterAll(async () => {
  await disposeTestService(service);
  await sites.close();
  home.dispose();
});

function svc(args: string[]): Promise<CliRun> {
  return runCli(args, {
    HOME: home.home,
    SVC_CONFIG_DIR: home.configDir,
    SVC_API_URL: service.url,
    SVC_API_KEY: service.apiKey,
  });
}

async function ok(args: string[]): Promise<string> {
  const run = await svc(args);
  expect(run.stderr).not.toContain('svc:');
  expect(run.code).toBe(0);
  return run.stdout.trim();
}

const evaluate = (code: string) => ok(['page', 'eval-js', code]);

describe('page and session commands on a live session', () => {
  it('checks, selects, presses keys and fills a form from JSON', async () => {
    await ok(['page', 'goto', sites.url('actions.html')]);
    await ok(['page', 'check', '#terms']);
    expect(await evaluate("document.getElementById('terms').checked")).toBe('true');
    await ok(['page', 'check', '#terms', '--value', 'false']);
    expect(await evaluate("document.getElementById('terms').checked")).toBe('false');
    await ok(['page', 'select', '#size', 'Large']);
    expect(await evaluate("document.getElementById('size').value")).toBe('l');
    await ok(['page', 'form-fill', '--data', '{"first": "Grace", "zip": "10001"}']);
    expect(
      await evaluate("document.getElementById('first').value + '/' + document.getElementById('zip').value"),
    ).toBe('Grace/10001');
    // The fixture records keys that reach the page itself, not a focused input.
    await evaluate('document.activeElement.blur()');
    await ok(['page', 'press', 'Escape']);
    expect(await evaluate("document.getElementById('keys').textContent")).toBe('Key Escape');
    expect((await svc(['page', 'form-fill', '--data', '[1,2]'])).code).toBe(2);
    expect((await svc(['page', 'check', '#terms', '--value', 'maybe'])).code).toBe(2);
  });

  it('sends the vault sentinel for --vault-field, which stays as typed without a vault', async () => {
    await ok(['page', 'fill', '#mail', '--vault-field', 'email']);
    expect(await evaluate("document.getElementById('mail').value")).toBe('user@example.org');
    const both = await svc(['page', 'fill', '#mail', 'x', '--vault-field', 'email']);
    expect(both.code).toBe(2);
    expect((await svc(['page', 'fill', '#mail', '--vault-field', 'pin'])).code).toBe(2);
  });

  it('scrolls, waits and manages tabs', async () => {
    await ok(['page', 'scroll-down', '800']);
    expect(Number(await evaluate('window.scrollY'))).toBeGreaterThan(0);
    await ok(['page', 'scroll-up']);
    await ok(['page', 'wait', '50']);
    await ok(['page', 'new-tab', sites.url('forms.html')]);
    expect(await evaluate('document.title')).toBe('Sign in – Acme');
    await ok(['page', 'switch-tab', '0']);
    expect(await evaluate('document.title')).toBe('Checkout – actions');
    await ok(['page', 'switch-tab', '1']);
    await ok(['page', 'close-tab']);
    expect(await evaluate('document.title')).toBe('Checkout – actions');
    expect((await svc(['page', 'switch-tab', 'first'])).code).toBe(2);
  });

  it('goes back, forward and reloads', async () => {
    await ok(['page', 'goto', sites.url('forms.html')]);
    await ok(['page', 'back']);
    expect(await evaluate('location.pathname')).toBe('/actions.html');
    await ok(['page', 'forward']);
    await ok(['page', 'reload']);
    expect(await evaluate('location.pathname')).toBe('/forms.html');
  });

  it('uploads a local file into a file input', async () => {
    const file = join(scratch, 'cv.txt');
    writeFileSync(file, 'curriculum vitae');
    await ok(['page', 'upload', '#avatar', '--file', file]);
    expect(await evaluate("document.getElementById('avatar').files[0].name")).toBe('cv.txt');
    expect((await svc(['page', 'upload', '#avatar', '--file', join(scratch, 'missing.txt')])).code).toBe(2);
  });

  it('downloads a file and saves it locally', async () => {
    await ok(['page', 'goto', sites.url('download.html')]);
    const path = await ok(['page', 'download', '#report']);
    expect(existsSync(path)).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe(
      readFileSync(join(import.meta.dirname, '../fixtures/sites/download-report.csv'), 'utf8'),
    );
  });

  it('marks a task complete; --success=false exits 1', async () => {
    expect(await ok(['page', 'complete', 'All done'])).toContain('All done');
    const failed = await svc(['page', 'complete', 'Could not log in', '--success=false', '-o', 'json']);
    expect(JSON.parse(failed.stdout)).toMatchObject({ action: { type: 'completion', success: false } });
  });

  it('reads and sets cookies, saves the network log, and prints the viewer URL', async () => {
    await ok(['page', 'goto', sites.url('cookies.html')]);
    const cookies = JSON.parse(await ok(['sessions', 'cookies', '-o', 'json']));
    expect(cookies.map((cookie: { name: string }) => cookie.name)).toEqual(
      expect.arrayContaining(['visited', 'theme']),
    );
    const file = join(scratch, 'cookies.json');
    writeFileSync(file, JSON.stringify({ cookies: [{ name: 'flavour', value: 'oat', url: sites.url('') }] }));
    await ok(['sessions', 'cookies-set', '--file', file]);
    expect(await ok(['sessions', 'cookies'])).toMatch(/^flavour\s/m);
    writeFileSync(file, '{"not": "cookies"}');
    expect((await svc(['sessions', 'cookies-set', '--file', file])).code).toBe(2);

    const logPath = await ok(['sessions', 'network']);
    const log = JSON.parse(readFileSync(logPath, 'utf8'));
    expect(log.entries.some((entry: { url: string }) => entry.url.endsWith('/cookies.html'))).toBe(true);
    const harPath = await ok(['sessions', 'network', '--har']);
    expect(JSON.parse(readFileSync(harPath, 'utf8')).log.version).toBe('1.2');

    expect(await ok(['sessions', 'viewer', '--no-open'])).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.+/);
  });

  it('saves the replay video of the session', async () => {
    // The recording has frames once the page has painted; on a busy machine that can take a moment.
    await expect.poll(async () => (await service.call(`/sessions/${sessionId}/replay`)).status).toBe(200);
    expect(await ok(['sessions', 'replay', '--url-only'])).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.+/);
    const path = await ok(['sessions', 'replay']);
    expect(readFileSync(path).subarray(4, 8).toString()).toBe('ftyp');
  });
});
