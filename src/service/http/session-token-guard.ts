import type { FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors';
import type { LiveSession, LiveSessions } from '../sessions/live-session';
import type { SessionTokens, TokenScope } from './signed-token';

/**
 * The URLs a browser or a CDP client opens without an API key (viewer, CDP, replay video, event stream)
 * carry a signed token in `?token=`: it must name this very session and grant one of `scopes`.
 */
export function requireSessionToken(
  tokens: SessionTokens,
  request: FastifyRequest,
  sessionId: string,
  scopes: readonly TokenScope[],
): TokenScope {
  const token = (request.query as { token?: unknown } | undefined)?.token;
  if (typeof token !== 'string' || token === '') {
    throw new AppError(
      'unauthorized',
      'Missing token',
      'Open this URL with the signed `?token=` the session gave you',
    );
  }
  const claims = tokens.verify(token);
  if (!claims)
    throw new AppError('unauthorized', 'Invalid token', 'The token is malformed, forged or expired');
  if (claims.sid !== sessionId) {
    throw new AppError('forbidden', 'Token of another session', 'This token opens a different session');
  }
  if (!scopes.includes(claims.scope)) {
    throw new AppError(
      'forbidden',
      'Token scope not allowed',
      `This URL needs a ${scopes.join(' or ')} token`,
    );
  }
  return claims.scope;
}

/** The running session a token-opened URL names (`:session_id`), with the scope its token grants; 404 when it ended. */
export function requireTokenSession(
  context: { tokens: SessionTokens; liveSessions: LiveSessions },
  request: FastifyRequest,
  scopes: readonly TokenScope[],
): { session: LiveSession; scope: TokenScope } {
  const { session_id: sessionId } = request.params as { session_id: string };
  const scope = requireSessionToken(context.tokens, request, sessionId, scopes);
  const session = context.liveSessions.findById(sessionId);
  if (!session)
    throw new AppError('session_not_found', 'Session not found', `Session ${sessionId} is not running`);
  return { session, scope };
}
