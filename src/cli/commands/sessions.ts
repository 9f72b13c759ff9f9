import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { SvcClient } from '../../sdk/svc-client';
import type { Cookie, SessionResponse, SessionStartInput } from '../../shared/sessions';
import type { CliContext, Env } from '../cli-context';
import { CommandFailure, UsageError } from '../cli-errors';
import { addGlobalOptions, parsePositiveInt } from '../global-options';
import { openUrl } from '../open-url';
import { parseBoolean } from '../parse-values';
import { confirm } from '../prompt';
import { bindAction } from '../run-action';
import { saveToTempFile } from '../save-file';
import { withSpinner } from '../spinner';
import { formatKeyValues } from '../text-format';

interface StartOptions {
  headless?: boolean;
  idleTimeoutMinutes?: number;
  maxDurationMinutes?: number;
  proxy?: boolean;
  proxyCountry?: string;
  solveCaptchas?: boolean;
  profileId?: string;
  profilePersist?: boolean;
  viewportWidth?: number;
  viewportHeight?: number;
  userAgent?: string;
  cdpUrl?: string;
  useFileStorage?: boolean;
  vaultId?: string;
}

interface SessionIdOption {
  sessionId?: string;
}

const summaryKeys: (keyof SessionResponse)[] = [
  'session_id',
  'status',
  'created_at',
  'closed_at',
  'duration',
  'idle_timeout_minutes',
  'max_duration_minutes',
  'headless',
  'viewer_url',
  'end_reason',
  'error',
];

const renderSession = (session: SessionResponse) =>
  formatKeyValues({ ...session, steps: session.steps.length }, [...summaryKeys, 'steps']);

/** The start options of the spec's table, one to one, as the API's start body. */
export function toStartBody(options: StartOptions): SessionStartInput {
  if (options.profilePersist && !options.profileId)
    throw new UsageError('--profile-persist applies only with --profile-id');
  const proxies = options.proxyCountry ?? (options.proxy ? true : undefined);
  return {
    headless: options.headless,
    idle_timeout_minutes: options.idleTimeoutMinutes,
    max_duration_minutes: options.maxDurationMinutes,
    proxies,
    solve_captchas: options.solveCaptchas,
    profile: options.profileId
      ? { id: options.profileId, persist: options.profilePersist ?? false }
      : undefined,
    viewport_width: options.viewportWidth,
    viewport_height: options.viewportHeight,
    user_agent: options.userAgent,
    cdp_url: options.cdpUrl,
    use_file_storage: options.useFileStorage,
    vault_id: options.vaultId,
  };
}

const parseCountry = (value: string) => {
  if (!/^[a-z]{2}$/.test(value))
    throw new UsageError('--proxy-country must be a two-letter lowercase country code, e.g. us');
  return value;
};

/** Asks before leaving or stopping a current session that still runs; never stops it silently. */
async function settlePreviousSession(context: CliContext, client: SvcClient): Promise<void> {
  const previousId = context.currentIds.read('session');
  if (!previousId) return;
  const previous = await client
    .attachSession(previousId)
    .status()
    .catch(() => undefined);
  if (previous?.status !== 'active') return;
  const shouldStop = await confirm(`Session ${previousId} is still running. Stop it first?`, {
    isConfirmed: context.options.isConfirmed,
  });
  if (shouldStop) {
    await client.attachSession(previousId).stop();
    context.output.note(`Stopped session ${previousId}.`);
  } else {
    context.output.note(
      `Session ${previousId} keeps running; stop it with \`svc sessions stop --session-id ${previousId}\`.`,
    );
  }
}

async function liveSession(context: CliContext, options: SessionIdOption) {
  const client = await context.client();
  return client.attachSession(await context.sessionId(client, options.sessionId));
}

