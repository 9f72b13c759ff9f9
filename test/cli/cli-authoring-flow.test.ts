import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/sites/fixture-server';
import { disposeTestService, startTestService, type TestService } from '../support/test-service';
import { cliHome, ensureCliBuilt, runCli, type CliRun } from './cli-harness';

let service: TestService;
let sites: FixtureServer;
const home = cliHome();

beforeAll(async () => {
  ensureCliBuilt();
  [service, sites] = await Promise.all([startTestService(), startFixtureServer()]);
});
afterAll(async () => {
  // Stops every session the tests left, so no Chromium outlives them.
  await disposeTestService(service);
  await sites.close();
  home.dispose();
});

const env = (extra: Record<string, string> = {}) => ({
  HOME: home.home,
  SVC_CONFIG_DIR: home.configDir,
  SVC_API_URL: service.url,
  SVC_API_KEY: service.apiKey,
  ...extra,
});

async function svc(args: string[], extra: Record<string, string> = {}): Promise<CliRun> {
  return runCli(args, env(extra));
}

function expectOk(run: CliRun): CliRun {
  expect(run.stderr.includes('svc:') ? run.stderr : '').toBe('');
  expect(run.code).toBe(0);
  return run;
}

describe('the authoring flow through bin/svc', () => {
  let sessionId: string;

  it('starts a session that becomes the current one', async () => {
    const started = JSON.parse(expectOk(await svc(['sessions', 'start', '-o', 'json'])).stdout);
    expect(started).toMatchObject({ status: 'active', headless: true });
    expect(started.viewer_url).toMatch(/^http/);
    sessionId = started.session_id;
    expect(readFileSync(`${home.configDir}/current_session`, 'utf8').trim()).toBe(sessionId);
  });

  it('navigates, observes and fills by observe id and by selector', async () => {
    expectOk(await svc(['page', 'goto', sites.url('actions.html')]));
    const observed = expectOk(await svc(['page', 'observe'])).stdout;
    expect(observed).toContain('title: Checkout – actions');
    const firstNameLine = observed.split('\n').find((line) => /^I\d+\[:\].*first/i.test(line));
    expect(firstNameLine).toBeDefined();
    const firstNameId = firstNameLine!.split('[')[0];
    expectOk(await svc(['page', 'fill', firstNameId, 'Ada']));
    expectOk(await svc(['page', 'fill', '#last', 'Lovelace', '--clear']));
    const values = await svc([
      'page',
      'eval-js',
      "document.querySelector('#first').value + ' ' + document.querySelector('#last').value",
    ]);
    expect(expectOk(values).stdout.trim()).toBe('Ada Lovelace');
  });

  it('presses Enter after a fill with --enter and reads the result with eval-js', async () => {
    expectOk(await svc(['page', 'fill', '#zip', '12345', '--enter']));
    const status = expectOk(await svc(['page', 'eval-js', "document.getElementById('status').textContent"]));
    expect(status.stdout.trim()).toBe('Submitted Ada');
  });

  it('scrapes the page as text and as JSON', async () => {
    const text = expectOk(await svc(['page', 'scrape', '--only-main-content']));
    expect(text.stdout).toContain('Checkout');
    const json = JSON.parse(expectOk(await svc(['page', 'scrape', '-o', 'json'])).stdout);
    expect(json.markdown).toContain('Checkout');
  });

  it('saves a screenshot to a temporary file and prints its path', async () => {
    const path = expectOk(await svc(['page', 'screenshot'])).stdout.trim();
    expect(existsSync(path)).toBe(true);
    expect(readFileSync(path).subarray(1, 4).toString()).toBe('PNG');
  });

  it('reports an action that fails in the page with exit 1, also as JSON', async () => {
    const failed = await svc(['page', 'click', '#no-such-button', '--timeout', '500', '-o', 'json']);
    expect(failed.code).toBe(1);
    expect(JSON.parse(failed.stdout)).toMatchObject({ success: false });
  });

  it('lists sessions as a table, and as the items array with -o json', async () => {
    const table = expectOk(await svc(['sessions', 'list'])).stdout;
    expect(table.split('\n')[0]).toMatch(/^SESSION_ID\s+STATUS/);
    expect(table).toContain(sessionId);
    const items = JSON.parse(expectOk(await svc(['sessions', 'list', '--only-active', '-o', 'json'])).stdout);
    expect(Array.isArray(items)).toBe(true);
    expect(items.map((item: { session_id: string }) => item.session_id)).toContain(sessionId);
  });

  it('stops the session and exports its steps as workflow code', async () => {
    const stopped = JSON.parse(expectOk(await svc(['sessions', 'stop', '-o', 'json'])).stdout);
    expect(stopped).toMatchObject({ session_id: sessionId, status: 'closed' });
    expect(existsSync(`${home.configDir}/current_session`)).toBe(false);
    const code = expectOk(await svc(['sessions', 'workflow-code', '--session-id', sessionId])).stdout;
    expect(code).toContain('svc_sdk');
    expect(code).toContain(sites.url('actions.html'));
    const json = JSON.parse(
      expectOk(await svc(['sessions', 'workflow-code', '--session-id', sessionId, '-o', 'json'])).stdout,
    );
    expect(json.json_actions.map((action: { type: string }) => action.type)).toContain('goto');
  });
});

