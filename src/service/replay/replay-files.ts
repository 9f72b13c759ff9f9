import { existsSync } from 'node:fs';
import { appendFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Who a recording belongs to and when it ran; kept beside the frames so a replay outlives its session. */
export interface ReplayMeta {
  session_id: string;
  account_id: string;
  started_at: number;
  ended_at?: number;
}

/** One kept frame: its file in the replay dir and when it was shown (Unix epoch ms). */
export interface RecordedFrame {
  file: string;
  t: number;
}

/** Session ids become directory names: only the characters ids are made of. */
const isSafeId = (id: string) => /^[A-Za-z0-9_-]{1,128}$/.test(id);

/**
 * The replay data of every session under `<data dir>/replays/<session id>/`: meta.json, frames.jsonl
 * (append-only, one RecordedFrame a line), the JPEG frames and the last encoded replay.mp4.
 */
export class ReplayFiles {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = join(dataDir, 'replays');
  }

  dirOf(sessionId: string): string {
    if (!isSafeId(sessionId)) throw new Error(`unexpected session id ${JSON.stringify(sessionId)}`);
    return join(this.root, sessionId);
  }

  async create(meta: ReplayMeta): Promise<void> {
    await mkdir(this.dirOf(meta.session_id), { recursive: true, mode: 0o700 });
    await this.writeMeta(meta);
  }

  async writeMeta(meta: ReplayMeta): Promise<void> {
    await writeFile(join(this.dirOf(meta.session_id), 'meta.json'), JSON.stringify(meta));
  }

  async readMeta(sessionId: string): Promise<ReplayMeta | undefined> {
    if (!isSafeId(sessionId)) return undefined;
    try {
      return JSON.parse(await readFile(join(this.dirOf(sessionId), 'meta.json'), 'utf8')) as ReplayMeta;
    } catch {
      return undefined;
    }
  }

  async addFrame(sessionId: string, seq: number, jpeg: Buffer, t: number): Promise<void> {
    const file = `${String(seq).padStart(7, '0')}.jpg`;
    await writeFile(join(this.dirOf(sessionId), file), jpeg);
    await appendFile(join(this.dirOf(sessionId), 'frames.jsonl'), `${JSON.stringify({ file, t })}\n`);
  }

  async frames(sessionId: string): Promise<RecordedFrame[]> {
    const path = join(this.dirOf(sessionId), 'frames.jsonl');
    if (!existsSync(path)) return [];
    const lines = (await readFile(path, 'utf8')).split('\n').filter(Boolean);
    return lines.map((line) => JSON.parse(line) as RecordedFrame);
  }

  /** Recordings never marked ended: their session was still running when the service last stopped. */
  async unfinished(): Promise<ReplayMeta[]> {
    if (!existsSync(this.root)) return [];
    const metas = await Promise.all((await readdir(this.root)).map((sessionId) => this.readMeta(sessionId)));
    return metas.filter((meta): meta is ReplayMeta => meta !== undefined && meta.ended_at === undefined);
  }

  /** Deletes recordings whose last activity is older than `before` (Unix ms); returns the session ids. */
  async deleteOlderThan(before: number): Promise<string[]> {
    if (!existsSync(this.root)) return [];
    const deleted: string[] = [];
    for (const sessionId of await readdir(this.root)) {
      const dir = join(this.root, sessionId);
      const meta = await this.readMeta(sessionId);
      const lastActive = meta?.ended_at ?? (await stat(dir)).mtimeMs;
      if (meta && !meta.ended_at) continue; // still recording
      if (lastActive < before) {
        await rm(dir, { recursive: true, force: true });
        deleted.push(sessionId);
      }
    }
    return deleted;
  }
}
