import { execFile, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository's python/ folder, where `svc_sdk` lives. */
export const pythonSdkDir = fileURLToPath(new URL('../../python', import.meta.url));

/** Whether the machine's python3 can import pydantic, which exported workflow code needs. */
export const hasPydantic = spawnSync('python3', ['-c', 'import pydantic'], { stdio: 'ignore' }).status === 0;

export interface PythonRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs python3 with `svc_sdk` importable, without blocking the event loop: the service under test answers the
 * program's requests from this same process.
 */
export function runPython(args: string[], env: Record<string, string> = {}): Promise<PythonRun> {
  return new Promise((resolve) => {
    execFile(
      'python3',
      args,
      { env: { ...process.env, PYTHONPATH: pythonSdkDir, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const exitCode = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ exitCode, stdout, stderr });
      },
    );
  });
}
