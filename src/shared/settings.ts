import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * Every `SVC_*` setting, declared once with its default and a one-line description. Entry points pass
 * `process.env` in; nothing else reads the environment. The README's settings table is generated from here.
 */

const int = (fallback: number) => z.coerce.number().int().nonnegative().default(fallback);
export const serviceSettingsSchema = z.object({
  SVC_HOST: z.string().default('127.0.0.1').describe('Address `svc serve` listens on'),
  SVC_PORT: int(8787).describe('Port `svc serve` listens on'),
  SVC_DATA_DIR: z
    .string()
    .default(join(homedir(), '.svc', 'data'))
    .describe('Where the database, browser data, files and replays live'),
  SVC_PUBLIC_URL: z
    .string()
    .optional()
    .describe('Base URL clients reach the service at (for viewer and CDP URLs); default http://HOST:PORT'),
  SVC_BOOTSTRAP_API_KEY: z
    .string()
    .min(16)
    .optional()
    .describe('On the first start only: this value becomes an API key of the owner account'),
  SVC_RATE_LIMIT: int(1200).describe('Requests allowed per API key (or client address) per window'),
  SVC_RATE_LIMIT_WINDOW_S: int(60).describe('Length of the rate-limit window, seconds'),
  SVC_LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('Log level of the JSON log on stdout'),
  SVC_BODY_LIMIT_BYTES: int(1_048_576).describe('Largest JSON request body accepted'),
  SVC_CHROMIUM_PATH: z
    .string()
    .optional()
    .describe(
      'Chromium executable; default: the first of /usr/bin/chromium, chromium-browser, google-chrome found',
    ),
  SVC_CHROMIUM_HEADLESS_PATH: z
    .string()
    .optional()
    .describe(
      'Chromium executable of headless sessions; default: SVC_CHROMIUM_PATH when set, else chromium-headless-shell (the lighter headless build) when installed, else the headed one',
    ),
  SVC_MAX_SESSIONS: int(20).describe(
    'Most sessions open at once; past it, starts answer 529 with Retry-After',
  ),
  SVC_BROWSER_CONTEXTS_PER_PROCESS: int(8).describe(
    'Sessions sharing one Chromium process (bounds what a crash ends)',
  ),
  SVC_BROWSER_WARM_CONTEXTS: int(2).describe('Pre-created sessions kept ready so default starts are instant'),
  SVC_BROWSER_WARM_CONTEXTS_MAX: int(10).describe(
    'After a burst of starts, up to this many sessions are kept ready (for 5 minutes) to absorb the next one',
  ),
  SVC_SESSION_IDLE_TIMEOUT_MINUTES: int(5).describe('Idle timeout of a session that does not give one'),
  SVC_SESSION_MAX_DURATION_MINUTES: int(30).describe(
    'Lifetime of a session that does not give max_duration_minutes',
  ),
  SVC_PROXIES: z
    .string()
    .default('')
    .describe(
      'Operator proxy pool for `proxies: true`: comma list of `[cc=]scheme://[user:pass@]host:port`, cc a country',
    ),
  SVC_BLOCKED_HOSTS: z
    .string()
    .default('169.254.169.254,metadata.google.internal,fd00:ec2::254')
    .describe('Comma list of hosts no session may open (cloud metadata endpoints by default)'),
  SVC_ACTION_TIMEOUT_MS: int(15_000).describe('Time limit of a page action that does not give `timeout`, ms'),
  SVC_EVALUATE_JS_MAX_BYTES: int(1_048_576).describe(
    'Largest result (JSON bytes) an evaluate_js action returns',
  ),
  SVC_CAPTCHA_API_URL: z
    .string()
    .optional()
    .describe(
      'Base URL of a 2Captcha-compatible solving service (`in.php`/`res.php`); none: captcha_solve fails',
    ),
  SVC_CAPTCHA_API_KEY: z.string().optional().describe('API key of the CAPTCHA solving service'),
  SVC_CAPTCHA_POLL_MS: int(5_000).describe(
    'How often the CAPTCHA solving service is asked for the token, ms',
  ),
  SVC_CAPTCHA_TIMEOUT_MS: int(180_000).describe(
    'Time limit of captcha_solve that does not give `timeout`, ms',
  ),
  SVC_LLM_PROVIDER: z
    .enum(['openai-compatible', 'openai'])
    .default('openai-compatible')
    .describe('Language-model API: openai, or openai-compatible (vLLM, Ollama, LM Studio, ...)'),
  SVC_LLM_BASE_URL: z
    .string()
    .optional()
    .describe('Base URL of the language-model API, e.g. http://127.0.0.1:11434/v1'),
  SVC_LLM_API_KEY: z.string().optional().describe('API key of the language-model API'),
  SVC_LLM_MODEL: z
    .string()
    .optional()
    .describe('Model id for scrape extraction and agents; none: no extraction'),
  SVC_MAX_UPLOAD_BYTES: int(50 * 1024 * 1024).describe(
    'Largest file accepted by POST /storage/uploads/{filename}',
  ),
  SVC_MAX_DOWNLOAD_BYTES: int(200 * 1024 * 1024).describe(
    "Largest browser download kept in a session's file storage",
  ),
  SVC_VIEWER_FRAME_ANCESTORS: z
    .string()
    .default('')
    .describe('Space or comma list of origins allowed to embed the live viewer besides the service itself'),
  SVC_REPLAY_RETENTION_DAYS: int(7).describe('Days a session replay (recorded screencast) is kept'),
  SVC_REPLAY_TOTAL_FPS: int(40).describe(
    'Frames per second all replay recordings together keep (each session at most 10); bounds recording CPU, and shrinks to a quarter as the machine nears full CPU so actions keep their speed',
  ),
});

export type ServiceSettings = z.infer<typeof serviceSettingsSchema>;

export const clientSettingsSchema = z.object({
  SVC_API_KEY: z.string().optional().describe('API key the CLI and SDKs send'),
  SVC_API_URL: z
    .string()
    .default('http://127.0.0.1:8787')
    .describe('Base URL of the service for the CLI and SDKs'),
  SVC_CONFIG_DIR: z
    .string()
    .default(join(homedir(), '.svc', 'cli'))
    .describe('Where the CLI keeps its current session/agent/function and fallback key file'),
  SVC_SESSION_ID: z.string().optional().describe('Session the CLI acts on when `--session-id` is not given'),
  SVC_AGENT_ID: z.string().optional().describe('Agent the CLI acts on when `--agent-id` is not given'),
  SVC_FUNCTION_ID: z
    .string()
    .optional()
    .describe('Function the CLI acts on when `--function-id` is not given'),
});

export type ClientSettings = z.infer<typeof clientSettingsSchema>;

export function readSettings<S extends z.ZodObject>(
  schema: S,
  env: Record<string, string | undefined>,
): z.infer<S> {
  const known = Object.fromEntries(
    Object.keys(schema.shape).map((name) => [name, env[name] === '' ? undefined : env[name]]),
  );
  const parsed = schema.safeParse(known);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`invalid settings: ${problems.join('; ')}`);
}
