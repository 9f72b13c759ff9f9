import type { Har, NetworkEntry } from '../../shared/sessions';
import { productVersion } from '../version';

/** The network log as HAR 1.2, for browser dev tools and HAR viewers. Headers and bodies are not kept. */
export function toHar(entries: NetworkEntry[]): Har {
  return {
    log: {
      version: '1.2',
      creator: { name: 'svc', version: productVersion },
      pages: [],
      entries: entries.map(toHarEntry),
    },
  };
}

function toHarEntry(entry: NetworkEntry): Record<string, unknown> {
  const url = new URL(entry.url);
  const wait = entry.duration_ms ?? 0;
  return {
    startedDateTime: entry.started_at,
    time: wait,
    request: {
      method: entry.method,
      url: entry.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [],
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      headersSize: -1,
      bodySize: entry.request_bytes,
    },
    response: {
      status: entry.status ?? 0,
      statusText: entry.failure ?? '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [],
      content: { size: entry.response_bytes, mimeType: entry.mime_type ?? '' },
      redirectURL: '',
      headersSize: -1,
      bodySize: entry.response_bytes,
    },
    cache: {},
    timings: { send: 0, wait, receive: 0 },
    _resourceType: entry.resource_type,
  };
}