describe('session id resolution', () => {
  it('takes --session-id over SVC_SESSION_ID over the current file', async () => {
    const first = JSON.parse(expectOk(await svc(['sessions', 'start', '-o', 'json'])).stdout)
      .session_id as string;
    const second = JSON.parse(expectOk(await svc(['sessions', 'start', '-o', 'json'])).stdout)
      .session_id as string;
    // Without a TTY the first session is not stopped, only left running with a note.
    const statusOfFirst = JSON.parse(
      expectOk(await svc(['sessions', 'status', '-o', 'json', '--session-id', first])).stdout,
    );
    expect(statusOfFirst.status).toBe('active');
    const fromFile = JSON.parse(expectOk(await svc(['sessions', 'status', '-o', 'json'])).stdout);
    expect(fromFile.session_id).toBe(second);
    const fromEnv = JSON.parse(
      expectOk(await svc(['sessions', 'status', '-o', 'json'], { SVC_SESSION_ID: first })).stdout,
    );
    expect(fromEnv.session_id).toBe(first);
    const fromFlag = JSON.parse(
      expectOk(
        await svc(['sessions', 'status', '-o', 'json', '--session-id', second], { SVC_SESSION_ID: first }),
      ).stdout,
    );
    expect(fromFlag.session_id).toBe(second);
    expectOk(await svc(['sessions', 'stop', '--session-id', first]));
  });

  it('clears a current session that has ended, with a note, instead of using it', async () => {
    const started = JSON.parse(expectOk(await svc(['sessions', 'start', '-o', 'json'])).stdout)
      .session_id as string;
    // Ended behind the CLI's back: the current file still names it.
    await service.call(`/sessions/${started}/stop`, { method: 'DELETE' });
    const run = await svc(['page', 'goto', sites.url('forms.html')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`The current session ${started} has ended (closed)`);
    expect(existsSync(`${home.configDir}/current_session`)).toBe(false);
  });

  it('asks nothing without a TTY when another session is current, and -y stops the old one', async () => {
    const old = JSON.parse(expectOk(await svc(['sessions', 'start', '-o', 'json'])).stdout)
      .session_id as string;
    const next = await svc(['sessions', 'start', '-y', '-o', 'json']);
    expect(expectOk(next).stderr).toContain(`Stopped session ${old}`);
    const oldStatus = JSON.parse(
      expectOk(await svc(['sessions', 'status', '-o', 'json', '--session-id', old])).stdout,
    );
    expect(oldStatus.status).toBe('closed');
    expectOk(await svc(['sessions', 'stop']));
  });
});
