import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScrapeResponse } from '../../src/shared/page';
import { startFixtureServer, type FixtureServer } from '../fixtures/sites/fixture-server';
import { chromiumChildren, startSession } from '../sessions/session-helpers';
import { disposeTestService, startTestService, type TestService } from '../support/test-service';
import { startFake2Captcha, startFakeChatCompletions, type FakeServer } from './fake-outside-services';
import { act, postJson, readPage, productsFormat } from './page-helpers';

const products = {
  products: [
    { name: 'Anvil', price: 12.5 },
    { name: 'Rocket skates', price: 99 },
  ],
};

describe('page actions calling outside services', () => {
  let service: TestService;
  let sites: FixtureServer;
  let captcha: FakeServer;
  let model: FakeServer;
  let sessionId: string;

  beforeAll(async () => {
    sites = await startFixtureServer();
    captcha = await startFake2Captcha('captcha-key-123', 'solved-token-xyz');
    model = await startFakeChatCompletions(JSON.stringify(products));
    service = await startTestService({
      SVC_BROWSER_WARM_CONTEXTS: '1',
      SVC_CAPTCHA_API_URL: captcha.url,
      SVC_CAPTCHA_API_KEY: 'captcha-key-123',
      SVC_CAPTCHA_POLL_MS: '20',
      SVC_LLM_BASE_URL: `${model.url}/v1`,
      SVC_LLM_MODEL: 'fake-model',
      SVC_LLM_API_KEY: 'llm-key-456',
    });
    sessionId = (await startSession(service)).session_id;
  });
  afterAll(async () => {
    await disposeTestService(service);
    await Promise.all([sites.close(), captcha.close(), model.close()]);
    expect(chromiumChildren()).toEqual([]);
  });

  it('solves a reCAPTCHA through the 2Captcha protocol and injects the token', async () => {
    await act(service, sessionId, { type: 'goto', url: sites.url('captcha.html') });
    const solved = await act(service, sessionId, { type: 'captcha_solve' });
    expect(solved.data).toMatchObject({ captcha_type: 'recaptcha', sitekey: '6Lc-fixture-site-key' });
    const submitted = new URLSearchParams(captcha.requests[0]!.body);
    expect(Object.fromEntries(submitted)).toMatchObject({
      method: 'userrecaptcha',
      googlekey: '6Lc-fixture-site-key',
      pageurl: sites.url('captcha.html'),
      key: 'captcha-key-123',
    });
    expect(captcha.requests.filter((request) => request.line.startsWith('GET /res.php'))).toHaveLength(2);
    expect(await readPage(service, sessionId, `document.querySelector('#g-recaptcha-response').value`)).toBe(
      'solved-token-xyz',
    );
    expect(await readPage(service, sessionId, `document.querySelector('#verdict').textContent`)).toBe(
      'Captcha token solved-token-xyz',
    );
    expect(JSON.stringify(solved)).not.toContain('captcha-key-123');
  });

  it('says so when the page has no CAPTCHA widget', async () => {
    await act(service, sessionId, { type: 'goto', url: sites.url('article.html') });
    const { body } = await postJson<{ success: boolean; message: string }>(
      service,
      `/sessions/${sessionId}/page/execute`,
      {
        type: 'captcha_solve',
        captcha_type: 'hcaptcha',
      },
    );
    expect(body).toMatchObject({ success: false, message: 'No hcaptcha widget found on the page' });
  });

  it('extracts structured data through the language model, with the page fenced as data', async () => {
    const { status, body } = await postJson<ScrapeResponse>(service, `/sessions/${sessionId}/page/scrape`, {
      instructions: 'List the products with their prices',
      response_format: productsFormat,
    });
    expect(status).toBe(200);
    expect(body.structured).toEqual({ success: true, data: products });
    expect(body.markdown).toContain('# Our products');
    const sent = JSON.parse(model.requests.at(-1)!.body) as {
      model: string;
      messages: { role: string; content: string }[];
      response_format: { type: string; json_schema: { strict: boolean } };
    };
    expect(sent.model).toBe('fake-model');
    // Strict mode would refuse ordinary schemas such as pydantic's optional fields.
    expect(sent.response_format).toMatchObject({ type: 'json_schema', json_schema: { strict: false } });
    const user = sent.messages.find((message) => message.role === 'user')!.content;
    expect(user).toMatch(
      /Instructions: List the products with their prices[\s\S]*<page_content>\n# Our products[\s\S]*<\/page_content>$/,
    );
    expect(sent.messages.find((message) => message.role === 'system')!.content).toMatch(/untrusted data/);
  });
});
