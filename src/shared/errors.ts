import { z } from 'zod';

/** Every error the product reports, by stable code, with its HTTP status. Match on codes, never on text. */
export const errorStatus = {
  bad_request: 400,
  invalid_json: 400,
  unauthorized: 401,
  forbidden: 403,
  csrf_failed: 403,
  not_found: 404,
  session_not_found: 404,
  replay_not_found: 404,
  profile_not_found: 404,
  file_not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  email_taken: 409,
  session_closed: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  invalid_file_name: 422,
  download_failed: 422,
  not_supported: 422,
  observe_first: 422,
  stale_element_id: 422,
  page_error: 422,
  rate_limited: 429,
  internal: 500,
  browser_unavailable: 503,
  service_unavailable: 503,
  cluster_overloaded: 529,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const validationIssueSchema = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

/** The body of every non-2xx response. `code` is ours; `message` and `detail` are the wire shape clients expect. */
export const errorBodySchema = z.object({
  message: z.string(),
  detail: z.union([z.string(), z.array(validationIssueSchema)]),
  code: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly detail: string | ValidationIssue[] = message,
    /** Seconds a client should wait before retrying (429, 529). */
    readonly retryAfterS?: number,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = errorStatus[code];
  }

  toBody(): ErrorBody {
    return { message: this.message, detail: this.detail, code: this.code };
  }
}

/** Turns zod issues into the `{loc, msg, type}` list of a 422, `loc` starting with where the value came from. */
export function toValidationIssues(
  issues: readonly z.core.$ZodIssue[],
  source: 'body' | 'query' | 'path',
): ValidationIssue[] {
  return issues.flatMap((issue) => {
    const loc = [source, ...issue.path.map((part) => (typeof part === 'number' ? part : String(part)))];
    // One entry per unknown field, so a client sees exactly which names were refused.
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ loc: [...loc, key], msg: 'Unknown field', type: 'extra_forbidden' }));
    }
    return [{ loc, msg: issue.message, type: issue.code }];
  });
}
