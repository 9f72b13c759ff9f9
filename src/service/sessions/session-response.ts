import type {
  SessionEndReason,
  SessionResponse,
  SessionStartOptions,
  SessionStatus,
  SessionStep,
} from '../../shared/sessions';
import type { SessionTable } from '../store/schema';
import type { ActiveSession } from './active-session';
import type { SessionUrls } from './session-urls';

/** ISO-8601 duration, e.g. PT12.5S, as clients parse a timedelta. */
export function isoDuration(ms: number): string {
  return `PT${Math.max(0, Math.round(ms) / 1000)}S`;
}

/** A session as the API shows it: the stored row, overlaid with live numbers while it runs. */
export function toSessionResponse(
  row: SessionTable,
  steps: string[],
  live: ActiveSession | undefined,
  urls: SessionUrls | undefined,
): SessionResponse {
  const options = JSON.parse(row.options_json) as SessionStartOptions;
  const endedAt = row.closed_at ? Date.parse(row.closed_at) : Date.now();
  return {
    session_id: row.id,
    status: row.status as SessionStatus,
    created_at: row.created_at,
    closed_at: row.closed_at,
    last_accessed_at: live ? live.lastAccessedAt.toISOString() : row.last_accessed_at,
    duration: isoDuration(endedAt - Date.parse(row.created_at)),
    idle_timeout_minutes: row.idle_timeout_minutes,
    max_duration_minutes: row.max_duration_minutes,
    headless: options.headless,
    solve_captchas: options.solve_captchas,
    proxies: options.proxies !== false,
    browser_type: 'chromium',
    user_agent: options.user_agent ?? null,
    viewport_width: options.viewport_width ?? null,
    viewport_height: options.viewport_height ?? null,
    use_file_storage: options.use_file_storage,
    profile: options.profile ?? null,
    vault_id: options.vault_id ?? null,
    cdp_url: urls?.cdp_url ?? null,
    viewer_url: urls?.viewer_url ?? null,
    steps: steps.map((step) => JSON.parse(step) as SessionStep),
    error: row.error,
    end_reason: row.end_reason as SessionEndReason | null,
    network_request_bytes: live ? live.network.requestBytes : row.network_request_bytes,
    network_response_bytes: live ? live.network.responseBytes : row.network_response_bytes,
  };
}
