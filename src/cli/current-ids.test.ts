import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CurrentIds } from './current-ids';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function currentIds(): CurrentIds {
  const dir = mkdtempSync(join(tmpdir(), 'svc-cli-ids-'));
  dirs.push(dir);
  return new CurrentIds(join(dir, 'cli'));
}

describe('CurrentIds', () => {
  it('resolves the flag first, then the environment, then the current file', () => {
    const ids = currentIds();
    ids.write('session', 'from-file');
    expect(ids.resolve('session', 'from-flag', 'from-env')).toEqual({ id: 'from-flag', source: 'flag' });
    expect(ids.resolve('session', undefined, 'from-env')).toEqual({ id: 'from-env', source: 'environment' });
    expect(ids.resolve('session', undefined, undefined)).toEqual({ id: 'from-file', source: 'current' });
  });

  it('keeps one current id per kind, private to the user, and forgets a cleared one', () => {
    const ids = currentIds();
    ids.write('agent', 'a1');
    expect(ids.read('session')).toBeUndefined();
    expect(ids.read('agent')).toBe('a1');
    expect(statSync(ids.fileOf('agent')).mode & 0o777).toBe(0o600);
    ids.clear('agent');
    expect(ids.resolve('agent', undefined, undefined)).toBeUndefined();
  });
});
