import { z } from 'zod';
import { defineOperation } from './contract';
import { pageOf, pageQuerySchema, queryBoolean, statusMessageSchema, timestamp } from './common';

/** Longest lifetime a session may ask for; operators set the defaults through settings. */
export const maxSessionMinutes = 24 * 60;

const minutes = z.number().int().min(1).max(maxSessionMinutes);

/**
 * A field of this API shape that svc does not act on: accepted at its default value (or absent/null),
 * refused with a 422 otherwise, so a client never believes something happened that did not.
 */
function acceptedAtDefault<T extends z.ZodType>(
  schema: T,
  isDefault: (value: z.infer<T>) => boolean,
  what: string,
) {
  return schema
    .nullish()
    .refine((value) => value === null || value === undefined || isDefault(value as z.infer<T>), {
      message: `Not supported: ${what}`,
    });
}

export const externalProxySchema = z.strictObject({
  type: z.literal('external'),
  server: z
    .string()
    .regex(/^(https?|socks5):\/\/[^\s]+$/, 'A proxy URL: http://, https:// or socks5://host:port'),
  username: z.string().optional(),
  password: z.string().optional(),
  bypass: z.string().optional().describe('Comma-separated hosts that skip the proxy'),
});
export type ExternalProxy = z.infer<typeof externalProxySchema>;

export const proxiesOptionSchema = z
  .union([
    z.boolean().describe('true: a proxy of the operator pool (SVC_PROXIES)'),
    z
      .string()
      .regex(/^[a-zA-Z]{2}$/, 'A two-letter country code')
      .transform((code) => code.toLowerCase())
      .describe('A proxy of the operator pool in this country'),
    z.array(externalProxySchema).min(1).describe('Your own proxies; the first one is used'),
  ])
  .default(false);
export type ProxiesOption = z.infer<typeof proxiesOptionSchema>;

export const profileOptionSchema = z.strictObject({
  id: z.string().min(1),
  persist: z
    .boolean()
    .default(false)
    .describe('Save the browser state back to the profile when the session closes'),
});

export const sessionStartSchema = z
  .strictObject({
    headless: z.boolean().default(true),
    solve_captchas: z.boolean().default(false),
    max_duration_minutes: minutes.optional().describe('Default: SVC_SESSION_MAX_DURATION_MINUTES'),
    idle_timeout_minutes: minutes.optional().describe('Default: SVC_SESSION_IDLE_TIMEOUT_MINUTES'),
    timeout_minutes: minutes.optional().describe('Older name of idle_timeout_minutes'),
    proxies: proxiesOptionSchema,
    browser_type: z
      .literal('chromium', { message: 'Not supported: svc runs Chromium only' })
      .default('chromium'),
    user_agent: z.string().min(1).max(1000).optional(),
    viewport_width: z.number().int().min(100).max(7680).optional(),
    viewport_height: z.number().int().min(100).max(4320).optional(),
    cdp_url: z
      .string()
      .regex(/^(wss?|https?):\/\/[^\s]+$/, 'A ws://, wss://, http:// or https:// URL')
      .optional()
      .describe('Attach to this remote browser instead of launching one'),
    use_file_storage: z.boolean().default(false),
    profile: profileOptionSchema.optional(),
    vault_id: z.string().min(1).optional(),
    extra_http_headers: z.record(z.string(), z.string()).optional(),
    screenshot_type: acceptedAtDefault(
      z.string(),
      (value) => value === 'last_action',
      'screenshot_type other than "last_action"',
    ),
    chrome_args: acceptedAtDefault(z.array(z.string()), (value) => value.length === 0, 'custom chrome_args'),
    aspect_ratio: acceptedAtDefault(z.unknown(), () => false, 'aspect_ratio'),
    web_bot_auth: acceptedAtDefault(z.boolean(), (value) => !value, 'web_bot_auth'),
    auth_ids: acceptedAtDefault(z.array(z.string()), (value) => value.length === 0, 'auth_ids'),
  })
  .superRefine((options, context) => {
    if ((options.viewport_width === undefined) !== (options.viewport_height === undefined)) {
      context.addIssue({
        code: 'custom',
        path: [options.viewport_width === undefined ? 'viewport_width' : 'viewport_height'],
        message: 'Give viewport_width and viewport_height together, or neither',
      });
    }
    const { idle_timeout_minutes: idle, timeout_minutes: alias, max_duration_minutes: max } = options;
    if (idle !== undefined && alias !== undefined && idle !== alias) {
      context.addIssue({
        code: 'custom',
        path: ['timeout_minutes'],
        message: 'timeout_minutes is the older name of idle_timeout_minutes; give one, or the same value',
      });
    }
    const effectiveIdle = idle ?? alias;
    if (effectiveIdle !== undefined && max !== undefined && effectiveIdle > max) {
      context.addIssue({
        code: 'custom',
        path: ['idle_timeout_minutes'],
        message: 'idle_timeout_minutes must not exceed max_duration_minutes',
      });
    }
  });
