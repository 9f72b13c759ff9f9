import type { FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors';
import type { ApiKeysService } from '../api-keys/api-keys-service';
import type { AccountsService, ConsolePrincipal } from '../accounts/accounts-service';

/** Who is calling: an API key's account, or a console user's (cookie) account. */
export interface Principal {
  accountId: string;
  keyId?: string;
  console?: ConsolePrincipal;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
    /** True when credentials were presented but not accepted. */
    hasRejectedCredentials?: boolean;
  }
}

export const sessionCookieName = 'svc_session';
const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function presentedApiKey(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim();
  const alternative = request.headers['x-svc-api-key'];
  return typeof alternative === 'string' ? alternative.trim() : undefined;
}

export async function resolvePrincipal(
  request: FastifyRequest,
  apiKeys: ApiKeysService,
  accounts: AccountsService,
): Promise<Principal | undefined> {
  const key = presentedApiKey(request);
  if (key) {
    const principal = await apiKeys.authenticate(key);
    request.hasRejectedCredentials = !principal;
    return principal;
  }
  const cookie = request.cookies[sessionCookieName];
  if (!cookie) return undefined;
  const consoleSession = await accounts.resolveConsoleSession(cookie);
  request.hasRejectedCredentials = !consoleSession;
  return consoleSession && { accountId: consoleSession.accountId, console: consoleSession };
}

/** The caller of an authenticated route, with CSRF checked for cookie sessions that change state. */
export function requirePrincipal(request: FastifyRequest): Principal {
  const principal = request.principal;
  if (!principal) {
    throw request.hasRejectedCredentials
      ? new AppError('unauthorized', 'Invalid API key', 'The API key is unknown or has been revoked')
      : new AppError('unauthorized', 'Missing API key', 'Send `Authorization: Bearer <API_KEY>`');
  }
  if (principal.console && stateChanging.has(request.method)) {
    if (request.headers['x-csrf-token'] !== principal.console.csrfToken) {
      throw new AppError('csrf_failed', 'CSRF check failed', 'Send the X-CSRF-Token header of your session');
    }
  }
  return principal;
}
