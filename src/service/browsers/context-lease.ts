import type { BrowserContext, Page } from 'playwright-core';

/**
 * One browser context handed to one session: its first page, the browser's DevTools endpoint, and the way
 * back to the pool. The pool tells the holder when the browser under it dies.
 */
export class ContextLease {
  private readonly crashListeners: ((reason: string) => void)[] = [];
  private isReleased = false;

  constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    readonly cdpEndpoint: string | undefined,
    private readonly onRelease: () => Promise<void>,
  ) {}

  onCrash(listener: (reason: string) => void): void {
    this.crashListeners.push(listener);
  }

  notifyCrash(reason: string): void {
    // A browser that disconnects because we released it has not crashed.
    if (this.isReleased) return;
    for (const listener of this.crashListeners) listener(reason);
  }

  /** Closes the context and returns its room to the pool; safe to call twice. */
  async release(): Promise<void> {
    if (this.isReleased) return;
    this.isReleased = true;
    await this.onRelease();
  }
}
