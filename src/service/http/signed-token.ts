import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type TokenScope = 'view' | 'control' | 'cdp';

export interface TokenClaims {
  /** The one session the token opens. */
  sid: string;
  scope: TokenScope;
  /** Expiry, Unix seconds. */
  exp: number;
}

/** HMAC-signed, expiring tokens for URLs that must work without an API key (viewer, CDP). */
export class SessionTokens {
  constructor(private readonly secret: Buffer) {}

  /** The signing secret lives in the data dir, so tokens survive a restart; created on first use. */
  static fromDataDir(dataDir: string): SessionTokens {
    const path = join(dataDir, 'signing-key');
    if (!existsSync(path)) writeFileSync(path, randomBytes(32).toString('base64url'), { mode: 0o600 });
    return new SessionTokens(Buffer.from(readFileSync(path, 'utf8').trim(), 'base64url'));
  }

  sign(sessionId: string, scope: TokenScope, ttlS: number): string {
    const claims: TokenClaims = { sid: sessionId, scope, exp: Math.floor(Date.now() / 1000) + ttlS };
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  /** The claims of a valid, unexpired token, else undefined. */
  verify(token: string): TokenClaims | undefined {
    const [payload, mac] = token.split('.');
    if (!payload || !mac) return undefined;
    const expected = Buffer.from(this.mac(payload));
    const actual = Buffer.from(mac);
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as TokenClaims;
    return claims.exp > Date.now() / 1000 ? claims : undefined;
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }
}
