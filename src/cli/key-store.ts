import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type KeySource = 'environment' | 'keychain' | 'file';

export interface FoundKey {
  key: string;
  source: KeySource;
}

/** The OS keychain entries are named service "svc", account = the API URL. */
const keychainService = 'svc';
// A keychain that needs a user prompt (or a dead D-Bus) must not hang a script.
const keychainTimeoutMs = 5_000;

interface Keytar {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/**
 * Where the CLI keeps the API key of each service URL: SVC_API_KEY wins; else the OS keychain (keytar);
 * else a 0600 JSON file in the config dir, which is not encrypted and says so.
 */
export class KeyStore {
  private keytar: Promise<Keytar | undefined> | undefined;

  constructor(
    private readonly configDir: string,
    private readonly envKey: string | undefined,
  ) {}

  get fileName(): string {
    return join(this.configDir, 'credentials.json');
  }

  async find(apiUrl: string): Promise<FoundKey | undefined> {
    if (this.envKey) return { key: this.envKey, source: 'environment' };
    const fromKeychain = await this.withKeychain((keytar) => keytar.getPassword(keychainService, apiUrl));
    if (fromKeychain) return { key: fromKeychain, source: 'keychain' };
    const fromFile = this.readFile()[apiUrl];
    return fromFile ? { key: fromFile, source: 'file' } : undefined;
  }

  /** Stores the key in the keychain when one answers, else in the file; returns where it went. */
  async save(apiUrl: string, key: string): Promise<Exclude<KeySource, 'environment'>> {
    const isSaved = await this.withKeychain(async (keytar) => {
      await keytar.setPassword(keychainService, apiUrl, key);
      return true;
    });
    if (isSaved) {
      this.writeFile(apiUrl, undefined);
      return 'keychain';
    }
    this.writeFile(apiUrl, key);
    return 'file';
  }

  /** Forgets the stored key of this URL everywhere; true when there was one. */
  async remove(apiUrl: string): Promise<boolean> {
    const wasInKeychain = await this.withKeychain((keytar) => keytar.deletePassword(keychainService, apiUrl));
    const wasInFile = this.readFile()[apiUrl] !== undefined;
    if (wasInFile) this.writeFile(apiUrl, undefined);
    return Boolean(wasInKeychain) || wasInFile;
  }

  /** Why the keychain is not used, or undefined when it answers. */
  async keychainProblem(): Promise<string | undefined> {
    try {
      const keytar = await this.loadKeytar();
      if (!keytar) return 'keytar could not be loaded';
      await withTimeout(keytar.getPassword(keychainService, '__probe__'));
      return undefined;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  private async withKeychain<T>(use: (keytar: Keytar) => Promise<T>): Promise<T | undefined> {
    try {
      const keytar = await this.loadKeytar();
      return keytar ? await withTimeout(use(keytar)) : undefined;
    } catch {
      return undefined;
    }
  }

  private loadKeytar(): Promise<Keytar | undefined> {
    this.keytar ??= import('keytar').then(
      (module) => (module.default ?? module) as Keytar,
      () => undefined,
    );
    return this.keytar;
  }

  private readFile(): Record<string, string> {
    try {
      return JSON.parse(readFileSync(this.fileName, 'utf8')) as Record<string, string>;
    } catch {
      return {};
    }
  }

  private writeFile(apiUrl: string, key: string | undefined): void {
    const keys = this.readFile();
    if (key === undefined && keys[apiUrl] === undefined) return;
    if (key === undefined) delete keys[apiUrl];
    else keys[apiUrl] = key;
    mkdirSync(this.configDir, { recursive: true, mode: 0o700 });
    writeFileSync(this.fileName, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
    chmodSync(this.fileName, 0o600);
  }
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the keychain did not answer')), keychainTimeoutMs);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