export type SessionStartOptions = z.infer<typeof sessionStartSchema>;
export type SessionStartInput = z.input<typeof sessionStartSchema>;

export const sessionStatusSchema = z.enum(['active', 'closed', 'error', 'timed_out']);
export type SessionStatus = z.infer<typeof sessionStatusSchema>;

export const sessionStepSchema = z.object({
  type: z.string(),
  input: z.record(z.string(), z.unknown()).describe('The action as sent, secrets redacted'),
  success: z.boolean(),
  message: z.string(),
  data: z.unknown().optional(),
  selector: z.string().optional(),
  started_at: timestamp,
  ended_at: timestamp,
});
export type SessionStep = z.infer<typeof sessionStepSchema>;

export const sessionResponseSchema = z.object({
  session_id: z.string(),
  status: sessionStatusSchema,
  created_at: timestamp,
  closed_at: timestamp.nullable(),
  last_accessed_at: timestamp,
  duration: z
    .string()
    .describe('ISO-8601 duration from creation to close (or to now while active), e.g. PT12.5S'),
  idle_timeout_minutes: z.number().int(),
  max_duration_minutes: z.number().int(),
  headless: z.boolean(),
  solve_captchas: z.boolean(),
  proxies: z.boolean().describe('Whether the session goes through a proxy'),
  browser_type: z.literal('chromium'),
  user_agent: z.string().nullable(),
  viewport_width: z.number().int().nullable(),
  viewport_height: z.number().int().nullable(),
  use_file_storage: z.boolean(),
  profile: z.object({ id: z.string(), persist: z.boolean() }).nullable(),
  vault_id: z.string().nullable(),
  cdp_url: z
    .string()
    .nullable()
    .describe('Token-signed WebSocket URL for connectOverCDP / puppeteer.connect'),
  viewer_url: z.string().nullable().describe('Token-signed live-viewer page, safe to put in an iframe'),
  steps: z.array(sessionStepSchema),
  error: z.string().nullable(),
  end_reason: z
    .enum([
      'stopped',
      'idle_timeout',
      'max_duration',
      'browser_crashed',
      'service_restart',
      'service_shutdown',
    ])
    .nullable(),
  network_request_bytes: z.number().int(),
  network_response_bytes: z.number().int(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
export type SessionEndReason = NonNullable<SessionResponse['end_reason']>;

export const cookieSchema = z
  .object({
    name: z.string(),
    value: z.string(),
    url: z.string().optional().describe('Instead of domain + path, when setting'),
    domain: z.string().optional(),
    path: z.string().optional(),
    expires: z.number().optional().describe('Unix seconds; -1 for a session cookie'),
    httpOnly: z.boolean().optional(),
    secure: z.boolean().optional(),
    sameSite: z.enum(['Strict', 'Lax', 'None']).optional(),
  })
  .refine((cookie) => cookie.url !== undefined || cookie.domain !== undefined, {
    message: 'A cookie needs a url, or a domain (and path)',
  });
export type Cookie = z.infer<typeof cookieSchema>;

export const networkEntrySchema = z.object({
  method: z.string(),
  url: z.string(),
  status: z.number().int().nullable().describe('null when the request failed before a response'),
  resource_type: z.string(),
  started_at: timestamp,
  duration_ms: z.number().nullable(),
  request_bytes: z.number().int(),
  response_bytes: z.number().int(),
  mime_type: z.string().nullable(),
  failure: z.string().nullable(),
});
export type NetworkEntry = z.infer<typeof networkEntrySchema>;

export const networkLogSchema = z.object({
  session_id: z.string(),
  entries: z.array(networkEntrySchema),
  network_request_bytes: z.number().int(),
  network_response_bytes: z.number().int(),
});
export type NetworkLog = z.infer<typeof networkLogSchema>;

/** HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), as `?format=har` returns it. */
export const harSchema = z.object({
  log: z.object({
    version: z.literal('1.2'),
    creator: z.object({ name: z.string(), version: z.string() }),
    pages: z.array(z.record(z.string(), z.unknown())),
    entries: z.array(z.record(z.string(), z.unknown())),
  }),
});
export type Har = z.infer<typeof harSchema>;

const sessionParams = z.strictObject({ session_id: z.string().min(1) });

export const sessionOperations = {
  startSession: defineOperation({
    id: 'startSession',
    method: 'POST',
    path: '/sessions/start',
    summary: 'Start a browser session (529 with Retry-After when no browser capacity is left)',
    tag: 'sessions',
    auth: 'key',
    body: sessionStartSchema,
    response: sessionResponseSchema,
  }),
  listSessions: defineOperation({
    id: 'listSessions',
    method: 'GET',
    path: '/sessions',
    summary: 'The sessions of the account, newest first',
    tag: 'sessions',
    auth: 'key',
    query: pageQuerySchema.extend({ only_active: queryBoolean.default(true) }),
    response: pageOf(sessionResponseSchema),
  }),
  getSession: defineOperation({
    id: 'getSession',
    method: 'GET',
    path: '/sessions/{session_id}',
    summary: 'Status of a session',
    tag: 'sessions',
    auth: 'key',
    params: sessionParams,
    response: sessionResponseSchema,
  }),
  stopSession: defineOperation({
    id: 'stopSession',
    method: 'DELETE',
    path: '/sessions/{session_id}/stop',
    summary: 'Stop a session; stopping one that already ended returns it as it is',
    tag: 'sessions',
    auth: 'key',
    params: sessionParams,
    response: sessionResponseSchema,
  }),
  getSessionCookies: defineOperation({
    id: 'getSessionCookies',
    method: 'GET',
    path: '/sessions/{session_id}/cookies',
    summary: 'All cookies of a running session',
    tag: 'sessions',
    auth: 'key',
    params: sessionParams,
    response: z.object({ cookies: z.array(cookieSchema) }),
  }),
  setSessionCookies: defineOperation({
    id: 'setSessionCookies',
    method: 'POST',
    path: '/sessions/{session_id}/cookies',
    summary: 'Add cookies to a running session',
    tag: 'sessions',
    auth: 'key',
    params: sessionParams,
    body: z.strictObject({ cookies: z.array(cookieSchema).max(1000) }),
    response: statusMessageSchema,
  }),
  getSessionNetworkLogs: defineOperation({
    id: 'getSessionNetworkLogs',
    method: 'GET',
    path: '/sessions/{session_id}/network/logs',
    summary: 'Network log of a session (also after it closed); `?format=har` gives HAR 1.2',
    tag: 'sessions',
    auth: 'key',
    params: sessionParams,
    query: z.strictObject({ format: z.enum(['json', 'har']).default('json') }),
    response: z.union([networkLogSchema, harSchema]),
  }),
} as const;
