import type { BrowserContextOptions } from 'playwright-core';
import { assertDisplayAvailable, findChromium, type ChromiumPaths } from './chromium-launch';
import { BrowserProcess } from './browser-process';
import type { ContextLease } from './context-lease';
import { attachRemoteBrowser } from './remote-browser';
import { defaultBurstWindowMs, defaultDemandMemoryMs, WarmDemand } from './warm-demand';

export interface BrowserPoolConfig {
  /** SVC_CHROMIUM_PATH and SVC_CHROMIUM_HEADLESS_PATH; auto-detected when undefined. */
  chromiumPaths: ChromiumPaths;
  dataDir: string;
  contextsPerProcess: number;
  warmContexts: number;
  /** Most contexts kept warm after a burst of starts (see WarmDemand). */
  warmContextsMax: number;
  blockedHosts: Set<string>;
  logError: (message: string, error: unknown) => void;
}

export interface ContextRequest {
  headless: boolean;
  /** Context options (proxy, user agent, viewport, headers); undefined = defaults, served from the warm pool. */
  options?: BrowserContextOptions;
  /** Attach to this remote browser instead of one of ours. */
  cdpUrl?: string;
}

export const browserCrashedReason = 'The browser process exited unexpectedly';

/** How often the pool checks whether a past burst's extra warm contexts can go. */
const trimIntervalMs = 60_000;

/**
 * After a start that left warm contexts in stock, the refill waits this long: creating a context competes
 * with the new session's first steps (CDP connect, first navigation) in the same browser, and measured
 * here that doubled them (connectOverCDP p50 116 → 49 ms with the wait).
 */
const refillDelayMs = 300;

/** Contexts warmed at once: one per core here, so a refill after a burst is ready before the next one. */
const parallelWarmups = 2;

/**
 * Chromium processes grouped by launch-level option (headless or headed), each holding a bounded number of
 * contexts so one crash touches few sessions. A few default contexts are kept open ahead of demand and
 * refilled in the background; crashed processes are dropped and relaunched on the next demand.
 */
export class BrowserPool {
  private readonly groups = new Map<boolean, BrowserProcess[]>();
  private readonly launches = new Map<boolean, Promise<BrowserProcess>>();
  private readonly warm: ContextLease[] = [];
  private readonly demand: WarmDemand;
  private readonly trimTimer: NodeJS.Timeout;
  private refillTimer: NodeJS.Timeout | undefined;
  private isRefilling = false;
  private isClosed = false;

  constructor(private readonly config: BrowserPoolConfig) {
    this.demand = new WarmDemand({
      baseline: config.warmContexts,
      ceiling: Math.max(config.warmContexts, config.warmContextsMax),
      burstWindowMs: defaultBurstWindowMs,
      memoryMs: defaultDemandMemoryMs,
    });
    this.trimTimer = setInterval(() => this.refillSoon(), trimIntervalMs).unref();
  }

  async acquire(request: ContextRequest): Promise<ContextLease> {
    if (request.cdpUrl) return attachRemoteBrowser(request.cdpUrl, request.options, this.config.blockedHosts);
    if (!request.headless) assertDisplayAvailable();
    if (request.headless && !request.options) {
      this.demand.recordStart();
      const warm = this.warm.shift();
      // An empty stock is refilled at once: more starts of a burst may be waiting on it.
      this.refillSoon(this.warm.length > 0 ? refillDelayMs : 0);
      if (warm) return warm;
    }
    return this.openContext(request.headless, request.options ?? {});
  }

  /** Closes every context and browser process; the pool serves nothing afterwards. */
  async close(): Promise<void> {
    this.isClosed = true;
    clearInterval(this.trimTimer);
    clearTimeout(this.refillTimer);
    // A browser still launching (a spare, a refill) closes itself once up; wait for it so none outlives the pool.
    await Promise.all([...this.launches.values()].map((launching) => launching.catch(() => undefined)));
    const processes = [...this.groups.values()].flat();
    this.groups.clear();
    await Promise.all(processes.map((process) => process.close()));
  }

  private async openContext(headless: boolean, options: BrowserContextOptions): Promise<ContextLease> {
    const process = await this.processWithRoom(headless);
    return process.openContext(options, async () => this.closeIfSpare(process));
  }

