import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const binary = join(root, 'bin', 'svc');
const bundle = join(root, 'dist', 'cli.js');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

function newestSourceMs(dir: string): number {
  return Math.max(
    0,
    ...readdirSync(dir, { withFileTypes: true }).map((entry) =>
      entry.isDirectory() ? newestSourceMs(join(dir, entry.name)) : statSync(join(dir, entry.name)).mtimeMs,
    ),
  );
}

/** Builds dist/cli.js when any source is newer; serialized, since other test files may build at once. */
export function ensureCliBuilt(): void {
  const builtMs = (() => {
    try {
      return statSync(bundle).mtimeMs;
    } catch {
      return 0;
    }
  })();
  if (builtMs > newestSourceMs(join(root, 'src'))) return;
  execFileSync('flock', ['/tmp/svc-build.lock', 'npm', 'run', 'build'], { cwd: root, stdio: 'ignore' });
}

/** A throwaway HOME and CLI config dir, so a test never sees the user's keys or current session. */
export function cliHome(): { home: string; configDir: string; dispose(): void } {
  const home = mkdtempSync(join(tmpdir(), 'svc-cli-home-'));
  return {
    home,
    configDir: join(home, '.svc', 'cli'),
    dispose: () => rmSync(home, { recursive: true, force: true }),
  };
}

/**
 * Runs the real `bin/svc` with `env` on top of a minimal environment (no TTY: stdin is closed, output is
 * piped), and resolves with its exit code and output.
 */
export function runCli(
  args: string[],
  env: Record<string, string | undefined>,
  input?: string,
): Promise<CliRun> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [binary, ...args], {
      cwd: root,
      env: { PATH: process.env.PATH, NO_COLOR: '1', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}
