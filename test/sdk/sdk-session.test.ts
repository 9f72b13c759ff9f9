import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SvcClient, SvcError, type Session } from '../../src/sdk/index';
import { startFixtureServer, type FixtureServer } from '../fixtures/sites/fixture-server';
import { disposeTestService, startTestService, type TestService } from '../support/test-service';

let service: TestService;
let sites: FixtureServer;
let client: SvcClient;

beforeAll(async () => {
  [service, sites] = await Promise.all([startTestService(), startFixtureServer()]);
  client = new SvcClient({ apiKey: service.apiKey, baseUrl: service.url });
});
afterAll(async () => {
  await disposeTestService(service);
  await sites.close();
});

describe('the SDK against the real service', () => {
  it('use() starts a session, acts on it, and stops it afterwards', async () => {
    let used: Session | undefined;
    const title = await client.Session({ viewport_width: 800, viewport_height: 600 }).use(async (session) => {
      used = session;
      const goto = await session.execute({ type: 'goto', url: sites.url('forms.html') });
      expect(goto.success).toBe(true);
      const observation = await session.observe();
      expect(observation.space.interaction_actions.some((action) => action.selector.includes('email'))).toBe(
        true,
      );
      const fill = await session.execute({ type: 'fill', selector: '#email', value: 'ada@example.org' });
      expect(fill.success).toBe(true);
      const image = await session.screenshot();
      expect(image.contentType).toBe('image/png');
      const scraped = await session.scrape({ only_main_content: true });
      expect(scraped.markdown).toContain('Sign in to Acme');
      return observation.metadata.title;
    });
    expect(title).toBe('Sign in – Acme');
    expect((await used!.status()).status).toBe('closed');
    const code = await used!.workflowCode();
    expect(code.python_script).toContain(sites.url('forms.html'));
  });

  it('await using stops the session when the block throws', async () => {
    let sessionId = '';
    const failing = async () => {
      await using session = client.Session();
      sessionId = (await session.start()).session_id;
      throw new Error('the user code failed');
    };
    await expect(failing()).rejects.toThrow('the user code failed');
    expect((await client.attachSession(sessionId).status()).status).toBe('closed');
  });

  it('a failure in the page is success: false, not an exception', async () => {
    await client.Session().use(async (session) => {
      await session.execute({ type: 'goto', url: sites.url('forms.html') });
      const result = await session.execute({ type: 'click', selector: '#missing', timeout: 300 });
      expect(result.success).toBe(false);
      expect(result.exception ?? result.message).toBeTruthy();
    });
  });

  it('raises typed errors with status and code', async () => {
    const notFound = await client
      .attachSession('no-such-session')
      .status()
      .catch((error: unknown) => error);
    expect(notFound).toBeInstanceOf(SvcError);
    expect(notFound).toMatchObject({ status: 404, code: 'session_not_found' });
    const invalid = await client
      .Session({ viewport_width: 800 })
      .start()
      .catch((error: unknown) => error);
    expect(invalid).toMatchObject({ status: 422, code: 'validation_failed' });
    expect((invalid as SvcError).detailText).toContain('viewport');
    const unauthorized = await new SvcClient({ apiKey: 'svc_wrong_key_000000000', baseUrl: service.url })
      .account()
      .catch((e: unknown) => e);
    expect(unauthorized).toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('reads cookies and sets them', async () => {
    await client.Session().use(async (session) => {
      await session.execute({ type: 'goto', url: sites.url('forms.html') });
      await session.setCookies([{ name: 'flavour', value: 'oat', url: sites.url('') }]);
      const cookies = await session.cookies();
      expect(cookies).toContainEqual(expect.objectContaining({ name: 'flavour', value: 'oat' }));
      const log = await session.network();
      expect('entries' in log && log.entries.some((entry) => entry.url.includes('forms.html'))).toBe(true);
    });
  });
});