  /** A process of the group with room for one more context, reserved for the caller. */
  private async processWithRoom(headless: boolean): Promise<BrowserProcess> {
    for (;;) {
      const roomy = this.groupOf(headless).find((process) => process.load < this.config.contextsPerProcess);
      if (roomy) {
        roomy.reserve();
        return roomy;
      }
      await this.launch(headless);
    }
  }

  /** One launch at a time per group; concurrent callers share it. */
  private launch(headless: boolean): Promise<BrowserProcess> {
    const running = this.launches.get(headless);
    if (running) return running;
    const launching = BrowserProcess.launch(
      {
        chromiumPath: findChromium(this.config.chromiumPaths, headless),
        dataDir: this.config.dataDir,
        blockedHosts: this.config.blockedHosts,
      },
      headless,
    )
      .then(async (process) => {
        if (this.isClosed) {
          await process.close();
          throw new Error('the browser pool is closed');
        }
        process.browser.on('disconnected', () => this.onDisconnected(process));
        this.groupOf(headless).push(process);
        return process;
      })
      .finally(() => this.launches.delete(headless));
    this.launches.set(headless, launching);
    return launching;
  }

  private onDisconnected(process: BrowserProcess): void {
    if (process.isClosing) return;
    this.removeProcess(process);
    for (const lease of process.leases) {
      const warmIndex = this.warm.indexOf(lease);
      if (warmIndex >= 0) this.warm.splice(warmIndex, 1);
      else lease.notifyCrash(browserCrashedReason);
    }
    this.refillSoon();
  }

  /** An empty process goes away unless it is the last one keeping headless starts fast. */
  private async closeIfSpare(process: BrowserProcess): Promise<void> {
    if (process.load > 0 || process.isClosing) return;
    const isLastHeadless = process.headless && this.groupOf(true).length <= 1;
    if (isLastHeadless && !this.isClosed) return;
    this.removeProcess(process);
    await process.close();
  }

  private refillSoon(delayMs = 0): void {
    if (this.isClosed) return;
    if (delayMs > 0) {
      this.refillTimer ??= setTimeout(() => this.refillSoon(), delayMs).unref();
      return;
    }
    clearTimeout(this.refillTimer);
    this.refillTimer = undefined;
    if (this.isRefilling) return;
    this.isRefilling = true;
    void this.refill().finally(() => {
      this.isRefilling = false;
    });
  }

  /** Brings the warm contexts up to the demand, a few at a time, until it is met or a creation fails. */
  private async refill(): Promise<void> {
    await this.releaseExtraWarm();
    await this.ensureHeadroom();
    let warming = 0;
    let failed = false;
    const isShort = () => !this.isClosed && !failed && this.warm.length + warming < this.demand.target();
    const warmUp = async () => {
      while (isShort()) {
        warming += 1;
        try {
          const lease = await this.openContext(true, {});
          if (this.isClosed) await lease.release();
          else this.warm.push(lease);
        } catch (error) {
          failed = true;
          if (!this.isClosed) this.config.logError('could not pre-warm a browser context', error);
        } finally {
          warming -= 1;
        }
      }
    };
    await Promise.all(Array.from({ length: parallelWarmups }, warmUp));
  }

  /** Contexts kept for a burst that has not come back are given up, down to the current demand. */
  private async releaseExtraWarm(): Promise<void> {
    const extra = this.warm.splice(this.demand.target());
    await Promise.all(extra.map((lease) => lease.release()));
  }

  /**
   * Launches the next headless browser before the current ones are full, so a burst of starts finds room
   * instead of waiting for a launch.
   */
  private async ensureHeadroom(): Promise<void> {
    const group = this.groupOf(true);
    if (group.length === 0) return;
    const room = group.reduce((free, process) => free + this.config.contextsPerProcess - process.load, 0);
    const stillToWarm = Math.max(0, this.demand.target() - this.warm.length);
    if (room >= this.config.contextsPerProcess / 2 + stillToWarm) return;
    await this.launch(true).catch((error: unknown) =>
      this.config.logError('could not launch a spare browser', error),
    );
  }

  private groupOf(headless: boolean): BrowserProcess[] {
    let group = this.groups.get(headless);
    if (!group) {
      group = [];
      this.groups.set(headless, group);
    }
    return group;
  }

  private removeProcess(process: BrowserProcess): void {
    const group = this.groupOf(process.headless);
    const index = group.indexOf(process);
    if (index >= 0) group.splice(index, 1);
  }
}
