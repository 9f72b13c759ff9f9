import { cdpError, type CdpMessage, type TargetInfo } from './cdp-message';

/** Commands that would reach beyond one browser context (or end the whole browser). */
const refusedCommands = new Set([
  'Target.createBrowserContext',
  'Target.disposeBrowserContext',
  'Target.attachToBrowserTarget',
  'Target.exposeDevToolsProtocol',
  'Target.setRemoteLocations',
  'Target.openDevTools',
  'Browser.crash',
  'Browser.crashGpuProcess',
  'Browser.setDockTile',
  'Tethering.bind',
  'Tethering.unbind',
]);

/** Browser-level commands that act on a browser context: they are pinned to the session's. */
const contextScopedCommands = new Set([
  'Target.createTarget',
  'Storage.getCookies',
  'Storage.setCookies',
  'Storage.clearCookies',
  'Browser.grantPermissions',
  'Browser.resetPermissions',
  'Browser.setPermission',
]);

/** Commands whose `targetId` must be one of the session's targets. */
const targetCommands = new Set([
  'Target.attachToTarget',
  'Target.activateTarget',
  'Target.closeTarget',
  'Target.getTargetInfo',
  'Browser.getWindowForTarget',
]);

/** What to do with one message: pass it on (possibly rewritten), answer it here, or drop it. */
export type ClientVerdict = { forward: CdpMessage } | { reply: CdpMessage; thenClose?: boolean };

/**
 * The rules that confine one CDP client to one browser context: the client sees, attaches to and creates
 * only targets of `browserContextId`; auto-attached targets of other contexts are released at once
 * (resumed and detached) so other sessions never wait on this client.
 */
export class ContextScope {
  private readonly targets = new Set<string>();
  private readonly sessions = new Set<string>();

  constructor(readonly browserContextId: string) {}

  isOwnTarget(info: TargetInfo | undefined): boolean {
    return info?.browserContextId === this.browserContextId;
  }

  rememberTargets(infos: TargetInfo[]): void {
    for (const info of infos) if (this.isOwnTarget(info)) this.targets.add(info.targetId);
  }

  /** A command from the client. */
  fromClient(message: CdpMessage): ClientVerdict {
    const { id, method = '', sessionId } = message;
    const params = message.params ?? {};
    // Refused on target sessions too: a page's session must not become a way out of the context.
    if (refusedCommands.has(method)) {
      return { reply: cdpError(id, `${method} is not available on a session's CDP endpoint`, sessionId) };
    }
    if (sessionId !== undefined) {
      return this.sessions.has(sessionId)
        ? { forward: message }
        : { reply: cdpError(id, `Session with given id not found: ${sessionId}`, sessionId) };
    }
    // Closing means "I am done": the browser is shared and stays up; the session ends through the API.
    if (method === 'Browser.close') return { reply: { id, result: {} }, thenClose: true };
    // The service's own download handling (file storage) must keep working; the client is not handed it.
    if (method === 'Browser.setDownloadBehavior') return { reply: { id, result: {} } };
    // The client sees a single (default) context: the session's.
    if (method === 'Target.getBrowserContexts') return { reply: { id, result: { browserContextIds: [] } } };
    if (
      targetCommands.has(method) &&
      typeof params.targetId === 'string' &&
      !this.targets.has(params.targetId)
    ) {
      return { reply: cdpError(id, `No target with given id found: ${params.targetId}`) };
    }
    if (
      method === 'Target.detachFromTarget' &&
      typeof params.sessionId === 'string' &&
      !this.sessions.has(params.sessionId)
    ) {
      return { reply: cdpError(id, `No session with given id found: ${params.sessionId}`) };
    }
    if (contextScopedCommands.has(method)) {
      return { forward: { ...message, params: { ...params, browserContextId: this.browserContextId } } };
    }
    return { forward: message };
  }

  /** The browser's response to a client command, adjusted to what the client may see. */
  response(method: string, message: CdpMessage): CdpMessage {
    const result = message.result;
    if (!result) return message;
    if (method === 'Target.getTargets') {
      const infos = (result.targetInfos as TargetInfo[]).filter((info) => this.isOwnTarget(info));
      this.rememberTargets(infos);
      return { ...message, result: { ...result, targetInfos: infos } };
    }
    if (method === 'Target.createTarget') this.targets.add(result.targetId as string);
    if (method === 'Target.attachToTarget') this.sessions.add(result.sessionId as string);
    return message;
  }

  /**
   * An event from the browser: delivered if it concerns this context. `release` lists the commands that let
   * go of a foreign target the browser auto-attached us to.
   */
  event(message: CdpMessage): { deliver: boolean; release?: CdpMessage[] } {
    const params = message.params ?? {};
    if (message.sessionId !== undefined && !this.sessions.has(message.sessionId)) return { deliver: false };
    switch (message.method) {
      case 'Target.attachedToTarget':
        return this.attached(message);
      case 'Target.targetCreated':
      case 'Target.targetInfoChanged': {
        const info = params.targetInfo as TargetInfo;
        if (!this.isOwnTarget(info)) return { deliver: false };
        this.targets.add(info.targetId);
        return { deliver: true };
      }
      case 'Target.targetDestroyed':
      case 'Target.targetCrashed': {
        const isOwn = this.targets.has(params.targetId as string);
        if (message.method === 'Target.targetDestroyed') this.targets.delete(params.targetId as string);
        return { deliver: isOwn };
      }
      case 'Target.detachedFromTarget': {
        const isOwn = this.sessions.delete(params.sessionId as string);
        return { deliver: isOwn };
      }
      case 'Target.receivedMessageFromTarget':
        return { deliver: this.sessions.has(params.sessionId as string) };
      default:
        // Browser-wide events (downloads and the like) may describe other sessions: only target sessions' pass.
        return { deliver: message.sessionId !== undefined };
    }
  }

  private attached(message: CdpMessage): { deliver: boolean; release?: CdpMessage[] } {
    const params = message.params ?? {};
    const info = params.targetInfo as TargetInfo;
    const attachedSession = params.sessionId as string;
    if (this.isOwnTarget(info)) {
      this.targets.add(info.targetId);
      this.sessions.add(attachedSession);
      return { deliver: true };
    }
    const parent = message.sessionId !== undefined ? { sessionId: message.sessionId } : {};
    const release: CdpMessage[] = [];
    if (params.waitingForDebugger)
      release.push({ method: 'Runtime.runIfWaitingForDebugger', sessionId: attachedSession });
    release.push({ method: 'Target.detachFromTarget', params: { sessionId: attachedSession }, ...parent });
    return { deliver: false, release };
  }
}
