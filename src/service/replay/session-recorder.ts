import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import type { LiveSession } from '../sessions/live-session';
import { openActiveTab } from '../viewer/open-tab';
import { Screencast } from '../viewer/screencast';
import type { ReplayFiles } from './replay-files';

/** The API's `switch_tab` changes the active tab without an event; look for it this often. */
const activeTabCheckMs = 500;
const recordingSize = { maxWidth: 1280, maxHeight: 800, quality: 60 };
/**
 * Past this wait for the next frame, the screencast is stopped meanwhile and started again after it. A running
 * screencast makes Chromium draw every changed frame for it, acknowledged or not (measured: about 8 ms of CPU per
 * action with 30 busy sessions), while a start costs about one frame. Shorter waits keep it running, so a
 * page that does not change costs nothing.
 */
const pauseAboveMs = 1_000;

/**
 * Records one session's screencast while it runs: the active tab's frames, identical frames dropped, at most
 * one per `frameGapMs()`. The cap is applied at the source: Chromium sends the next frame only once the last one is
 * acknowledged, so holding the acknowledgement spares it encoding frames we would throw away, and the frame
 * that follows a burst still shows its final state. When the budget leaves a session long gaps between frames (many
 * sessions, a busy CPU), the screencast pauses in between instead.
 */
export class SessionRecorder {
  private screencast: Screencast | undefined;
  private recordedPage: Page | undefined;
  private seq = 0;
  private lastHash = '';
  private writes: Promise<void> = Promise.resolve();
  private switching: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;
  private stopped = false;
  /** No screencast until then: the recording pauses between frames that are far apart. */
  private pausedUntil = 0;

  constructor(
    private readonly session: LiveSession,
    private readonly files: ReplayFiles,
    /** Milliseconds to wait between kept frames now (at least 100: at most 10 frames a second). */
    private readonly frameGapMs: () => number,
  ) {
    this.timer = setInterval(() => this.followActiveTab(), activeTabCheckMs);
    session.context.on('page', this.onNewPage);
    this.followActiveTab();
  }

  /** Stops recording and waits until every kept frame is on disk. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.timer);
    this.session.context.off('page', this.onNewPage);
    // Not waiting for a screencast still starting (a crashed tab may never answer): it stops itself once started.
    await this.screencast?.stop();
    await this.writes;
  }

  // A pop-up or new tab usually becomes the session's active tab a moment later; check right away.
  private readonly onNewPage = () => setTimeout(() => this.followActiveTab(), 50);

  private followActiveTab(): void {
    if (this.stopped || Date.now() < this.pausedUntil) return;
    const page = openActiveTab(this.session);
    if (!page || page === this.recordedPage) return;
    this.recordedPage = page;
    this.switching = this.switching
      .then(() => this.record(page))
      .catch(() => {
        // Not started (see Screencast.start): the next active-tab check tries again.
        if (this.recordedPage === page) this.recordedPage = undefined;
      });
  }

  private async record(page: Page): Promise<void> {
    await this.release();
    if (this.stopped || page.isClosed()) return;
    const screencast = await Screencast.start(page, recordingSize, (frame) => this.onFrame(frame.data));
    if (this.stopped || page !== this.recordedPage) await screencast.stop();
    else this.screencast = screencast;
  }

  private async onFrame(data: string): Promise<void> {
    // A frame already on its way when the screencast paused.
    if (Date.now() < this.pausedUntil) return;
    this.keep(data, Date.now());
    const gapMs = this.frameGapMs();
    if (gapMs <= pauseAboveMs) return sleep(gapMs);
    // The active-tab check starts recording again once the pause is over; its first frame is dropped if unchanged.
    this.pausedUntil = Date.now() + gapMs;
    this.recordedPage = undefined;
    this.switching = this.switching.then(() => this.release()).catch(() => undefined);
  }

  private async release(): Promise<void> {
    const screencast = this.screencast;
    this.screencast = undefined;
    await screencast?.stop();
  }

  private keep(data: string, t: number): void {
    const hash = createHash('sha1').update(data).digest('hex');
    if (hash === this.lastHash) return;
    this.lastHash = hash;
    const seq = ++this.seq;
    this.writes = this.writes
      .then(() => this.files.addFrame(this.session.id, seq, Buffer.from(data, 'base64'), t))
      .catch(() => undefined);
  }
}
