import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObservationBody, ScrapeResponse, WorkflowCode } from '../../src/shared/page';
import type { SessionResponse } from '../../src/shared/sessions';
import { startFixtureServer, type FixtureServer } from '../fixtures/sites/fixture-server';
import { chromiumChildren, startSession, stopSession } from '../sessions/session-helpers';
import { createOtherAccountKey } from '../support/other-account';
import { disposeTestService, startTestService, type TestService } from '../support/test-service';
import { act, execute, postJson, readPage, productsFormat } from './page-helpers';

describe('page actions on a running session', () => {
  let service: TestService;
  let sites: FixtureServer;
  let sessionId: string;

  const observe = async (url?: string) => {
    const { status, body } = await postJson<ObservationBody>(
      service,
      `/sessions/${sessionId}/page/observe`,
      url ? { url } : {},
    );
    expect(status).toBe(200);
    return body;
  };
  const idOf = (observation: ObservationBody, label: RegExp) => {
    const found = observation.space.interaction_actions.find((action) => label.test(action.text_label));
    if (!found) throw new Error(`no element labelled ${label} in ${observation.space.description}`);
    return found.id;
  };

  beforeAll(async () => {
    sites = await startFixtureServer();
    service = await startTestService({ SVC_BROWSER_WARM_CONTEXTS: '1', SVC_ACTION_TIMEOUT_MS: '3000' });
    sessionId = (await startSession(service)).session_id;
  });
  afterAll(async () => {
    await disposeTestService(service);
    await sites.close();
    expect(chromiumChildren()).toEqual([]);
  });

  it('refuses an element id before any observe, and an id the last observe does not have', async () => {
    await act(service, sessionId, { type: 'goto', url: sites.url('forms.html') });
    const early = await execute(service, sessionId, { type: 'click', id: 'B1' });
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({ code: 'observe_first', message: 'Observe the page first' });
    await observe();
    const stale = await execute(service, sessionId, { type: 'click', id: 'B99' });
    expect(stale.status).toBe(422);
    expect(stale.body).toMatchObject({ code: 'stale_element_id' });
    expect(String(stale.body.detail)).toMatch(/observe again/);
  });

  it('fills, checks and selects by observe id, and clicks submit', async () => {
    const observation = await observe(sites.url('forms.html'));
    expect(observation.metadata.title).toBe('Sign in – Acme');
    expect(observation.space.description).toMatch(/^B\d+\[:\]<button type="submit">Sign in<\/button>$/m);
    await act(service, sessionId, {
      type: 'fill',
      id: idOf(observation, /^Email$/),
      value: 'ada@example.org',
    });
    await act(service, sessionId, { type: 'check', id: idOf(observation, /Remember me/) });
    await act(service, sessionId, {
      type: 'select_dropdown_option',
      id: idOf(observation, /^Country$/),
      value: 'Germany',
    });
    const state = await readPage(
      service,
      sessionId,
      `[document.querySelector('#email').value, document.querySelector('[name=remember]').checked, document.querySelector('#country').value]`,
    );
    expect(state).toEqual(['ada@example.org', true, 'de']);
  });

  it('never echoes or records a value typed into a password field', async () => {
    const result = await act(service, sessionId, {
      type: 'fill',
      selector: '#password',
      value: 'hunter2-secret',
    });
    expect(result.action).toMatchObject({ type: 'fill', value: '[redacted]' });
    const status = (await (await service.call(`/sessions/${sessionId}`)).json()) as SessionResponse;
    expect(JSON.stringify(status.steps)).not.toContain('hunter2-secret');
    expect(await readPage(service, sessionId, `document.querySelector('#password').value`)).toBe(
      'hunter2-secret',
    );
  });

  it('fills a form from JSON by autocomplete, label, name and type', async () => {
    await act(service, sessionId, { type: 'goto', url: sites.url('actions.html') });
    const result = await act(service, sessionId, {
      type: 'form_fill',
      value: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        'Your e-mail address': 'ada@example.org',
        postcode: '75001',
        password: 'pw-secret',
        size: 'Large',
        terms: 'yes',
      },
    });
    expect(result.data).toEqual({
      matched_by: {
        first_name: 'autocomplete',
        last_name: 'autocomplete',
        'Your e-mail address': 'label',
        postcode: 'name',
        password: 'label',
        size: 'label',
        terms: 'name',
      },
    });
    expect(result.action).toMatchObject({ value: { password: '[redacted]', first_name: 'Ada' } });
    const values = await readPage(
      service,
      sessionId,
      `['#first', '#last', '#mail', '#zip', '#pw', '#size'].map((s) => document.querySelector(s).value).concat(document.querySelector('#terms').checked)`,
    );
    expect(values).toEqual(['Ada', 'Lovelace', 'ada@example.org', '75001', 'pw-secret', 'l', true]);
    await act(service, sessionId, { type: 'click', selector: 'text=Pay now' });
    expect(await readPage(service, sessionId, `document.querySelector('#status').textContent`)).toBe(
      'Submitted Ada',
    );
  });

  it('fills a split one-time code, presses keys and Enter, scrolls and waits', async () => {
    await act(service, sessionId, {
      type: 'multi_factor_fill',
      selector: '#otp input >> nth=0',
      value: '123456',
    });
    expect(
      await readPage(
        service,
        sessionId,
        `[...document.querySelectorAll('#otp input')].map((i) => i.value).join('')`,
      ),
    ).toBe('123456');
    await act(service, sessionId, { type: 'fill', selector: '#first', value: 'Grace', press_enter: true });
    expect(await readPage(service, sessionId, `document.querySelector('#status').textContent`)).toBe(
      'Submitted Grace',
    );
    await readPage(service, sessionId, `(document.activeElement.blur(), true)`);
    await act(service, sessionId, { type: 'press_key', key: 'Escape' });
    expect(await readPage(service, sessionId, `document.querySelector('#keys').textContent`)).toBe(
      'Key Escape',
    );
    const down = await act(service, sessionId, { type: 'scroll_down', amount: 400 });
    expect(down.data).toMatchObject({ scroll_y: 400 });
    const up = await act(service, sessionId, { type: 'scroll_up', amount: 150 });
    expect(up.data).toMatchObject({ scroll_y: 250 });
    await act(service, sessionId, { type: 'wait', time_ms: 50 });
  });

  it('waits for an element that appears late, and reports a missing one as success:false', async () => {
    await act(service, sessionId, { type: 'goto', url: sites.url('actions.html') });
    await act(service, sessionId, { type: 'click', selector: 'text=Loaded late' });
    expect(await readPage(service, sessionId, `document.querySelector('#late button').textContent`)).toBe(
      'Loaded and clicked',
    );
    const missing = await execute(service, sessionId, {
      type: 'click',
      selector: '#does-not-exist',
      timeout: 300,
    });
    expect(missing.status).toBe(200);
    expect(missing.body).toMatchObject({
      success: false,
      message: expect.stringMatching(/Timeout 300ms exceeded/),
    });
    expect(missing.body.exception).toContain('#does-not-exist');
  });

  it('acts inside open shadow roots and same-origin iframes by observe id', async () => {
    const team = await observe(sites.url('shadow.html'));
    await act(service, sessionId, { type: 'fill', id: idOf(team, /Search people/), value: 'grace' });
    expect(
      await readPage(
        service,
        sessionId,
        `document.querySelector('search-box').shadowRoot.querySelector('input').value`,
      ),
    ).toBe('grace');
    const blog = await observe(sites.url('iframes.html'));
    const framed = blog.space.interaction_actions.find(
      (action) => action.selector.includes('enter-frame') && action.type === 'fill',
    );
    expect(framed).toBeDefined();
    await act(service, sessionId, { type: 'fill', id: framed!.id, value: 'reader@example.org' });
    expect(
      await readPage(
        service,
        sessionId,
        `document.querySelector('iframe').contentDocument.querySelector('input').value`,
      ),
    ).toBe('reader@example.org');
  });

  it('opens, switches and closes tabs, and moves through history', async () => {
    await act(service, sessionId, { type: 'goto', url: sites.url('actions.html') });
    await act(service, sessionId, { type: 'goto', url: sites.url('page-two.html') });
    await act(service, sessionId, { type: 'go_back' });
    expect(await readPage(service, sessionId, 'document.title')).toBe('Checkout – actions');
    await act(service, sessionId, { type: 'go_forward' });
    await act(service, sessionId, { type: 'reload' });
    expect(await readPage(service, sessionId, 'document.title')).toBe('Second page');
    const opened = await act(service, sessionId, { type: 'goto_new_tab', url: sites.url('forms.html') });
    expect(opened.data).toMatchObject({ tab_index: 1 });
    expect((await observe()).metadata.tabs.map((tab) => tab.title)).toEqual([
      'Second page',
      'Sign in – Acme',
    ]);
    await act(service, sessionId, { type: 'switch_tab', tab_index: 0 });
    expect(await readPage(service, sessionId, 'document.title')).toBe('Second page');
    const nowhere = await execute(service, sessionId, { type: 'switch_tab', tab_index: 7 });
    expect(nowhere.body).toMatchObject({
      success: false,
      message: 'There is no tab 7: the session has 2 (0-based)',
    });
    await act(service, sessionId, { type: 'close_tab' });
    expect(await readPage(service, sessionId, 'document.title')).toBe('Sign in – Acme');
    const last = await execute(service, sessionId, { type: 'close_tab' });
    expect(last.body).toMatchObject({ success: false, message: expect.stringMatching(/last tab/) });
  });

  it('uploads a stored file through an input and through a file-chooser button, and downloads into storage', async () => {
    const upload = await service.call('/storage/uploads/cv.txt', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: 'curriculum vitae',
    });
    expect(upload.status).toBe(200);
    await act(service, sessionId, { type: 'goto', url: sites.url('actions.html') });
    await act(service, sessionId, { type: 'upload_file', selector: '#chooser', file_path: 'cv.txt' });
    expect(await readPage(service, sessionId, `document.querySelector('#chosen').textContent`)).toBe(
      'cv.txt',
    );
    await act(service, sessionId, { type: 'goto', url: sites.url('forms.html') });
    await act(service, sessionId, { type: 'upload_file', selector: '#avatar', file_path: 'cv.txt' });
    expect(await readPage(service, sessionId, `document.querySelector('#avatar').files[0].size`)).toBe(16);
    const missing = await execute(service, sessionId, {
      type: 'upload_file',
      selector: '#avatar',
      file_path: 'nope.txt',
    });
    expect(missing.status).toBe(404);

    await act(service, sessionId, { type: 'goto', url: sites.url('download.html') });
    const downloaded = await act(service, sessionId, { type: 'download_file', selector: '#report' });
    expect(downloaded.data).toMatchObject({ file_name: 'quarterly report.csv' });
    const listed = await (await service.call(`/storage/${sessionId}/downloads`)).json();
    expect(JSON.stringify(listed)).toContain('quarterly report.csv');
  });

  it('evaluates expressions and functions, and bounds the size of the result', async () => {
    expect(await readPage(service, sessionId, '6 * 7')).toBe(42);
    expect(await readPage(service, sessionId, '() => document.title')).toBe('Downloads');
    expect(await readPage(service, sessionId, 'async () => ({ ok: true })')).toEqual({ ok: true });
    const huge = await execute(service, sessionId, {
      type: 'evaluate_js',
      code: `'x'.repeat(2 * 1024 * 1024)`,
    });
    expect(huge.body).toMatchObject({
      success: false,
      message: expect.stringMatching(/over the limit of 1048576/),
    });
    const thrown = await execute(service, sessionId, {
      type: 'evaluate_js',
      code: `(() => { throw new Error('boom in page') })()`,
    });
    expect(thrown.body).toMatchObject({ success: false, message: expect.stringContaining('boom in page') });
  });

  it('marks completion, and says plainly that mail and SMS need a persona', async () => {
    const done = await act(service, sessionId, { type: 'completion', success: true, answer: 'All done' });
    expect(done).toMatchObject({ message: 'All done', data: { success: true, answer: 'All done' } });
    const mail = await execute(service, sessionId, { type: 'email_read' });
    expect(mail.body).toMatchObject({ success: false, message: expect.stringMatching(/needs a persona/) });
    const solve = await execute(service, sessionId, { type: 'captcha_solve' });
    expect(solve.body).toMatchObject({ success: false, message: 'No CAPTCHA solving service is configured' });
    expect(solve.body.exception).toMatch(/SVC_CAPTCHA_API_URL/);
  });

  it('scrapes main content, links and images, and says when no model is configured', async () => {
    await act(service, sessionId, { type: 'goto', url: sites.url('article.html') });
    const main = await postJson<ScrapeResponse>(service, `/sessions/${sessionId}/page/scrape`, {
      scrape_images: true,
    });
    expect(main.status).toBe(200);
    expect(main.body.markdown).toContain('# Our products');
    expect(main.body.markdown).toContain('[details](http://127.0.0.1:');
    expect(main.body.markdown).not.toMatch(/Pricing|Sponsored|Acme Corporation/);
    expect(main.body.links?.map((link) => link.text)).toEqual(['details', 'details']);
    expect(main.body.images).toEqual([
      { url: expect.stringMatching(/\/images\/anvil\.png$/), description: 'An anvil' },
    ]);
    expect(main.body.structured).toBeUndefined();
    const whole = await postJson<ScrapeResponse>(service, `/sessions/${sessionId}/page/scrape`, {
      only_main_content: false,
      scrape_links: false,
      instructions: 'List the products',
      response_format: productsFormat,
    });
    expect(whole.body.markdown).toMatch(/Pricing[\s\S]*Our products[\s\S]*Acme Corporation/);
    expect(whole.body.markdown).not.toMatch(/(^|[^!])\[[^\]]*\]\(/);
    expect(whole.body.links).toBeUndefined();
    expect(whole.body.structured).toEqual({
      success: false,
      error: expect.stringMatching(/No language model is configured/),
    });
    const scoped = await postJson<ScrapeResponse>(service, `/sessions/${sessionId}/page/scrape`, {
      selector: 'footer',
    });
    expect(scoped.body.markdown).toContain('© Acme Corporation');
  });

  it('takes PNG and JPEG screenshots', async () => {
    const png = await service.call(`/sessions/${sessionId}/page/screenshot`, { method: 'POST', json: {} });
    expect(png.headers.get('content-type')).toBe('image/png');
    expect([...new Uint8Array(await png.arrayBuffer()).slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const jpeg = await service.call(`/sessions/${sessionId}/page/screenshot`, {
      method: 'POST',
      json: { type: 'jpeg', quality: 60, full_page: true },
    });
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    expect([...new Uint8Array(await jpeg.arrayBuffer()).slice(0, 2)]).toEqual([0xff, 0xd8]);
  });

  it('fails the action running when the page crashes, then goes on in a fresh tab', async () => {
    await act(service, sessionId, { type: 'goto', url: sites.url('page-two.html') });
    const live = service.running.context.sessions.findById(sessionId)!;
    const page = live.activePage();
    const running = execute(service, sessionId, {
      type: 'evaluate_js',
      code: 'new Promise((resolve) => setTimeout(resolve, 10000))',
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const cdp = await live.context.newCDPSession(page);
    void cdp.send('Page.crash').catch(() => undefined);
    const crashed = await running;
    expect(crashed.body).toMatchObject({ success: false, message: expect.stringMatching(/page crashed/) });
    await act(service, sessionId, { type: 'goto', url: sites.url('forms.html') });
    expect(await readPage(service, sessionId, 'document.title')).toBe('Sign in – Acme');
  });

  it('keeps sessions to their account', async () => {
    const otherKey = await createOtherAccountKey(service, 'page-other@example.org');
    const response = await service.call(`/sessions/${sessionId}/page/execute`, {
      method: 'POST',
      headers: { authorization: `Bearer ${otherKey}` },
      json: { type: 'goto', url: sites.url('forms.html') },
    });
    expect(response.status).toBe(404);
  });

  it('exports the steps as workflow code with selectors, not ids, also after the session stopped', async () => {
    const fresh = (await startSession(service)).session_id;
    const withSession = async (action: Record<string, unknown>) => act(service, fresh, action);
    await withSession({ type: 'goto', url: sites.url('forms.html') });
    const observation = (await postJson<ObservationBody>(service, `/sessions/${fresh}/page/observe`, {}))
      .body;
    const email = observation.space.interaction_actions.find((action) => action.text_label === 'Email')!;
    await withSession({ type: 'fill', id: email.id, value: 'ada@example.org' });
    await withSession({ type: 'fill', selector: '#password', value: 'real-secret' });
    await postJson(service, `/sessions/${fresh}/page/scrape`, {
      instructions: 'The page heading',
      response_format: {
        type: 'object',
        properties: {
          items: { type: 'array', items: { type: 'object', properties: { title: { type: 'string' } } } },
        },
      },
    });
    await stopSession(service, fresh);
    const response = await service.call(`/sessions/${fresh}/workflow/code?language=typescript`);
    expect(response.status).toBe(200);
    const code = (await response.json()) as WorkflowCode;
    expect(code.json_actions).toEqual([
      { type: 'goto', url: sites.url('forms.html') },
      { type: 'fill', selector: email.selector, value: 'ada@example.org', clear_before_fill: true },
      { type: 'fill', selector: '#password', value: '[redacted]', clear_before_fill: true },
      expect.objectContaining({ type: 'scrape', instructions: 'The page heading', only_main_content: true }),
    ]);
    const python = code.python_script;
    expect(python).toMatch(/^from __future__ import annotations\n/);
    expect(python).toContain('from pydantic import BaseModel');
    expect(python).toContain('from svc_sdk import SvcClient');
    expect(python).toContain('class Item(BaseModel):\n    title: str | None = None');
    expect(python).toContain('class Model(BaseModel):\n    items: list[Item] | None = None');
    expect(python).toContain(
      'def run() -> Model:\n    with client.Session(use_file_storage=True) as session:',
    );
    expect(python).toContain(`session.execute(type='goto', url='${sites.url('forms.html')}')`);
    expect(python).toContain(
      "result = session.scrape(instructions='The page heading', only_main_content=True, only_images=False, scrape_links=True, scrape_images=False, response_format=Model)",
    );
    expect(python).toMatch(/\nrun\(\)\n$/);
    expect(python).not.toContain('real-secret');
    expect(python).toContain("value='mycoolpassword'");
    expect(python).not.toMatch(/id='[LBIFOM]\d+'/);
    expect(code.typescript_script).toContain("import { SvcClient } from 'svc/sdk';");
    expect(code.typescript_script).toContain(
      'client.Session({ use_file_storage: true }).use(async (session) => {',
    );
  });
});
