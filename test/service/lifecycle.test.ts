import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnService } from '../support/service-process';
import { testApiKey } from '../support/test-service';

const auth = (key: string) => ({ authorization: `Bearer ${key}` });

describe('svc serve as a process', () => {
  const dirs: string[] = [];
  const newDataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-proc-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('exits 0 on SIGTERM with a consistent store, and keeps its data across a restart', async () => {
    const dataDir = newDataDir();
    const first = await spawnService(dataDir);
    const created = await (
      await fetch(`${first.url}/api-keys`, {
        method: 'POST',
        headers: { ...auth(testApiKey), 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'kept' }),
      })
    ).json();
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const db = new SQLite(join(dataDir, 'svc.db'), { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.prepare('select name from api_keys where id = ?').get(created.key_id)).toEqual({
      name: 'kept',
    });
    db.close();

    const second = await spawnService(dataDir, {
      SVC_BOOTSTRAP_API_KEY: 'svc_ignored_after_first_start_000',
    });
    const account = await fetch(`${second.url}/account`, { headers: auth(created.key) });
    expect(account.status).toBe(200);
    const ignored = await fetch(`${second.url}/account`, {
      headers: auth('svc_ignored_after_first_start_000'),
    });
    expect(ignored.status).toBe(401);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  });

  it('writes a generated owner key to a 0600 file when no bootstrap key is given', async () => {
    const dataDir = newDataDir();
    const service = await spawnService(dataDir, { SVC_BOOTSTRAP_API_KEY: '' });
    const keyFile = join(dataDir, 'bootstrap-key');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(service.output()).toContain(keyFile);
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
  });

  it('never logs the API key, even on requests that present it', async () => {
    const service = await spawnService(newDataDir(), { SVC_LOG_LEVEL: 'info' });
    await fetch(`${service.url}/account`, { headers: auth(testApiKey) });
    await fetch(`${service.url}/account`, { headers: { 'x-svc-api-key': testApiKey } });
    service.child.kill('SIGTERM');
    await service.exited;
    expect(service.output()).toContain('request completed');
    expect(service.output()).not.toContain(testApiKey);
  });
});
