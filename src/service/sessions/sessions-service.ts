import type { Page } from '../../shared/common';
import { AppError } from '../../shared/errors';
import type {
  Cookie,
  NetworkEntry,
  SessionEndReason,
  SessionResponse,
  SessionStartOptions,
  SessionStatus,
} from '../../shared/sessions';
import type { BrowserPool } from '../browsers/browser-pool';
import type { ProxyPool } from '../browsers/proxy-pool';
import type { ProfileState } from '../profiles/profile-state';
import { applyProfileState, captureProfileState } from '../profiles/browser-profile-state';
import { newId, nowIso } from '../store/ids';
import type { SessionTable } from '../store/schema';
import { ActiveSession } from './active-session';
import type { LiveSessionListener, LiveSessions, RecordedStep } from './live-session';
import { toSessionResponse } from './session-response';
import {
  contextOptionsFor,
  sessionTimeouts,
  storableOptions,
  type SessionDefaults,
} from './session-settings';
import type { SessionUrls } from './session-urls';
import type { SessionsRepository } from './sessions-repository';

/** What the sessions domain needs of profiles (src/service/profiles/profiles-service.ts provides it). */
export interface ProfileStore {
  loadState(accountId: string, profileId: string): Promise<ProfileState>;
  saveState(accountId: string, profileId: string, state: ProfileState): Promise<void>;
}

export interface SessionsServiceDeps {
  repository: SessionsRepository;
  pool: BrowserPool;
  proxies: ProxyPool;
  profiles: ProfileStore;
  defaults: SessionDefaults;
  maxSessions: number;
  /** Whether a CAPTCHA solving service is configured, so `solve_captchas: true` can be honoured. */
  isCaptchaSolvingConfigured: boolean;
  /** Signed viewer and CDP URLs of a running session, valid for `remainingS`. */
  urls: (sessionId: string, remainingS: number) => SessionUrls;
  logError: (message: string, error: unknown) => void;
}

/** Seconds a client should wait before retrying a start refused for capacity. */
const overloadRetryAfterS = 5;
const minuteMs = 60_000;

/**
 * Sessions and their lifecycle: active → closed | error | timed_out, each end recorded with its reason.
 * Running sessions live in memory (their browser contexts); the store keeps every session's record.
 */
export class SessionsService implements LiveSessions {
  private readonly live = new Map<string, ActiveSession>();
  private readonly listeners: LiveSessionListener[] = [];
  private starting = 0;

  constructor(private readonly deps: SessionsServiceDeps) {}

  /** Closes sessions a previous run left active: their browsers died with it. */
  recoverAfterRestart(): Promise<number> {
    return this.deps.repository.closeLeftActive(nowIso());
  }

  async start(accountId: string, options: SessionStartOptions): Promise<SessionResponse> {
    const timeouts = sessionTimeouts(options, this.deps.defaults);
    this.assertCaptchaSolving(options);
    this.reserveCapacity();
    try {
      const session = await this.open(accountId, options, timeouts);
      return this.describe(await this.requireRow(accountId, session.id));
    } finally {
      this.starting -= 1;
    }
  }

  async status(accountId: string, sessionId: string): Promise<SessionResponse> {
    return this.describe(await this.requireRow(accountId, sessionId));
  }

  async list(
    accountId: string,
    onlyActive: boolean,
    page: number,
    pageSize: number,
  ): Promise<Page<SessionResponse>> {
    const rows = await this.deps.repository.listPage(
      accountId,
      onlyActive,
      (page - 1) * pageSize,
      pageSize + 1,
    );
    const shown = rows.slice(0, pageSize);
    const steps = await this.deps.repository.listSteps(shown.map((row) => row.id));
    return {
      items: shown.map((row) => this.describeWith(row, steps.get(row.id) ?? [])),
      page,
      page_size: pageSize,
      has_next: rows.length > pageSize,
      has_previous: page > 1,
    };
  }

