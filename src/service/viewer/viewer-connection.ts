import type { Frame, Page } from 'playwright-core';
import type WebSocket from 'ws';
import type { LiveSession } from '../sessions/live-session';
import { toCdpCommand, type CdpCommand, type FrameGeometry } from './input-dispatch';
import { openActiveTab } from './open-tab';
import { Screencast, screencastOptionsFor } from './screencast';
import { viewerInputSchema, type ViewerInput, type ViewerOutput } from './viewer-messages';

/** A screencast that did not start is tried again this soon: the tab is usually past its first navigation by then. */
const retryWatchMs = 500;

/** The API's `switch_tab` changes the session's active tab without an event; look for it this often. */
const activeTabCheckMs = 500;
/** Code a viewer page reads as "the session is over, do not reconnect". */
export const sessionEndedCloseCode = 4000;

/**
 * One viewer page's WebSocket: streams the watched tab's screencast, replays the viewer's input in it (when
 * allowed), keeps the tab strip current and follows new tabs and pop-ups.
 */
export class ViewerConnection {
  private screencast: Screencast | undefined;
  private watched: Page | undefined;
  private lastActive: Page | undefined;
  private size = { width: 1024, height: 768 };
  private frame: FrameGeometry = { width: 1024, height: 768 };
  private switching: Promise<void> = Promise.resolve();
  private readonly trackedPages = new Set<Page>();
  private readonly timer: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly session: LiveSession,
    private readonly canControl: boolean,
    initialTab?: number,
  ) {
    this.lastActive = openActiveTab(session);
    this.watched = (initialTab !== undefined ? session.tabs()[initialTab] : undefined) ?? this.lastActive;
    socket.on('message', (data) => this.onMessage(data.toString()));
    socket.on('close', () => void this.close());
    session.context.on('page', this.onNewPage);
    for (const page of session.tabs()) this.track(page);
    this.timer = setInterval(this.followActiveTab, activeTabCheckMs);
    this.watch(this.watched);
  }

  /** Tells the viewer the session is over and closes for good. */
  end(reason: string): void {
    this.send({ type: 'ended', reason });
    this.socket.close(sessionEndedCloseCode, 'session ended');
    void this.close();
  }

  private readonly onNewPage = (page: Page) => {
    this.track(page);
    this.watch(page);
  };

  private readonly followActiveTab = () => {
    const active = openActiveTab(this.session);
    if (!active || active === this.lastActive) return;
    this.lastActive = active;
    this.watch(active);
  };

  private readonly onTabChange = () => this.sendTabs();
  private readonly onNavigated = (frame: Frame) => {
    if (!frame.parentFrame()) this.sendTabs();
  };

  private track(page: Page): void {
    if (this.trackedPages.has(page)) return;
    this.trackedPages.add(page);
    page.on('framenavigated', this.onNavigated);
    page.on('load', this.onTabChange);
    page.once('close', () => {
      this.trackedPages.delete(page);
      if (page === this.watched && !this.closed) this.watch(openActiveTab(this.session));
      else this.sendTabs();
    });
  }

  private watch(page: Page | undefined): void {
    this.watched = page;
    this.sendTabs();
    this.switching = this.switching.then(() => this.restartScreencast()).catch(() => this.retryWatch(page));
  }

  /** A screencast that did not start (see Screencast.start) is tried again while the tab is still the one shown. */
  private retryWatch(page: Page | undefined): void {
    setTimeout(() => {
      if (!this.closed && page && page === this.watched && !this.screencast) this.watch(page);
    }, retryWatchMs);
  }

  private async restartScreencast(): Promise<void> {
    await this.screencast?.stop();
    this.screencast = undefined;
    const page = this.watched;
    if (this.closed || !page || page.isClosed()) return;
    const screencast = await Screencast.start(
      page,
      screencastOptionsFor(this.size.width, this.size.height),
      (frame) => {
        this.frame = { width: frame.width, height: frame.height };
        return this.sendAndWait({ type: 'frame', ...frame });
      },
    );
    // The watched tab may have changed while the screencast started.
    if (this.closed || page !== this.watched) await screencast.stop();
    else this.screencast = screencast;
  }

  private onMessage(raw: string): void {
    let input: ViewerInput;
    try {
      input = viewerInputSchema.parse(JSON.parse(raw));
    } catch {
      this.send({ type: 'error', message: 'Unrecognised viewer message' });
      return;
    }
    if (input.type === 'size') {
      this.size = { width: input.width, height: input.height };
      this.watch(this.watched);
      return;
    }
    if (input.type === 'tab') {
      void this.selectTab(input.index);
      return;
    }
    if (!this.canControl) return;
    const command = toCdpCommand(input, this.frame);
    if (command && this.screencast) {
      this.session.touch();
      void this.dispatch(this.screencast, command);
    }
  }

  private async dispatch(screencast: Screencast, command: CdpCommand): Promise<void> {
    // The params are built for exactly this method by toCdpCommand; input into a page that is navigating
    // away may be refused, and the next event goes to the new document.
    await screencast.cdp.send(command.method, command.params as never).catch(() => undefined);
  }

  /** A controller makes the tab the session's active one; a watcher only looks at it. */
  private async selectTab(index: number): Promise<void> {
    const page = this.session.tabs()[index];
    if (!page) return;
    if (this.canControl) {
      await this.session.switchTab(index).catch(() => undefined);
      this.lastActive = page;
    }
    this.watch(page);
  }

  private sendTabs(): void {
    const tabs = this.session.tabs();
    const watched = this.watched;
    void Promise.all(tabs.map((page) => page.title().catch(() => ''))).then((titles) =>
      this.send({
        type: 'tabs',
        tabs: tabs.map((page, index) => ({ index, title: titles[index] ?? '', url: page.url() })),
        watched: watched ? tabs.indexOf(watched) : -1,
        control: this.canControl,
      }),
    );
  }

  private send(message: ViewerOutput): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private sendAndWait(message: ViewerOutput): Promise<void> {
    if (this.socket.readyState !== this.socket.OPEN) return Promise.resolve();
    return new Promise((resolve) => this.socket.send(JSON.stringify(message), () => resolve()));
  }

  private async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    this.session.context.off('page', this.onNewPage);
    for (const page of this.trackedPages) {
      page.off('framenavigated', this.onNavigated);
      page.off('load', this.onTabChange);
    }
    await this.switching;
    await this.screencast?.stop();
  }
}
