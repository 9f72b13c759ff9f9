import type { SessionDebug } from '../../shared/debug';
import { targetIdOf } from '../cdp/page-target';
import { wsBaseUrl } from '../http/live-route-context';
import type { SessionTokens } from '../http/signed-token';
import type { LiveSession } from '../sessions/live-session';

/** Debug URLs stay valid this long; ask again for fresh ones. */
const debugTokenTtlS = 3600;

/** Every live URL of a running session, each with its own token of the narrowest scope it needs. */
export async function sessionDebug(
  session: LiveSession,
  tokens: SessionTokens,
  publicUrl: string,
): Promise<SessionDebug> {
  const base = `${publicUrl}/sessions/${encodeURIComponent(session.id)}`;
  const wsBase = `${wsBaseUrl(publicUrl)}/sessions/${encodeURIComponent(session.id)}`;
  const token = (scope: 'view' | 'control' | 'cdp') =>
    encodeURIComponent(tokens.sign(session.id, scope, debugTokenTtlS));
  const control = token('control');
  const cdp = token('cdp');
  const view = token('view');
  const targets = await Promise.all(
    session.tabs().map(async (page) => ({
      page,
      title: await page.title().catch(() => ''),
      // A tab that closes while we look is left out, not an error of the whole answer.
      targetId: await targetIdOf(page).catch((error: unknown) => {
        if (page.isClosed()) return undefined;
        throw error;
      }),
    })),
  );
  // Numbered as the tabs are now, once the closed ones are gone.
  const open = targets.filter(
    (tab): tab is typeof tab & { targetId: string } => tab.targetId !== undefined && !tab.page.isClosed(),
  );
  const tabs = open.map(({ page, title, targetId }, index) => ({
    metadata: { tab_id: index, title, url: page.url() },
    debug_url: `${base}/viewer?token=${control}&tab=${index}`,
    ws_url: `${wsBase}/cdp/page/${encodeURIComponent(targetId)}?token=${cdp}`,
  }));
  return {
    debug_url: `${base}/viewer?token=${control}`,
    ws: {
      cdp: `${wsBase}/cdp?token=${cdp}`,
      recording: `${wsBase}/viewer/stream?token=${view}`,
      logs: `${wsBase}/events?token=${view}`,
    },
    tabs,
  };
}