export function addSessionsCommands(program: Command, env: Env): void {
  const sessions = program.command('sessions').description('Start, inspect and stop browser sessions');
  const leaf = (name: string, description: string, example: string) =>
    addGlobalOptions(sessions.command(name).description(description)).addHelpText(
      'after',
      `\nExample:\n  $ ${example}`,
    );
  const withSessionId = (command: Command) =>
    command.option(
      '--session-id <id>',
      'session to act on (default: SVC_SESSION_ID, then the current session)',
    );

  const start = leaf(
    'start',
    'Start a session; it becomes the current session',
    'svc sessions start --viewport-width 1280 --viewport-height 800',
  )
    .option('--headless <bool>', 'run headless (default true)', parseBoolean)
    .option(
      '--idle-timeout-minutes <n>',
      'close after this many idle minutes',
      parsePositiveInt('--idle-timeout-minutes'),
    )
    .option(
      '--max-duration-minutes <n>',
      'close after this many minutes in all',
      parsePositiveInt('--max-duration-minutes'),
    )
    .option('--proxy', 'use the default proxies')
    .option('--proxy-country <code>', 'proxy country, two-letter lowercase code', parseCountry)
    .option('--solve-captchas', 'solve CAPTCHAs automatically')
    .option('--profile-id <id>', 'load browser state from this profile')
    .option('--profile-persist', 'save the browser state back to the profile on close (with --profile-id)')
    .option('--viewport-width <px>', 'viewport width in pixels', parsePositiveInt('--viewport-width'))
    .option('--viewport-height <px>', 'viewport height in pixels', parsePositiveInt('--viewport-height'))
    .option('--user-agent <text>', 'custom user agent')
    .option('--cdp-url <url>', 'CDP URL of a remote browser to attach to')
    .option('--use-file-storage', 'enable file storage for the session')
    .option('--vault-id <id>', 'attach a vault to the session');
  bindAction<StartOptions>(start, env, async (context, options) => {
    const body = toStartBody(options);
    const client = await context.client();
    await settlePreviousSession(context, client);
    const session = client.Session(body);
    const info = await withSpinner('Starting session', session.start());
    context.currentIds.write('session', info.session_id);
    context.output.data(info, renderSession);
  });

  bindAction<SessionIdOption>(
    withSessionId(
      leaf('status', 'Status of the current session (or --session-id)', 'svc sessions status -o json'),
    ),
    env,
    async (context, options) => {
      const client = await context.client();
      const id = anySessionId(context, options);
      const info = await client.attachSession(id).status();
      if (info.status !== 'active' && context.currentIds.read('session') === id) {
        context.currentIds.clear('session');
        context.output.note(`Session ${id} has ended (${info.status}); it is no longer current.`);
      }
      context.output.data(info, renderSession);
    },
  );

  bindAction<SessionIdOption>(
    withSessionId(leaf('stop', 'Stop the current session (or --session-id)', 'svc sessions stop')),
    env,
    async (context, options) => {
      const client = await context.client();
      const id = anySessionId(context, options);
      const info = await withSpinner('Stopping session', client.attachSession(id).stop());
      if (context.currentIds.read('session') === id) context.currentIds.clear('session');
      context.output.data(info, renderSession);
      context.output.note(`Export its steps with \`svc sessions workflow-code --session-id ${id}\`.`);
    },
  );

  const list = leaf('list', 'List sessions, newest first', 'svc sessions list --only-active --page-size 20')
    .option('--page <n>', 'page number', parsePositiveInt('--page'))
    .option('--page-size <n>', 'items per page (1-100)', parsePositiveInt('--page-size'))
    .option('--only-active', 'only sessions that are running');
  bindAction<{ page?: number; pageSize?: number; onlyActive?: boolean }>(
    list,
    env,
    async (context, options) => {
      const client = await context.client();
      const page = await client.listSessions({
        page: options.page,
        page_size: options.pageSize,
        only_active: options.onlyActive ?? false,
      });
      const footer = page.has_next ? `More on page ${page.page + 1} (--page ${page.page + 1}).` : undefined;
      context.output.list(page.items, ['session_id', 'status', 'created_at', 'duration'], footer);
    },
  );

  bindAction<SessionIdOption & { open: boolean }>(
    withSessionId(
      leaf('viewer', 'Open the live viewer of the session in a browser', 'svc sessions viewer --no-open'),
    ).option('--no-open', 'print the viewer URL instead of opening it'),
    env,
    async (context, options) => {
      const info = await (await liveSession(context, options)).status();
      if (!info.viewer_url) throw new UsageError(`Session ${info.session_id} has no live viewer`);
      if (options.open && !(await openUrl(info.viewer_url)))
        context.output.warn('Could not open a browser; open the URL yourself.');
      context.output.data({ viewer_url: info.viewer_url }, (value) => value.viewer_url);
    },
  );

  bindAction<SessionIdOption & { har?: boolean }>(
    withSessionId(
      leaf('network', 'Save the network log of the session to a file', 'svc sessions network --har'),
    ).option('--har', 'save as HAR 1.2 instead of the svc JSON log'),
    env,
    async (context, options) => {
      const session = await liveSession(context, options);
      const log = await session.network({ format: options.har ? 'har' : 'json' });
      const path = saveToTempFile(
        `network-${session.id}.${options.har ? 'har' : 'json'}`,
        JSON.stringify(log, null, 2),
      );
      const entries = 'entries' in log ? log.entries.length : log.log.entries.length;
      context.output.data({ path, entries }, (value) => value.path);
      context.output.note(`${entries} requests.`);
    },
  );

  bindAction<SessionIdOption & { urlOnly?: boolean }>(
    withSessionId(
      leaf(
        'replay',
        'Save the video of the session (MP4) to a file; works after it ended',
        'svc sessions replay --url-only',
      ),
    ).option('--url-only', 'print the signed MP4 URL instead of downloading the video'),
    env,
    async (context, options) => {
      const session = await liveSessionOrEnded(context, options);
      const replay = await session.replay();
      if (options.urlOnly) return context.output.data(replay, (value) => value.mp4_url);
      const video = await withSpinner('Downloading the replay', downloadReplay(replay.mp4_url));
      const path = saveToTempFile(`replay-${session.id}.mp4`, video);
      context.output.data({ ...replay, path }, (value) => value.path);
    },
  );

  bindAction<SessionIdOption>(
    withSessionId(
      leaf('cookies', 'All cookies of the session', 'svc sessions cookies -o json > cookies.json'),
    ),
    env,
    async (context, options) => {
      const cookies = await (await liveSession(context, options)).cookies();
      context.output.list(cookies as (Cookie & Record<string, unknown>)[], [
        'name',
        'domain',
        'path',
        'expires',
        'value',
      ]);
    },
  );

  bindAction<SessionIdOption & { file: string }>(
    withSessionId(
      leaf(
        'cookies-set',
        'Add cookies to the session from a JSON file',
        'svc sessions cookies-set --file cookies.json',
      ),
    ).requiredOption('--file <path>', 'JSON file: an array of cookies, or {"cookies": [...]}'),
    env,
    async (context, options) => {
      const cookies = readCookiesFile(options.file);
      const result = await (await liveSession(context, options)).setCookies(cookies);
      context.output.data(result, (value) => value.message);
    },
  );

  bindAction<SessionIdOption & { language: 'python' | 'typescript'; asScript?: boolean }>(
    withSessionId(
      leaf(
        'workflow-code',
        'Export the steps of the session as workflow code',
        'svc sessions workflow-code --session-id <session_id> > workflow.py',
      ),
    )
      .option('--language <language>', 'python or typescript', 'python')
      .option('--as-script', 'a plain script instead of a `run()` workflow'),
    env,
    async (context, options) => {
      if (!['python', 'typescript'].includes(options.language))
        throw new UsageError('--language must be python or typescript');
      const session = await liveSessionOrEnded(context, options);
      const code = await session.workflowCode({ language: options.language, as_workflow: !options.asScript });
      if (context.output.isJson) return context.output.data(code);
      context.output.text(
        options.language === 'typescript' ? (code.typescript_script ?? '') : code.python_script,
      );
    },
  );
}

