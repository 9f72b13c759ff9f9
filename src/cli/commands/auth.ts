import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Command } from 'commander';
import type { SvcError } from '../../sdk/svc-error';
import type { CliContext, Env } from '../cli-context';
import { CommandFailure } from '../cli-errors';
import { addGlobalOptions } from '../global-options';
import { startLoginCallback } from '../login-callback-server';
import { openUrl } from '../open-url';
import { confirm } from '../prompt';
import { bindAction } from '../run-action';
import { withSpinner } from '../spinner';

// The spec's polling rule for scripts: every 5 s, at most 5 minutes; the CLI waits as long.
const loginTimeoutMs = 5 * 60_000;

/** `svc_abc…wxyz`: enough to recognise a key, never enough to use it. */
export function maskKey(key: string): string {
  return key.length <= 12 ? '****' : `${key.slice(0, 8)}…${key.slice(-4)}`;
}

/** Checks a key against the service: /health answers and /account accepts it. Returns the account. */
async function validateKey(context: CliContext, key: string) {
  const client = context.clientWithKey(key);
  await client.health();
  return client.account();
}

async function login(context: CliContext, options: { browser: boolean }): Promise<void> {
  const state = randomBytes(24).toString('base64url');
  const callback = await startLoginCallback(state, loginTimeoutMs);
  try {
    const query = new URLSearchParams({ port: String(callback.port), state, name: hostname() });
    const url = `${context.apiUrl}/cli-login?${query}`;
    const isOpened = options.browser && (await openUrl(url));
    if (isOpened) context.output.note(`Opened ${url}\nSign in and authorize the CLI in the browser.`);
    else {
      context.output.note('Open this URL in a browser, sign in and authorize the CLI:');
      context.output.text(url);
    }
    const key = await withSpinner('Waiting for authorization', callback.key);
    const account = await validateKey(context, key);
    const storedIn = await context.keys.save(context.apiUrl, key);
    if (storedIn === 'file') {
      context.output.warn(
        `No OS keychain answered; the key is stored in ${context.keys.fileName} (mode 0600, not encrypted).`,
      );
    }
    context.output.data(
      {
        api_url: context.apiUrl,
        account: account.email ?? account.account_id,
        key: maskKey(key),
        stored_in: storedIn,
      },
      (value) =>
        `Signed in to ${value.api_url} as ${value.account}; key ${value.key} stored in the ${value.stored_in}.`,
    );
  } finally {
    callback.close();
  }
}

async function status(context: CliContext): Promise<void> {
  const found = await context.keys.find(context.apiUrl);
  if (!found)
    throw new CommandFailure(`Not signed in to ${context.apiUrl}: run \`svc auth login\` or set SVC_API_KEY`);
  try {
    const account = await validateKey(context, found.key);
    context.output.data({
      authenticated: true,
      api_url: context.apiUrl,
      account: account.email ?? account.account_id,
      key: maskKey(found.key),
      source: found.source,
    });
  } catch (error) {
    const reason = (error as SvcError).message ?? String(error);
    throw new CommandFailure(
      `The API key from the ${found.source} (${maskKey(found.key)}) does not work at ${context.apiUrl}: ${reason}`,
    );
  }
}

async function logout(context: CliContext): Promise<void> {
  const isConfirmed = await confirm(`Forget the stored API key for ${context.apiUrl}?`, {
    isConfirmed: context.options.isConfirmed,
  });
  if (!isConfirmed)
    throw new CommandFailure('Not confirmed; nothing removed (pass -y to confirm without a prompt)');
  const wasStored = await context.keys.remove(context.apiUrl);
  context.output.data({ removed: wasStored, api_url: context.apiUrl }, (value) =>
    value.removed ? `Forgot the API key for ${value.api_url}.` : `No stored API key for ${value.api_url}.`,
  );
  if (context.settings.SVC_API_KEY) context.output.note('SVC_API_KEY is still set in this environment.');
}

export function addAuthCommands(program: Command, env: Env): void {
  const auth = program.command('auth').description('Sign the CLI in to a service and check it');
  const leaf = (name: string, description: string, example: string) =>
    addGlobalOptions(auth.command(name).description(description)).addHelpText(
      'after',
      `\nExample:\n  $ ${example}`,
    );
  bindAction<{ browser: boolean }>(
    leaf(
      'login',
      'Sign in through the browser; a new API key is stored in the OS keychain',
      'svc auth login --no-browser',
    ).option('--no-browser', 'print the URL instead of opening a browser'),
    env,
    login,
  );
  bindAction(
    leaf(
      'status',
      'Exit 0 and show the key (masked), its source and the API URL when the key works; else exit 1',
      'svc auth status',
    ),
    env,
    status,
  );
  bindAction(leaf('logout', 'Forget the stored API key of this API URL', 'svc auth logout -y'), env, logout);
}