  /** Stops a running session; one that already ended is returned as it is. */
  async stop(accountId: string, sessionId: string): Promise<SessionResponse> {
    await this.requireRow(accountId, sessionId);
    const session = this.live.get(sessionId);
    if (session) await this.end(session, 'closed', 'stopped');
    return this.status(accountId, sessionId);
  }

  async cookies(accountId: string, sessionId: string): Promise<Cookie[]> {
    const session = await this.get(accountId, sessionId);
    const cookies = await session.context.cookies();
    return cookies.map(({ name, value, domain, path, expires, httpOnly, secure, sameSite }) => ({
      name,
      value,
      domain,
      path,
      expires,
      httpOnly,
      secure,
      sameSite,
    }));
  }

  async setCookies(accountId: string, sessionId: string, cookies: Cookie[]): Promise<void> {
    const session = await this.get(accountId, sessionId);
    session.touch();
    await session.context.addCookies(cookies).catch((error: unknown) => {
      throw new AppError('validation_failed', 'Invalid cookies', firstLine(error));
    });
  }

  async networkLog(
    accountId: string,
    sessionId: string,
  ): Promise<{ entries: NetworkEntry[]; requestBytes: number; responseBytes: number }> {
    const row = await this.requireRow(accountId, sessionId);
    const session = this.live.get(sessionId);
    if (session) {
      const { entries, requestBytes, responseBytes } = session.network;
      return { entries: [...entries], requestBytes, responseBytes };
    }
    return {
      entries: row.network_log_json ? (JSON.parse(row.network_log_json) as NetworkEntry[]) : [],
      requestBytes: row.network_request_bytes,
      responseBytes: row.network_response_bytes,
    };
  }

  async get(accountId: string, sessionId: string): Promise<ActiveSession> {
    const session = this.live.get(sessionId);
    if (session && session.accountId === accountId && !session.ending) return session;
    const row = await this.requireRow(accountId, sessionId);
    throw new AppError(
      'session_closed',
      'Session is not active',
      `Session ${sessionId} ended (${row.status}); start a new one`,
    );
  }

  findById(sessionId: string): ActiveSession | undefined {
    const session = this.live.get(sessionId);
    return session && !session.ending ? session : undefined;
  }

  subscribe(listener: LiveSessionListener): void {
    this.listeners.push(listener);
  }

  /** Ends every running session and closes the browsers; for service shutdown. */
  async shutdown(): Promise<void> {
    await Promise.all(
      [...this.live.values()].map((session) => this.end(session, 'closed', 'service_shutdown')),
    );
    await this.deps.pool.close();
  }

  /** A session that asks for CAPTCHAs solved must not start without the means to: it would be a silent no. */
  private assertCaptchaSolving(options: SessionStartOptions): void {
    if (!options.solve_captchas || this.deps.isCaptchaSolvingConfigured) return;
    throw new AppError(
      'not_supported',
      'No CAPTCHA solving service is configured',
      'solve_captchas: true needs SVC_CAPTCHA_API_URL and SVC_CAPTCHA_API_KEY (a 2Captcha-compatible service); start without it or configure one',
    );
  }

  private reserveCapacity(): void {
    if (this.live.size + this.starting >= this.deps.maxSessions) {
      throw new AppError(
        'cluster_overloaded',
        'Cluster overloaded',
        `All ${this.deps.maxSessions} session slots are in use; stop a session or retry in a few seconds`,
        overloadRetryAfterS,
      );
    }
    this.starting += 1;
  }

  private async open(
    accountId: string,
    options: SessionStartOptions,
    timeouts: SessionDefaults,
  ): Promise<ActiveSession> {
    const profileState =
      options.profile && (await this.deps.profiles.loadState(accountId, options.profile.id));
    const lease = await this.deps.pool.acquire({
      headless: options.headless,
      options: contextOptionsFor(options, this.deps.proxies.resolve(options.proxies)),
      cdpUrl: options.cdp_url,
    });
    const createdAt = new Date();
    const id = newId();
    try {
      if (profileState) await applyProfileState(lease.context, profileState);
      await this.deps.repository.insert(newRow(id, accountId, options, timeouts, createdAt));
    } catch (error) {
      await lease.release();
      throw error;
    }
    const session = new ActiveSession(
      { id, accountId, options, createdAt, lease, ...timeouts },
      {
        onStep: (live, step, seq) => this.saveStep(live, step, seq),
        onNetworkEntry: (live, entry) => this.notify((listener) => listener.onNetworkEntry?.(live, entry)),
        onExpire: (live, expiry) => void this.end(live, 'timed_out', expiry),
      },
    );
    lease.onCrash((reason) => void this.end(session, 'error', 'browser_crashed', reason));
    this.live.set(id, session);
    this.notify((listener) => listener.onStart?.(session));
    return session;
  }