/** The session named by flag, environment or current file, running or ended (status, stop). */
function anySessionId(context: CliContext, options: SessionIdOption): string {
  const resolved = context.currentIds.resolve('session', options.sessionId, context.settings.SVC_SESSION_ID);
  if (!resolved)
    throw new UsageError('No session: give --session-id, set SVC_SESSION_ID, or run `svc sessions start`');
  return resolved.id;
}

/** Export works on ended sessions too, when named explicitly. */
async function liveSessionOrEnded(context: CliContext, options: SessionIdOption) {
  const client = await context.client();
  const explicit = options.sessionId ?? context.settings.SVC_SESSION_ID;
  return client.attachSession(explicit ?? (await context.sessionId(client, undefined)));
}

/** The MP4 behind a replay's signed URL, which needs no API key. */
async function downloadReplay(url: string): Promise<Buffer> {
  const response = await fetch(url);
  if (!response.ok) throw new CommandFailure(`Could not download the replay: HTTP ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

function readCookiesFile(path: string): Cookie[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`--file ${path}: ${(error as Error).message}`);
  }
  const cookies = Array.isArray(parsed) ? parsed : (parsed as { cookies?: unknown })?.cookies;
  if (!Array.isArray(cookies))
    throw new UsageError(`--file ${path}: expected an array of cookies or {"cookies": [...]}`);
  return cookies as Cookie[];
}
