import type { BrowserContext, Frame } from 'playwright-core';
import type { OriginState, ProfileState, StorageItem } from './profile-state';

/**
 * Moves a ProfileState in and out of a live BrowserContext. Cookies and localStorage go through
 * Playwright's storage state; sessionStorage lives per tab, so it is read from the open frames and
 * seeded by an init script into every new tab that reaches a stored origin.
 */

interface FrameSessionStorage {
  origin: string;
  items: StorageItem[];
}

export async function captureProfileState(context: BrowserContext): Promise<ProfileState> {
  const stored = await context.storageState();
  const sessionStorage = await readSessionStorage(context);
  const origins = new Map<string, OriginState>();
  for (const { origin, localStorage } of stored.origins) {
    origins.set(origin, { origin, localStorage, sessionStorage: [] });
  }
  for (const [origin, items] of sessionStorage) {
    const entry = origins.get(origin) ?? { origin, localStorage: [], sessionStorage: [] };
    entry.sessionStorage = items;
    origins.set(origin, entry);
  }
  return { cookies: stored.cookies, origins: [...origins.values()] };
}

/** Replaces the context's cookies and localStorage with the state's and seeds sessionStorage in new tabs. */
export async function applyProfileState(context: BrowserContext, state: ProfileState): Promise<void> {
  await context.setStorageState({
    cookies: state.cookies,
    origins: state.origins
      .filter((entry) => entry.localStorage.length > 0)
      .map(({ origin, localStorage }) => ({ origin, localStorage })),
  });
  const seeds = Object.fromEntries(
    state.origins
      .filter((entry) => entry.sessionStorage.length > 0)
      .map(({ origin, sessionStorage }) => [origin, sessionStorage]),
  );
  if (Object.keys(seeds).length === 0) return;
  await context.addInitScript(seedSessionStorage, seeds);
}

/**
 * Runs in every document before its own scripts; must stay self-contained (it is serialized). Seeds only a
 * tab whose sessionStorage for the origin is still empty, so the page's own writes survive reloads. A marker
 * key would tell "seeded" from "emptied by the page", but the page would see it; we keep the page's view clean.
 */
function seedSessionStorage(seeds: Record<string, StorageItem[]>): void {
  const items = seeds[location.origin];
  if (!items) return;
  try {
    if (sessionStorage.length > 0) return;
    for (const { name, value } of items) sessionStorage.setItem(name, value);
  } catch {
    // Storage can be denied (sandboxed frames, blocked third-party storage): the page then runs without it.
  }
}

/** sessionStorage per origin over every open frame; a later tab's value wins for the same name. */
async function readSessionStorage(context: BrowserContext): Promise<Map<string, StorageItem[]>> {
  const frames = context.pages().flatMap((page) => (page.isClosed() ? [] : page.frames()));
  const snapshots = await Promise.all(frames.map(readFrameSessionStorage));
  const byOrigin = new Map<string, Map<string, string>>();
  for (const snapshot of snapshots) {
    if (!snapshot || snapshot.items.length === 0) continue;
    const items = byOrigin.get(snapshot.origin) ?? new Map<string, string>();
    for (const { name, value } of snapshot.items) items.set(name, value);
    byOrigin.set(snapshot.origin, items);
  }
  return new Map(
    [...byOrigin].map(([origin, items]) => [origin, [...items].map(([name, value]) => ({ name, value }))]),
  );
}

async function readFrameSessionStorage(frame: Frame): Promise<FrameSessionStorage | undefined> {
  const snapshot = await frame
    .evaluate(() => {
      try {
        const items = Object.keys(sessionStorage).map((name) => ({
          name,
          value: sessionStorage.getItem(name) ?? '',
        }));
        return { origin: location.origin, items };
      } catch {
        return undefined;
      }
    })
    // A frame that navigated away or crashed while we read has nothing to give.
    .catch(() => undefined);
  // Opaque origins (about:blank, data:, sandboxed) cannot be restored to.
  return snapshot && snapshot.origin !== 'null' ? snapshot : undefined;
}
