import type { Command } from 'commander';
import { SvcClient } from '../sdk/svc-client';
import { SvcError } from '../sdk/svc-error';
import { clientSettingsSchema, readSettings, type ClientSettings } from '../shared/settings';
import { CommandFailure, UsageError } from './cli-errors';
import { CurrentIds } from './current-ids';
import { readGlobalOptions, type GlobalOptions } from './global-options';
import { KeyStore } from './key-store';
import { Output } from './output';

export type Env = Record<string, string | undefined>;

/** Everything a command needs, built once per run from the command line and the environment. */
export class CliContext {
  readonly options: GlobalOptions;
  readonly settings: ClientSettings;
  readonly output: Output;
  readonly currentIds: CurrentIds;
  readonly keys: KeyStore;

  constructor(
    command: Command,
    readonly env: Env,
  ) {
    this.options = readGlobalOptions(command, env);
    this.settings = readSettings(clientSettingsSchema, env);
    this.output = new Output(this.options);
    this.currentIds = new CurrentIds(this.settings.SVC_CONFIG_DIR);
    this.keys = new KeyStore(this.settings.SVC_CONFIG_DIR, this.settings.SVC_API_KEY);
  }

  get apiUrl(): string {
    return this.settings.SVC_API_URL.replace(/\/+$/, '');
  }

  /** A client with the stored key; a usage error that says how to get one when there is none. */
  async client(): Promise<SvcClient> {
    const found = await this.keys.find(this.apiUrl);
    if (!found) {
      throw new CommandFailure(`No API key for ${this.apiUrl}: run \`svc auth login\` or set SVC_API_KEY`);
    }
    this.output.verbose(`using the API key from the ${found.source} for ${this.apiUrl}`);
    return this.clientWithKey(found.key);
  }

  clientWithKey(apiKey: string | undefined): SvcClient {
    return new SvcClient({ apiKey, baseUrl: this.apiUrl, timeoutMs: this.options.timeoutS * 1000 });
  }

  /**
   * The session to act on: `--session-id`, then SVC_SESSION_ID, then the current session. A current
   * session that has ended is cleared with a note instead of being used.
   */
  async sessionId(client: SvcClient, flag: string | undefined): Promise<string> {
    const resolved = this.currentIds.resolve('session', flag, this.settings.SVC_SESSION_ID);
    if (!resolved) {
      throw new UsageError('No session: give --session-id, set SVC_SESSION_ID, or run `svc sessions start`');
    }
    this.output.verbose(`session ${resolved.id} (from the ${resolved.source})`);
    if (resolved.source !== 'current') return resolved.id;
    const endedAs = await this.endedStatusOf(client, resolved.id);
    if (!endedAs) return resolved.id;
    this.currentIds.clear('session');
    this.output.note(`The current session ${resolved.id} has ended (${endedAs}); it is no longer current.`);
    throw new UsageError(
      'No active session: run `svc sessions start`, or give --session-id for an ended one',
    );
  }

  /** The status of a session that is no longer running, or undefined while it runs. */
  private async endedStatusOf(client: SvcClient, sessionId: string): Promise<string | undefined> {
    try {
      const info = await client.attachSession(sessionId).status();
      return info.status === 'active' ? undefined : info.status;
    } catch (error) {
      if (error instanceof SvcError && error.status === 404) return 'not found';
      throw error;
    }
  }
}
