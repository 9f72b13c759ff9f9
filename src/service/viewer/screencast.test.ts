import type { CDPSession, Page } from 'playwright-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Screencast } from './screencast';

/** A tab whose CDP session opens only when `open` is called, as one in its first navigation may (or never). */
function slowTab() {
  const sent: string[] = [];
  const cdp = {
    on: () => undefined,
    send: async (method: string) => {
      sent.push(method);
      return {};
    },
    detach: async () => undefined,
  } as unknown as CDPSession;
  let open: () => void = () => undefined;
  const opened = new Promise<CDPSession>((resolve) => (open = () => resolve(cdp)));
  const page = { context: () => ({ newCDPSession: () => opened }) } as unknown as Page;
  return { page, sent, open };
}

const options = { maxWidth: 800, maxHeight: 600, quality: 60 };

afterEach(() => vi.useRealTimers());

describe('Screencast.start', () => {
  it('fails instead of waiting for ever on a tab that does not answer, and stops one that starts late', async () => {
    vi.useFakeTimers();
    const tab = slowTab();
    const starting = Screencast.start(tab.page, options, () => undefined);
    const failed = expect(starting).rejects.toThrow('The screencast did not start');
    await vi.advanceTimersByTimeAsync(5_000);
    await failed;
    tab.open();
    await vi.waitFor(() => expect(tab.sent).toEqual(['Page.startScreencast', 'Page.stopScreencast']));
  });
});
