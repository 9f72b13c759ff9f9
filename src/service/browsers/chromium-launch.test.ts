import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findChromium } from './chromium-launch';

const dir = mkdtempSync(join(tmpdir(), 'svc-chromium-'));
const executable = (name: string) => {
  const path = join(dir, name);
  writeFileSync(path, '#!/bin/sh\n');
  chmodSync(path, 0o755);
  return path;
};
const headed = executable('chromium');
const shell = executable('chromium-headless-shell');
const debianShell = '/usr/lib/chromium/chromium-headless-shell';

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('findChromium', () => {
  it('launches each kind of browser with the executable configured for it', () => {
    const paths = { headed, headless: shell };
    expect(findChromium(paths, false)).toBe(headed);
    expect(findChromium(paths, true)).toBe(shell);
  });

  it('uses a configured SVC_CHROMIUM_PATH for headless sessions too when no headless one is configured', () => {
    expect(findChromium({ headed, headless: undefined }, true)).toBe(headed);
  });

  it.skipIf(!existsSync(debianShell))(
    'runs headless sessions on the installed headless shell (skipped: chromium-headless-shell not installed)',
    () => {
      expect(findChromium({ headed: undefined, headless: undefined }, true)).toBe(debianShell);
      expect(findChromium({ headed: undefined, headless: undefined }, false)).not.toBe(debianShell);
    },
  );

  it('says which paths it looked at when a configured one is missing', () => {
    expect(() => findChromium({ headed: join(dir, 'missing'), headless: undefined }, true)).toThrow(
      expect.objectContaining({ code: 'browser_unavailable', detail: expect.stringContaining('missing') }),
    );
  });
});
