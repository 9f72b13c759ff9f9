import type { BrowserContext, Request } from 'playwright-core';
import type { NetworkEntry } from '../../shared/sessions';

/** Entries kept per session; later requests still count in the byte totals. */
const maxEntries = 5_000;

/**
 * The network log of one session: every request of every tab, with status, resource type, timing and
 * sizes, and running byte totals. Entries are complete once the request finished or failed.
 */
export class NetworkRecorder {
  readonly entries: NetworkEntry[] = [];
  requestBytes = 0;
  responseBytes = 0;
  private readonly pending = new Map<Request, NetworkEntry>();

  constructor(
    context: BrowserContext,
    private readonly onEntry: (entry: NetworkEntry) => void,
  ) {
    context.on('request', (request) => this.pending.set(request, startEntry(request)));
    context.on('requestfinished', (request) => void this.finish(request));
    context.on('requestfailed', (request) => this.fail(request));
  }

  private async finish(request: Request): Promise<void> {
    const entry = this.pending.get(request);
    if (!entry) return;
    this.pending.delete(request);
    const response = await request.response().catch(() => null);
    entry.status = response?.status() ?? null;
    entry.mime_type = response?.headers()['content-type']?.split(';')[0] ?? null;
    const sizes = await request.sizes().catch(() => undefined);
    if (sizes) {
      entry.request_bytes = sizes.requestHeadersSize + sizes.requestBodySize;
      entry.response_bytes = sizes.responseHeadersSize + sizes.responseBodySize;
    }
    entry.duration_ms = durationOf(request);
    this.complete(entry);
  }

  private fail(request: Request): void {
    const entry = this.pending.get(request);
    if (!entry) return;
    this.pending.delete(request);
    entry.failure = request.failure()?.errorText ?? 'failed';
    entry.duration_ms = durationOf(request);
    this.complete(entry);
  }

  private complete(entry: NetworkEntry): void {
    this.requestBytes += entry.request_bytes;
    this.responseBytes += entry.response_bytes;
    if (this.entries.length < maxEntries) this.entries.push(entry);
    this.onEntry(entry);
  }
}

function startEntry(request: Request): NetworkEntry {
  return {
    method: request.method(),
    url: request.url(),
    status: null,
    resource_type: request.resourceType(),
    started_at: new Date().toISOString(),
    duration_ms: null,
    request_bytes: request.postDataBuffer()?.length ?? 0,
    response_bytes: 0,
    mime_type: null,
    failure: null,
  };
}

function durationOf(request: Request): number | null {
  const { startTime, responseEnd } = request.timing();
  return startTime > 0 && responseEnd >= 0 ? Math.round(responseEnd * 10) / 10 : null;
}
