import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '../../src/shared/sessions';
import { startFixtureServer, type FixtureServer } from '../fixtures/sites/fixture-server';
import { chromiumChildren, startSession } from '../sessions/session-helpers';
import { disposeTestService, startTestService, type TestService } from '../support/test-service';
import { startFake2Captcha, type FakeServer } from './fake-outside-services';
import { act, readPage } from './page-helpers';

const captchaKey = 'auto-captcha-key-789';

async function stepsOf(service: TestService, sessionId: string) {
  const response = await service.call(`/sessions/${sessionId}`);
  return ((await response.json()) as SessionResponse).steps;
}

describe('sessions started with solve_captchas: true', () => {
  let service: TestService;
  let sites: FixtureServer;
  let captcha: FakeServer;

  beforeAll(async () => {
    sites = await startFixtureServer();
    captcha = await startFake2Captcha(captchaKey, 'auto-token-abc');
    service = await startTestService({
      SVC_BROWSER_WARM_CONTEXTS: '1',
      SVC_CAPTCHA_API_URL: captcha.url,
      SVC_CAPTCHA_API_KEY: captchaKey,
      SVC_CAPTCHA_POLL_MS: '20',
    });
  });
  afterAll(async () => {
    await disposeTestService(service);
    await Promise.all([sites.close(), captcha.close()]);
    expect(chromiumChildren()).toEqual([]);
  });

  it('solves a CAPTCHA the page shows on load, injects the token and records a captcha_solve step', async () => {
    const { session_id: id } = await startSession(service, { solve_captchas: true });
    await act(service, id, { type: 'goto', url: sites.url('captcha.html') });

    // The next request on the session waits for the solve that the page load started.
    expect(await readPage(service, id, `document.querySelector('#verdict').textContent`)).toBe(
      'Captcha token auto-token-abc',
    );
    expect(await readPage(service, id, `document.querySelector('#g-recaptcha-response').value`)).toBe(
      'auto-token-abc',
    );
    const submitted = new URLSearchParams(captcha.requests[0]!.body);
    expect(Object.fromEntries(submitted)).toMatchObject({
      method: 'userrecaptcha',
      googlekey: '6Lc-fixture-site-key',
      pageurl: sites.url('captcha.html'),
    });
    const steps = await stepsOf(service, id);
    expect(steps.map((step) => step.type)).toEqual(['goto', 'captcha_solve', 'evaluate_js', 'evaluate_js']);
    expect(steps[1]).toMatchObject({ success: true, message: 'Solved the recaptcha CAPTCHA' });
    expect(JSON.stringify(steps)).not.toContain(captchaKey);
  });

  it('records nothing extra on pages without a CAPTCHA', async () => {
    const { session_id: id } = await startSession(service, { solve_captchas: true });
    const before = captcha.requests.length;
    await act(service, id, { type: 'goto', url: sites.url('article.html') });
    await act(service, id, { type: 'goto', url: sites.url('forms.html') });
    expect((await stepsOf(service, id)).map((step) => step.type)).toEqual(['goto', 'goto']);
    expect(captcha.requests.length).toBe(before);
  });

  it('leaves CAPTCHAs alone in sessions that did not ask', async () => {
    const { session_id: id } = await startSession(service);
    const before = captcha.requests.length;
    await act(service, id, { type: 'goto', url: sites.url('captcha.html') });
    expect(await readPage(service, id, `document.querySelector('#verdict').textContent`)).toBe(
      'Waiting for the captcha',
    );
    expect(captcha.requests.length).toBe(before);
  });
});

describe('solve_captchas: true without a solving service', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService({ SVC_BROWSER_WARM_CONTEXTS: '0' });
  });
  afterAll(async () => {
    await disposeTestService(service);
  });

  it('refuses the start with 422 not_supported and says what to configure', async () => {
    const response = await service.call('/sessions/start', {
      method: 'POST',
      json: { solve_captchas: true },
    });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { message: string; detail: string; code: string };
    expect(body).toMatchObject({
      code: 'not_supported',
      message: 'No CAPTCHA solving service is configured',
    });
    expect(body.detail).toContain('SVC_CAPTCHA_API_URL');
    const listed = await service.call('/sessions?only_active=true');
    expect(((await listed.json()) as { items: unknown[] }).items).toEqual([]);
  });
});
