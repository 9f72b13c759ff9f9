import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core';
import { blockHosts, resolvesThroughProxy } from './blocked-hosts';
import { browserWebSocketUrl, chromiumArgs, chromiumEnv, freeLoopbackPort } from './chromium-launch';
import { ContextLease } from './context-lease';
import { steadyCarets } from './steady-caret';

export interface LaunchConfig {
  chromiumPath: string;
  dataDir: string;
  blockedHosts: Set<string>;
}

/** One Chromium process of the pool and the contexts it holds (taken or reserved). */
export class BrowserProcess {
  readonly leases = new Set<ContextLease>();
  /** Contexts being created here, counted so concurrent starts do not overfill one process. */
  private reserved = 0;
  isClosing = false;

  private constructor(
    readonly browser: Browser,
    readonly headless: boolean,
    private readonly cdpEndpoint: string | undefined,
    private readonly blockedHosts: Set<string>,
  ) {}

  static async launch(config: LaunchConfig, headless: boolean): Promise<BrowserProcess> {
    const port = await freeLoopbackPort();
    const browser = await chromium.launch({
      executablePath: config.chromiumPath,
      headless,
      args: chromiumArgs(port, config.blockedHosts),
      env: chromiumEnv(config.dataDir),
      // The service shuts browsers down itself, in order, on its own signals.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    const endpoint = await browserWebSocketUrl(`http://127.0.0.1:${port}`).catch(() => undefined);
    return new BrowserProcess(browser, headless, endpoint, config.blockedHosts);
  }

  get load(): number {
    return this.leases.size + this.reserved;
  }

  reserve(): void {
    this.reserved += 1;
  }

  /** A new context with one page, in the room reserved before. */
  async openContext(
    options: BrowserContextOptions,
    onRelease: (lease: ContextLease) => Promise<void>,
  ): Promise<ContextLease> {
    try {
      const context = await this.browser.newContext({ acceptDownloads: true, ...options });
      await Promise.all([
        resolvesThroughProxy(options.proxy) ? blockHosts(context, this.blockedHosts) : undefined,
        steadyCarets(context),
      ]);
      const page = await context.newPage();
      const lease: ContextLease = new ContextLease(context, page, this.cdpEndpoint, async () => {
        await context.close().catch(() => undefined);
        this.leases.delete(lease);
        await onRelease(lease);
      });
      this.leases.add(lease);
      return lease;
    } finally {
      this.reserved -= 1;
    }
  }

  async close(): Promise<void> {
    this.isClosing = true;
    await this.browser.close().catch(() => undefined);
  }
}
