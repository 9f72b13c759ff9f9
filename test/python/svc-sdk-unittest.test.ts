import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pythonSdkDir, runPython } from './python-runner';

describe('the Python SDK unit tests', () => {
  it('pass under python3 -m unittest against the http.server fake', async () => {
    const run = await runPython(['-m', 'unittest', 'discover', '-s', join(pythonSdkDir, 'tests')]);
    expect(run.stderr).toMatch(/^OK$/m);
    expect(run.exitCode).toBe(0);
  });
});
