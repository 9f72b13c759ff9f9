import type { CDPSession, Page } from 'playwright-core';

const startTimeoutMs = 5_000;

export interface ScreencastFrame {
  /** JPEG, base64 as CDP delivers it. */
  data: string;
  /** CSS pixels of the page area shown. */
  width: number;
  height: number;
}

export interface ScreencastOptions {
  maxWidth: number;
  maxHeight: number;
  quality: number;
}

/**
 * `Page.startScreencast` on one page over its own CDP session. Each frame is acknowledged only once
 * `deliver` has handed it on, so a slow consumer gets fewer frames instead of a growing backlog.
 */
export class Screencast {
  private stopped = false;

  private constructor(
    readonly page: Page,
    readonly cdp: CDPSession,
  ) {}

  /**
   * Starts it, or fails after `startTimeoutMs`: a tab in its first navigation (moving to another renderer process)
   * can leave the start unanswered for good. Its CDP session is then detached, now or once it opens, which also
   * ends a start still waiting for its answer.
   */
  static async start(
    page: Page,
    options: ScreencastOptions,
    deliver: (frame: ScreencastFrame) => Promise<void> | void,
  ): Promise<Screencast> {
    let session: CDPSession | undefined;
    let expired = false;
    const detach = (cdp: CDPSession | undefined) => void cdp?.detach().catch(() => undefined);
    const starting = Screencast.open(page, options, deliver, (cdp) => {
      session = cdp;
      if (expired) detach(cdp);
    });
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        expired = true;
        detach(session);
        reject(new Error('The screencast did not start'));
      }, startTimeoutMs);
    });
    try {
      return await Promise.race([starting, timedOut]);
    } finally {
      clearTimeout(timer);
      starting.catch(() => undefined);
    }
  }

  private static async open(
    page: Page,
    options: ScreencastOptions,
    deliver: (frame: ScreencastFrame) => Promise<void> | void,
    onSession: (cdp: CDPSession) => void,
  ): Promise<Screencast> {
    const cdp = await page.context().newCDPSession(page);
    onSession(cdp);
    const screencast = new Screencast(page, cdp);
    cdp.on('Page.screencastFrame', (event) => {
      const frame = {
        data: event.data,
        width: event.metadata.deviceWidth,
        height: event.metadata.deviceHeight,
      };
      void Promise.resolve(deliver(frame))
        .catch(() => undefined)
        .then(() =>
          screencast.stopped
            ? undefined
            : cdp.send('Page.screencastFrameAck', { sessionId: event.sessionId }),
        )
        .catch(() => undefined);
    });
    await cdp.send('Page.startScreencast', { format: 'jpeg', everyNthFrame: 1, ...options });
    return screencast;
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await this.cdp.send('Page.stopScreencast').catch(() => undefined);
    await this.cdp.detach().catch(() => undefined);
  }
}

/** Larger frames cost more to encode and send: lower the JPEG quality as the area grows. */
export function screencastOptionsFor(width: number, height: number): ScreencastOptions {
  const pixels = width * height;
  return {
    maxWidth: width,
    maxHeight: height,
    quality: pixels > 1_500_000 ? 55 : pixels > 600_000 ? 70 : 80,
  };
}
