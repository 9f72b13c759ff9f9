import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ReplayFiles } from './replay-files';

const dayMs = 86_400_000;
let dataDir: string;

afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('replay retention', () => {
  it('deletes ended recordings older than the cut-off and keeps recent and running ones', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'svc-replay-files-'));
    const files = new ReplayFiles(dataDir);
    const now = Date.now();
    await files.create({
      session_id: 'old',
      account_id: 'a',
      started_at: now - 9 * dayMs,
      ended_at: now - 8 * dayMs,
    });
    await files.create({
      session_id: 'recent',
      account_id: 'a',
      started_at: now - dayMs,
      ended_at: now - dayMs,
    });
    await files.create({ session_id: 'running', account_id: 'a', started_at: now - 9 * dayMs });
    await files.addFrame('old', 1, Buffer.from('jpeg'), now - 8 * dayMs);

    expect(await files.deleteOlderThan(now - 7 * dayMs)).toEqual(['old']);
    expect(existsSync(files.dirOf('old'))).toBe(false);
    expect(await files.readMeta('recent')).toMatchObject({ session_id: 'recent' });
    expect(await files.readMeta('running')).toMatchObject({ session_id: 'running' });
  });

  it('never turns a session id into a path outside the replay dir', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'svc-replay-files-'));
    const files = new ReplayFiles(dataDir);
    expect(await files.readMeta('../../etc')).toBeUndefined();
    expect(() => files.dirOf('../x')).toThrow();
  });
});

describe('recordings left open by a previous run', () => {
  it('are listed as unfinished until marked ended', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'svc-replay-files-'));
    const files = new ReplayFiles(dataDir);
    await files.create({ session_id: 'left_open', account_id: 'a', started_at: 1 });
    await files.create({ session_id: 'done', account_id: 'a', started_at: 1, ended_at: 2 });
    expect((await files.unfinished()).map((meta) => meta.session_id)).toEqual(['left_open']);
  });
});
