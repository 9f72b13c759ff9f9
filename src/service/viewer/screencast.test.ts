import type { CDPSession, Page } from 'playwright-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Screencast } from './screencast';

/**
 * A tab whose CDP session opens only on `open()`, and whose `Page.startScreencast` is never answered: as a tab in its
 * first navigation may behave. Records the calls made on its session.
 */
function unansweringTab() {
  const calls: string[] = [];
  const cdp = {
    on: () => undefined,
    send: (method: string) => {
      calls.push(method);
      return new Promise(() => undefined);
    },
    detach: async () => {
      calls.push('detach');
    },
  } as unknown as CDPSession;
  let open: () => void = () => undefined;
  const opened = new Promise<CDPSession>((resolve) => (open = () => resolve(cdp)));
  const page = { context: () => ({ newCDPSession: () => opened }) } as unknown as Page;
  return { page, calls, open };
}

const options = { maxWidth: 800, maxHeight: 600, quality: 60 };

afterEach(() => vi.useRealTimers());

describe('Screencast.start', () => {
  it('gives up on a start that is never answered, and detaches its CDP session', async () => {
    vi.useFakeTimers();
    const tab = unansweringTab();
    tab.open();
    const failed = expect(Screencast.start(tab.page, options, () => undefined)).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(5_000);
    await failed;
    expect(tab.calls).toEqual(['Page.startScreencast', 'detach']);
  });

  it('detaches a CDP session that opens only after it gave up', async () => {
    vi.useFakeTimers();
    const tab = unansweringTab();
    const failed = expect(Screencast.start(tab.page, options, () => undefined)).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(5_000);
    await failed;
    tab.open();
    await vi.waitFor(() => expect(tab.calls).toContain('detach'));
  });
});
