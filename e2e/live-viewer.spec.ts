import { expect, test } from '@playwright/test';
import { startFixtureServer, type FixtureServer } from '../test/fixtures/sites/fixture-server';
import { disposeTestService, startTestService, type TestService } from '../test/support/test-service';

let service: TestService;
let sites: FixtureServer;

test.beforeAll(async () => {
  sites = await startFixtureServer();
  service = await startTestService({ SVC_BROWSER_WARM_CONTEXTS: '1' });
});
test.afterAll(async () => {
  await disposeTestService(service);
  await sites.close();
});

async function execute(sessionId: string, action: Record<string, unknown>) {
  const response = await service.call(`/sessions/${sessionId}/page/execute`, {
    method: 'POST',
    json: action,
  });
  return response.json();
}

test('a person watches a session in the viewer and takes over to follow a link', async ({ page }) => {
  const session = await (await service.call('/sessions/start', { method: 'POST', json: {} })).json();
  await execute(session.session_id, { type: 'goto', url: sites.url('page-two.html') });

  await page.goto(session.viewer_url);
  const screen = page.locator('#screen');
  // Live: frames are drawn, and the tab strip (sent with the control grant) is there.
  await expect(screen).toHaveAttribute('data-frames', /^[1-9]/);
  await expect(page.locator('.tab.active')).toBeVisible();
  await expect(screen).toBeVisible();

  // Where the page's one link is, asked through the API; clicked as a person would, on the viewer's picture.
  const box = await execute(session.session_id, {
    type: 'evaluate_js',
    code: `(() => { const r = document.querySelector('a').getBoundingClientRect();
      return { x: (r.left + r.width / 2) / innerWidth, y: (r.top + r.height / 2) / innerHeight }; })()`,
  });
  const shown = (await screen.boundingBox())!;
  await page.mouse.click(shown.x + box.data.x * shown.width, shown.y + box.data.y * shown.height);

  await expect
    .poll(
      async () =>
        (await execute(session.session_id, { type: 'evaluate_js', code: 'location.pathname' })).data,
    )
    .toBe('/actions.html');

  await service.call(`/sessions/${session.session_id}/stop`, { method: 'DELETE' });
  await expect(page.getByText('This session has ended.')).toBeVisible();
});

test('the API reference is browsable', async ({ page }) => {
  await page.goto(`${service.url}/docs`);
  await page.getByText('/sessions/start').first().click();
  await expect(page.getByText('idle_timeout_minutes').first()).toBeVisible();
});
