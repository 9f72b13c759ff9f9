import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../../shared/errors';
import type { Replay } from '../../shared/replay';
import type { SessionTokens } from '../http/signed-token';
import type { LiveSession } from '../sessions/live-session';
import type { FrameBudget } from './frame-budget';
import { encodeReplay } from './replay-encoder';
import type { ReplayFiles } from './replay-files';
import { SessionRecorder } from './session-recorder';

/** How long an mp4_url works. */
const videoUrlTtlS = 3600;
const dayMs = 86_400_000;
const minFrameGapMs = 100;

interface Encoding {
  /** Frame count and end of the encoded span: the same key means the same video. */
  key: string;
  startMs: number;
  endMs: number;
  done: Promise<string>;
}

/** Records every running session and turns a recording into an MP4 on request, during the session and after. */
export class ReplayService {
  private readonly recorders = new Map<string, SessionRecorder>();
  /** Recordings whose files are still being created: a stop that comes meanwhile waits for them. */
  private readonly starting = new Map<string, Promise<void>>();
  private readonly encodings = new Map<string, Encoding>();

  constructor(
    private readonly files: ReplayFiles,
    private readonly tokens: SessionTokens,
    private readonly retentionDays: number,
    /** Frames per second all recordings together may take, so many busy sessions do not starve the CPU. */
    private readonly budget: FrameBudget,
  ) {}

  /** Each recording's share of the frame budget, never more than 10 frames a second. */
  frameGapMs(): number {
    return Math.max(minFrameGapMs, (this.recorders.size * 1000) / Math.max(0.1, this.budget.framesPerS()));
  }

  async startRecording(session: LiveSession): Promise<void> {
    const created = this.files.create({
      session_id: session.id,
      account_id: session.accountId,
      started_at: Date.now(),
    });
    this.starting.set(session.id, created);
    try {
      await created;
    } finally {
      this.starting.delete(session.id);
    }
    this.recorders.set(session.id, new SessionRecorder(session, this.files, () => this.frameGapMs()));
  }

  async stopRecording(session: LiveSession): Promise<void> {
    // A session stopped right after its start: without this wait its recorder would start after the stop
    // and run (a ref'd timer) for ever.
    await this.starting.get(session.id)?.catch(() => undefined);
    const recorder = this.recorders.get(session.id);
    if (!recorder) return;
    this.recorders.delete(session.id);
    await recorder.stop();
    const meta = await this.files.readMeta(session.id);
    if (meta) await this.files.writeMeta({ ...meta, ended_at: Date.now() });
  }

  /** The replay of an account's session, encoded up to now (active) or in full (ended). */
  async replay(accountId: string, sessionId: string, publicUrl: string): Promise<Replay> {
    const encoding = await this.encode(accountId, sessionId);
    await encoding.done;
    const token = this.tokens.sign(sessionId, 'view', videoUrlTtlS);
    return {
      mp4_url: `${publicUrl}/sessions/${encodeURIComponent(sessionId)}/replay.mp4?token=${encodeURIComponent(token)}`,
      expires_at: new Date(Date.now() + videoUrlTtlS * 1000).toISOString(),
      video_start_ms: encoding.startMs,
      video_duration_ms: Math.round(encoding.endMs - encoding.startMs),
    };
  }

  /** The encoded MP4 of a session the caller holds a token for; encoded now if it never was. */
  async videoPath(sessionId: string): Promise<string> {
    const path = join(this.files.dirOf(sessionId), 'replay.mp4');
    if (existsSync(path)) return path;
    const meta = await this.files.readMeta(sessionId);
    if (!meta) throw this.notFound(sessionId);
    return (await this.encode(meta.account_id, sessionId)).done;
  }

  /**
   * Marks recordings a previous run left open as ended at their last frame, so their replay is complete
   * and they expire like any other. Call before sessions start.
   */
  async closeAbandoned(): Promise<void> {
    for (const meta of await this.files.unfinished()) {
      if (this.recorders.has(meta.session_id)) continue;
      const last = (await this.files.frames(meta.session_id)).at(-1);
      await this.files.writeMeta({ ...meta, ended_at: last?.t ?? meta.started_at });
    }
  }

  /** Deletes ended recordings past the retention period. */
  deleteExpired(now = Date.now()): Promise<string[]> {
    return this.files.deleteOlderThan(now - this.retentionDays * dayMs);
  }

  private async encode(accountId: string, sessionId: string): Promise<Encoding> {
    const meta = await this.files.readMeta(sessionId);
    // Another account's session is answered exactly like a session that does not exist.
    if (!meta || meta.account_id !== accountId) throw this.notFound(sessionId);
    const frames = await this.files.frames(sessionId);
    const first = frames[0];
    if (!first)
      throw new AppError(
        'replay_not_found',
        'No replay yet',
        'No frame of this session has been recorded yet',
      );
    const endMs = meta.ended_at ?? Date.now();
    const key = `${frames.length}:${meta.ended_at ?? 'active'}`;
    const previous = this.encodings.get(sessionId);
    if (previous?.key === key) return previous;
    const dir = this.files.dirOf(sessionId);
    // One ffmpeg per session at a time: a newer request waits for the running one, then encodes the newer span.
    const done = (previous?.done.catch(() => undefined) ?? Promise.resolve()).then(() =>
      encodeReplay(dir, frames, endMs),
    );
    const encoding = { key, startMs: first.t, endMs, done };
    this.encodings.set(sessionId, encoding);
    done.catch(() => {
      if (this.encodings.get(sessionId) === encoding) this.encodings.delete(sessionId);
    });
    return encoding;
  }

  private notFound(sessionId: string): AppError {
    return new AppError('session_not_found', 'Session not found', `No session ${sessionId}`);
  }
}
