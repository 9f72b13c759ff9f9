import WebSocket from 'ws';
import type { CdpMessage, TargetInfo } from './cdp-message';
import { ContextScope } from './context-scope';

/** The client side of a proxied connection: the WebSocket a CDP client opened to the service. */
export interface ClientSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: WebSocket.RawData) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

type Pending =
  | { kind: 'client'; clientId: number | undefined; method: string }
  | { kind: 'internal'; resolve: (m: CdpMessage) => void };

/**
 * One CDP client's connection to the browser, confined to one browser context. Every upstream message gets
 * an id of ours, so the proxy's own commands (seeding the target list, releasing foreign targets) never
 * collide with the client's ids.
 */
export class CdpProxy {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  private constructor(
    private readonly client: ClientSocket,
    private readonly upstream: WebSocket,
    private readonly scope: ContextScope,
  ) {}

  /**
   * Connects to the browser, learns the context's current targets, then relays until either side closes.
   * Call it synchronously from the WebSocket handler: the client's first commands arrive at once and are
   * queued here, in order, until the upstream is ready.
   */
  static async open(
    client: ClientSocket,
    browserEndpoint: string,
    browserContextId: Promise<string>,
  ): Promise<CdpProxy> {
    let early: WebSocket.RawData[] | undefined = [];
    client.on('message', (data) => (early ? early.push(data) : proxy.fromClient(data)));
    const upstream = new WebSocket(browserEndpoint, {
      perMessageDeflate: false,
      maxPayload: 256 * 1024 * 1024,
    });
    const opened = new Promise<void>((resolve, reject) => {
      upstream.once('open', resolve);
      upstream.once('error', reject);
    });
    const [contextId] = await Promise.all([browserContextId, opened]);
    const proxy = new CdpProxy(client, upstream, new ContextScope(contextId));
    upstream.on('message', (data) => proxy.fromBrowser(JSON.parse(data.toString()) as CdpMessage));
    upstream.on('close', () => proxy.close());
    upstream.on('error', () => proxy.close());
    client.on('close', () => proxy.close());
    const { result } = await proxy.internal({ method: 'Target.getTargets' });
    proxy.scope.rememberTargets((result?.targetInfos as TargetInfo[] | undefined) ?? []);
    for (const data of early) proxy.fromClient(data);
    early = undefined;
    return proxy;
  }

  close(reason = 'closed'): void {
    if (this.closed) return;
    this.closed = true;
    for (const pending of this.pending.values()) if (pending.kind === 'internal') pending.resolve({});
    this.upstream.close();
    this.client.close(1000, reason);
  }

  private fromClient(data: WebSocket.RawData): void {
    let message: CdpMessage;
    try {
      message = JSON.parse(data.toString()) as CdpMessage;
    } catch {
      this.client.send(JSON.stringify({ error: { code: -32700, message: 'Message must be a JSON object' } }));
      return;
    }
    const verdict = this.scope.fromClient(message);
    if ('reply' in verdict) {
      this.client.send(JSON.stringify(verdict.reply));
      if (verdict.thenClose)
        this.close('Browser.close ends this CDP connection; the session itself keeps running');
      return;
    }
    const id = this.nextId++;
    this.pending.set(id, { kind: 'client', clientId: message.id, method: message.method ?? '' });
    this.sendUpstream({ ...verdict.forward, id });
  }

  private fromBrowser(message: CdpMessage): void {
    if (message.id !== undefined) {
      const pending = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (pending?.kind === 'internal') pending.resolve(message);
      if (pending?.kind === 'client') {
        this.client.send(
          JSON.stringify(this.scope.response(pending.method, { ...message, id: pending.clientId })),
        );
      }
      return;
    }
    const { deliver, release } = this.scope.event(message);
    for (const command of release ?? []) void this.internal(command);
    if (deliver) this.client.send(JSON.stringify(message));
  }

  private internal(command: CdpMessage): Promise<CdpMessage> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { kind: 'internal', resolve });
      this.sendUpstream({ ...command, id });
    });
  }

  private sendUpstream(message: CdpMessage): void {
    if (this.upstream.readyState === WebSocket.OPEN) this.upstream.send(JSON.stringify(message));
  }
}
