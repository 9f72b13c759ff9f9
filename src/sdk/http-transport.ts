import {
  fillPath,
  type Operation,
  type ParamsOf,
  type QueryInputOf,
  type BodyInputOf,
  type ResponseOf,
} from '../shared/contract';
import { errorBodySchema } from '../shared/errors';
import { toQueryString } from './query-string';
import { SvcError } from './svc-error';

export interface TransportOptions {
  baseUrl: string;
  apiKey?: string;
  /** Per attempt. */
  timeoutMs?: number;
  /** Attempts of an idempotent request (GET/HEAD) on 5xx and network errors. */
  maxAttempts?: number;
  /** First retry delay; doubled on each further attempt. */
  backoffMs?: number;
  /** Also retry 429s, after their `Retry-After`. Off by default: a rate limit is the caller's to respect. */
  retryOnRateLimit?: boolean;
}

/** What a call of `operation` sends; each part only where the operation has one. */
export interface RequestInput<T extends Operation> {
  params?: ParamsOf<T>;
  query?: QueryInputOf<T>;
  body?: BodyInputOf<T>;
}

export interface BinaryResponse {
  bytes: Buffer;
  contentType: string;
}

const idempotentMethods = new Set(['GET', 'HEAD']);
const defaultTimeoutMs = 30_000;

/** The one place that speaks HTTP to the service: auth header, timeout, retries, typed errors. */
export class HttpTransport {
  readonly baseUrl: string;
  private readonly options: Required<Omit<TransportOptions, 'apiKey'>> & { apiKey?: string };

  constructor(options: TransportOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.options = {
      timeoutMs: defaultTimeoutMs,
      maxAttempts: 3,
      backoffMs: 250,
      retryOnRateLimit: false,
      ...options,
      baseUrl: this.baseUrl,
    };
  }

  get hasApiKey(): boolean {
    return Boolean(this.options.apiKey);
  }

  /** Calls a JSON operation and returns its response object. */
  async request<T extends Operation>(operation: T, input: RequestInput<T> = {}): Promise<ResponseOf<T>> {
    const response = await this.send(operation, input);
    if (response.status === 204 || operation.method === 'HEAD') return undefined as ResponseOf<T>;
    return (await response.json()) as ResponseOf<T>;
  }

  /** Calls an operation whose answer is not JSON (an image, a file). */
  async requestBinary<T extends Operation>(
    operation: T,
    input: RequestInput<T> = {},
  ): Promise<BinaryResponse> {
    const response = await this.send(operation, input);
    const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
    return { bytes: Buffer.from(await response.arrayBuffer()), contentType };
  }

  /** Sends raw bytes as the body (file uploads) and returns the JSON answer. */
  async requestWithBytes<T extends Operation>(
    operation: T,
    input: RequestInput<T>,
    bytes: Uint8Array,
  ): Promise<ResponseOf<T>> {
    const response = await this.send(operation, input, bytes);
    return (await response.json()) as ResponseOf<T>;
  }

  private async send<T extends Operation>(
    operation: T,
    input: RequestInput<T>,
    bytes?: Uint8Array,
  ): Promise<Response> {
    const url = this.urlOf(operation, input);
    const attempts = idempotentMethods.has(operation.method) ? this.options.maxAttempts : 1;
    for (let attempt = 1; ; attempt += 1) {
      const isLast = attempt >= attempts;
      let response: Response;
      try {
        response = await this.fetchOnce(operation.method, url, bytes ?? input.body);
      } catch (error) {
        const failure = toTransportError(error, this.baseUrl, this.options.timeoutMs);
        if (isLast || failure.code === 'timeout') throw failure;
        await sleep(this.backoffFor(attempt));
        continue;
      }
      if (response.ok) return response;
      const error = await toSvcError(response);
      const isRetryable =
        response.status >= 500 || (response.status === 429 && this.options.retryOnRateLimit);
      if (isLast || !isRetryable) throw error;
      await sleep(error.retryAfterS !== undefined ? error.retryAfterS * 1000 : this.backoffFor(attempt));
    }
  }

  private urlOf<T extends Operation>(operation: T, input: RequestInput<T>): string {
    const path = fillPath(operation.path, (input.params ?? {}) as Record<string, string>);
    return `${this.baseUrl}${path}${toQueryString(input.query as Record<string, unknown> | undefined)}`;
  }

  private fetchOnce(method: string, url: string, body: unknown): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    const isBytes = body instanceof Uint8Array;
    if (body !== undefined)
      headers['content-type'] = isBytes ? 'application/octet-stream' : 'application/json';
    return fetch(url, {
      method,
      headers,
      body: isBytes ? Buffer.from(body) : body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
  }

  private backoffFor(attempt: number): number {
    return this.options.backoffMs * 2 ** (attempt - 1);
  }
}

async function toSvcError(response: Response): Promise<SvcError> {
  const retryAfter = Number(response.headers.get('retry-after'));
  const retryAfterS = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined;
  const text = await response.text();
  const parsed = errorBodySchema.safeParse(safeJson(text));
  if (parsed.success) {
    const { message, detail, code } = parsed.data;
    return new SvcError(response.status, code ?? `http_${response.status}`, message, detail, retryAfterS);
  }
  const message = `HTTP ${response.status} ${response.statusText}`.trim();
  return new SvcError(response.status, `http_${response.status}`, message, text.slice(0, 500), retryAfterS);
}

function toTransportError(error: unknown, baseUrl: string, timeoutMs: number): SvcError {
  const name = (error as { name?: string })?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new SvcError(
      0,
      'timeout',
      `No answer from ${baseUrl} within ${timeoutMs / 1000} s`,
      'Raise --timeout or check the service',
    );
  }
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const reason = cause?.code ?? cause?.message ?? (error as Error)?.message ?? String(error);
  return new SvcError(0, 'connection_failed', `Cannot reach the service at ${baseUrl}`, reason);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
