import { wsBaseUrl } from '../http/live-route-context';
import type { SessionTokens } from '../http/signed-token';

export interface SessionUrls {
  cdp_url: string;
  viewer_url: string;
}

/** Longest a viewer link stays valid; a fresh one comes with every status response. */
const viewerTtlS = 60 * 60;

/**
 * Token-signed URLs of the service's own viewer and CDP endpoints for one session. The CDP token lives as
 * long as the session may, so a client can reconnect; the viewer link is shorter-lived (it goes in iframes).
 */
export function sessionUrls(
  tokens: SessionTokens,
  publicUrl: string,
  sessionId: string,
  remainingS: number,
): SessionUrls {
  const base = publicUrl.replace(/\/+$/, '');
  const path = `/sessions/${encodeURIComponent(sessionId)}`;
  const cdpToken = tokens.sign(sessionId, 'cdp', Math.max(1, Math.ceil(remainingS)));
  // The session's owner may take over from the viewer; `&mode=view` makes an embedded copy watch-only.
  const viewerToken = tokens.sign(
    sessionId,
    'control',
    Math.max(1, Math.min(viewerTtlS, Math.ceil(remainingS))),
  );
  return {
    cdp_url: `${wsBaseUrl(base)}${path}/cdp?token=${cdpToken}`,
    viewer_url: `${base}${path}/viewer?token=${viewerToken}`,
  };
}
