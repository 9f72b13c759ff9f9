import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/errors';
import type { AccountsService } from '../accounts/accounts-service';
import type { ApiKeysService } from '../api-keys/api-keys-service';
import { resolvePrincipal } from './principal';
import { RateLimiter } from './rate-limiter';

interface GuardOptions {
  apiKeys: ApiKeysService;
  accounts: AccountsService;
  limit: number;
  windowS: number;
}

/**
 * Runs first on every request, unknown routes included: identifies the caller, then counts the request
 * against its rate-limit bucket, so that 401s and 404s carry the rate-limit headers as well.
 */
export function setupRequestGuards(app: FastifyInstance, options: GuardOptions): void {
  const limiter = new RateLimiter(options.limit, options.windowS * 1000);
  app.addHook('onRequest', async (request, reply) => {
    request.principal = await resolvePrincipal(request, options.apiKeys, options.accounts);
    const bucket = request.principal
      ? `account:${request.principal.keyId ?? request.principal.accountId}`
      : `ip:${request.ip}`;
    const state = limiter.hit(bucket);
    reply.header('x-ratelimit-limit', state.limit);
    reply.header('x-ratelimit-remaining', state.remaining);
    reply.header('x-ratelimit-reset', state.resetAt);
    if (state.isExceeded) {
      throw new AppError(
        'rate_limited',
        'Rate limit exceeded',
        'Please wait before making more requests',
        state.retryAfterS,
      );
    }
  });
}
