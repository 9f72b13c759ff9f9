import { accountOperations, type Account } from '../shared/accounts';
import { fileOperations, type StoredFile } from '../shared/files';
import { healthOperations } from '../shared/health';
import type { Operation, QueryInputOf, ResponseOf } from '../shared/contract';
import { clientSettingsSchema, readSettings } from '../shared/settings';
import { sessionOperations, type SessionStartInput } from '../shared/sessions';
import { HttpTransport, type RequestInput, type TransportOptions } from './http-transport';
import { Session } from './session';

export interface SvcClientOptions extends Partial<TransportOptions> {
  /** Default: SVC_API_KEY. */
  apiKey?: string;
  /** Default: SVC_API_URL, else http://127.0.0.1:8787. */
  baseUrl?: string;
}

export type ListSessionsQuery = QueryInputOf<typeof sessionOperations.listSessions>;

/** The typed client of the svc API; the CLI, the desktop app and user code all go through it. */
export class SvcClient {
  readonly transport: HttpTransport;

  constructor(options: SvcClientOptions = {}) {
    const settings = readSettings(clientSettingsSchema, process.env);
    this.transport = new HttpTransport({
      ...options,
      apiKey: options.apiKey ?? settings.SVC_API_KEY,
      baseUrl: options.baseUrl ?? settings.SVC_API_URL,
    });
  }

  get baseUrl(): string {
    return this.transport.baseUrl;
  }

  /** A session with these start options; call `start()`, or `use(fn)`, or `await using` it. */
  Session(startOptions: SessionStartInput = {}): Session {
    return new Session(this.transport, startOptions);
  }

  /** A handle on a session that is already running (or has ended), by id. */
  attachSession(sessionId: string): Session {
    return new Session(this.transport, {}, sessionId);
  }

  listSessions(query: ListSessionsQuery = {}) {
    return this.transport.request(sessionOperations.listSessions, { query });
  }

  /** Stores a file for `upload_file` actions; returns it under its stored (sanitized) name. */
  async uploadFile(fileName: string, bytes: Uint8Array): Promise<StoredFile> {
    const answer = await this.transport.requestWithBytes(
      fileOperations.uploadFile,
      { params: { filename: fileName } },
      bytes,
    );
    return answer.file;
  }

  health() {
    return this.transport.request(healthOperations.getHealth);
  }

  account(): Promise<Account> {
    return this.transport.request(accountOperations.getAccount);
  }

  /** Any operation of the contract, for the resources without a helper yet. */
  request<T extends Operation>(operation: T, input?: RequestInput<T>): Promise<ResponseOf<T>> {
    return this.transport.request(operation, input);
  }
}
