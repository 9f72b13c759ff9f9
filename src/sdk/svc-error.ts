import type { ValidationIssue } from '../shared/errors';

/** Codes the SDK itself reports when no HTTP answer came back. */
export type TransportErrorCode = 'connection_failed' | 'timeout';

/**
 * Every failure of an SDK call: an HTTP error answer of the service (`status` and its `code`), or a
 * transport failure (`status` 0). Match on `code` or `status`, never on the message.
 */
export class SvcError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly detail: string | ValidationIssue[],
    /** Seconds to wait before retrying, from `Retry-After` (429, 529). */
    readonly retryAfterS?: number,
  ) {
    super(message);
    this.name = 'SvcError';
  }

  get isRateLimited(): boolean {
    return this.status === 429;
  }

  /** The detail as one line: validation issues rendered as `loc: msg`. */
  get detailText(): string {
    if (typeof this.detail === 'string') return this.detail;
    return this.detail.map((issue) => `${issue.loc.join('.')}: ${issue.msg}`).join('; ');
  }
}
