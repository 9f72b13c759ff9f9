import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '../../src/shared/sessions';
import { startFixtureServer, type FixtureServer } from '../fixtures/sites/fixture-server';
import { chromiumChildren } from '../sessions/session-helpers';
import { disposeTestService, startTestService, type TestService } from '../support/test-service';
import { runPython } from './python-runner';

/** What sdk-against-service.py printed. */
interface Seen {
  unknown_option: { status: number; code: string; detail: string };
  bad_key: { status: number; message: string };
  goto: boolean;
  title: string;
  selectors: string[];
  fill: boolean;
  missing_click: { success: boolean; has_exception: boolean };
  png_signature: string;
  markdown: string;
  status_inside: string;
  status_after: string;
  failing_id: string;
}

const script = fileURLToPath(new URL('sdk-against-service.py', import.meta.url));

describe('the Python SDK against the real service', () => {
  let service: TestService;
  let sites: FixtureServer;

  beforeAll(async () => {
    [service, sites] = await Promise.all([
      startTestService({ SVC_BROWSER_WARM_CONTEXTS: '1' }),
      startFixtureServer(),
    ]);
  });
  afterAll(async () => {
    await disposeTestService(service);
    await sites.close();
    expect(chromiumChildren()).toEqual([]);
  });

  it('starts, acts, observes, scrapes, screenshots and stops; errors arrive as SvcError and ActionFailed', async () => {
    const run = await runPython([script, sites.url('forms.html')], {
      SVC_API_KEY: service.apiKey,
      SVC_API_URL: service.url,
    });
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    const seen = JSON.parse(run.stdout) as Seen;
    expect(seen.unknown_option).toMatchObject({
      status: 422,
      detail: expect.stringContaining('no_such_option'),
    });
    expect(seen.bad_key.status).toBe(401);
    expect(seen.goto).toBe(true);
    expect(seen.title).toBe('Sign in – Acme');
    expect(seen.selectors.some((selector) => selector.includes('email'))).toBe(true);
    expect(seen.fill).toBe(true);
    expect(seen.missing_click).toEqual({ success: false, has_exception: true });
    expect(seen.png_signature).toBe('89504e470d0a1a0a');
    expect(seen.markdown).toContain('Sign in to Acme');
    expect([seen.status_inside, seen.status_after]).toEqual(['active', 'closed']);

    const response = await service.call(`/sessions/${seen.failing_id}`);
    expect(((await response.json()) as SessionResponse).status).toBe('closed');
  });
});
