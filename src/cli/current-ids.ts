import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type ResourceKind = 'session' | 'agent' | 'function';
export type IdSource = 'flag' | 'environment' | 'current';

export interface ResolvedId {
  id: string;
  source: IdSource;
}

/** The current session / agent / function, one file each under the CLI config dir. */
export class CurrentIds {
  constructor(private readonly configDir: string) {}

  read(kind: ResourceKind): string | undefined {
    try {
      return readFileSync(this.fileOf(kind), 'utf8').trim() || undefined;
    } catch {
      return undefined;
    }
  }

  write(kind: ResourceKind, id: string): void {
    mkdirSync(this.configDir, { recursive: true, mode: 0o700 });
    writeFileSync(this.fileOf(kind), `${id}\n`, { mode: 0o600 });
  }

  clear(kind: ResourceKind): void {
    rmSync(this.fileOf(kind), { force: true });
  }

  /** The id to act on: the flag, then the environment variable, then the current file. */
  resolve(
    kind: ResourceKind,
    flag: string | undefined,
    envValue: string | undefined,
  ): ResolvedId | undefined {
    if (flag) return { id: flag, source: 'flag' };
    if (envValue) return { id: envValue, source: 'environment' };
    const current = this.read(kind);
    return current ? { id: current, source: 'current' } : undefined;
  }

  fileOf(kind: ResourceKind): string {
    return join(this.configDir, `current_${kind}`);
  }
}