  private end(
    session: ActiveSession,
    status: SessionStatus,
    reason: SessionEndReason,
    error?: string,
  ): Promise<void> {
    session.ending ??= this.close(session, status, reason, error);
    return session.ending;
  }

  private async close(
    session: ActiveSession,
    status: SessionStatus,
    reason: SessionEndReason,
    error?: string,
  ): Promise<void> {
    session.stopTimers();
    for (const listener of this.listeners) {
      await Promise.resolve(listener.onEnd?.(session)).catch((cause: unknown) =>
        this.deps.logError('a session end listener failed', cause),
      );
    }
    const profile = session.options.profile;
    if (profile?.persist && status !== 'error') {
      await captureProfileState(session.context)
        .then((state) => this.deps.profiles.saveState(session.accountId, profile.id, state))
        .catch((cause: unknown) => this.deps.logError(`could not save profile ${profile.id}`, cause));
    }
    await session.lease.release();
    const { entries, requestBytes, responseBytes } = session.network;
    await this.deps.repository.end(session.id, {
      status,
      end_reason: reason,
      error: error ?? null,
      closed_at: nowIso(),
      last_accessed_at: session.lastAccessedAt.toISOString(),
      network_request_bytes: requestBytes,
      network_response_bytes: responseBytes,
      network_log_json: JSON.stringify(entries),
    });
    this.live.delete(session.id);
  }

  private async saveStep(session: ActiveSession, step: RecordedStep, seq: number): Promise<void> {
    await this.deps.repository.insertStep(session.id, seq, JSON.stringify(step));
    this.notify((listener) => listener.onStep?.(session, step));
  }

  private notify(call: (listener: LiveSessionListener) => void): void {
    for (const listener of this.listeners) {
      try {
        call(listener);
      } catch (error) {
        this.deps.logError('a session listener failed', error);
      }
    }
  }

  private async requireRow(accountId: string, sessionId: string): Promise<SessionTable> {
    const row = await this.deps.repository.find(accountId, sessionId);
    if (!row)
      throw new AppError('session_not_found', 'Session not found', `No session ${sessionId} in this account`);
    return row;
  }

  private async describe(row: SessionTable): Promise<SessionResponse> {
    const steps = await this.deps.repository.listSteps([row.id]);
    return this.describeWith(row, steps.get(row.id) ?? []);
  }

  private describeWith(row: SessionTable, steps: string[]): SessionResponse {
    const session = this.findById(row.id);
    const remainingMs = session
      ? session.createdAt.getTime() + session.maxDurationMinutes * minuteMs - Date.now()
      : 0;
    const urls = session ? this.deps.urls(row.id, remainingMs / 1000) : undefined;
    return toSessionResponse(row, steps, session, urls);
  }
}

function newRow(
  id: string,
  accountId: string,
  options: SessionStartOptions,
  timeouts: SessionDefaults,
  createdAt: Date,
): SessionTable {
  const at = createdAt.toISOString();
  return {
    id,
    account_id: accountId,
    status: 'active',
    end_reason: null,
    error: null,
    options_json: JSON.stringify(storableOptions(options)),
    idle_timeout_minutes: timeouts.idleTimeoutMinutes,
    max_duration_minutes: timeouts.maxDurationMinutes,
    network_request_bytes: 0,
    network_response_bytes: 0,
    network_log_json: null,
    created_at: at,
    last_accessed_at: at,
    closed_at: null,
  };
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}
