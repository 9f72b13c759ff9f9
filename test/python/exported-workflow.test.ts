import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowCode } from '../../src/shared/page';
import type { SessionResponse } from '../../src/shared/sessions';
import { startFixtureServer, type FixtureServer } from '../fixtures/sites/fixture-server';
import { startFakeChatCompletions, type FakeServer } from '../page/fake-outside-services';
import { act, postJson } from '../page/page-helpers';
import { chromiumChildren, startSession, stopSession } from '../sessions/session-helpers';
import { disposeTestService, startTestService, type TestService } from '../support/test-service';
import { hasPydantic, runPython } from './python-runner';

const products = {
  products: [
    { name: 'Anvil', price: 12.5 },
    { name: 'Rocket skates', price: 99 },
  ],
};

const productsFormat = {
  type: 'object',
  properties: {
    products: {
      type: 'array',
      items: { type: 'object', properties: { name: { type: 'string' }, price: { type: 'number' } } },
    },
  },
};

describe('exported Python workflow code run with the Python SDK', () => {
  let service: TestService;
  let sites: FixtureServer;
  let model: FakeServer;
  let authoredId: string;
  let workDir: string;

  /** Writes `code` to a file and runs it (or `wrapper` around it) with the SDK pointed at the test service. */
  const runExported = (code: string, wrapper?: string) => {
    const file = join(workDir, `exported-${Date.now()}.py`);
    writeFileSync(file, code);
    const args = wrapper ? ['-c', wrapper, file] : [file];
    return runPython(args, { SVC_API_KEY: service.apiKey, SVC_API_URL: service.url });
  };

  const workflowCodeOf = async (query: string): Promise<WorkflowCode> => {
    const response = await service.call(`/sessions/${authoredId}/workflow/code${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as WorkflowCode;
  };

  const sessionsOtherThanAuthored = async (): Promise<SessionResponse[]> => {
    const response = await service.call('/sessions?only_active=false&page_size=100');
    const { items } = (await response.json()) as { items: SessionResponse[] };
    return items.filter((session) => session.session_id !== authoredId);
  };

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'svc-python-'));
    sites = await startFixtureServer();
    model = await startFakeChatCompletions(JSON.stringify(products));
    service = await startTestService({
      SVC_BROWSER_WARM_CONTEXTS: '1',
      SVC_LLM_BASE_URL: `${model.url}/v1`,
      SVC_LLM_MODEL: 'fake-model',
      SVC_LLM_API_KEY: 'llm-key-456',
    });
    // Author the workflow through the HTTP API: open the page, extract the products, stop.
    authoredId = (await startSession(service)).session_id;
    await act(service, authoredId, { type: 'goto', url: sites.url('article.html') });
    const { status, body } = await postJson<{ structured?: unknown }>(
      service,
      `/sessions/${authoredId}/page/scrape`,
      {
        instructions: 'List the products with their prices',
        only_main_content: true,
        only_images: false,
        scrape_links: false,
        scrape_images: false,
        response_format: productsFormat,
      },
    );
    expect(status).toBe(200);
    expect(body.structured).toEqual({ success: true, data: products });
    await stopSession(service, authoredId);
  });
  afterAll(async () => {
    await disposeTestService(service);
    await Promise.all([sites.close(), model.close()]);
    rmSync(workDir, { recursive: true, force: true });
    expect(chromiumChildren()).toEqual([]);
  });

  it('exports the spec shape: a Model class, run() -> Model in a Session block, and a call of run()', async () => {
    const { python_script: python } = await workflowCodeOf('');
    expect(python).toContain('from svc_sdk import SvcClient');
    expect(python).toContain('class Model(BaseModel):\n    products: list[Product] | None = None');
    expect(python).toContain(
      'def run() -> Model:\n    with client.Session(use_file_storage=True) as session:',
    );
    expect(python).toContain(`session.execute(type='goto', url='${sites.url('article.html')}')`);
    expect(python).toContain(
      "result = session.scrape(instructions='List the products with their prices', only_main_content=True, " +
        'only_images=False, scrape_links=False, scrape_images=False, response_format=Model)',
    );
    expect(python.trimEnd().endsWith('run()')).toBe(true);
  });

  it.skipIf(!hasPydantic)(
    'runs as python3 exported.py: replays the steps in a new session and stops it (needs pydantic)',
    async () => {
      const { python_script: python } = await workflowCodeOf('');
      const run = await runExported(python);
      expect(run.stderr).toBe('');
      expect(run.exitCode).toBe(0);
      const [replayed] = await sessionsOtherThanAuthored();
      expect(replayed?.status).toBe('closed');
      expect(replayed?.steps.map((step) => [step.type, step.success])).toEqual([
        ['goto', true],
        ['scrape', true],
      ]);
      // The replayed scrape asked the language model for the JSON schema of the exported pydantic Model.
      const sent = JSON.parse(model.requests.at(-1)!.body) as {
        response_format: { json_schema: { schema: Record<string, unknown> } };
      };
      expect(sent.response_format.json_schema.schema).toMatchObject({
        title: 'Model',
        $defs: { Product: { title: 'Product' } },
      });
    },
  );

  it.skipIf(!hasPydantic)(
    'run() returns the scraped data as the exported Model (needs pydantic)',
    async () => {
      const { python_script: python } = await workflowCodeOf('');
      const wrapper = [
        'import runpy, sys',
        // Running the file calls run() once as exported; the second call hands its Model to this wrapper.
        'namespace = runpy.run_path(sys.argv[1])',
        'result = namespace["run"]()',
        'print(type(result).__name__)',
        'print(result.model_dump_json())',
      ].join('\n');
      const run = await runExported(python, wrapper);
      expect(run.exitCode).toBe(0);
      const [className, json] = run.stdout.trim().split('\n');
      expect(className).toBe('Model');
      expect(JSON.parse(json!)).toEqual(products);
    },
  );

  it.skipIf(!hasPydantic)(
    'the plain script (as_workflow=false) prints the scraped Model (needs pydantic)',
    async () => {
      const { python_script: python } = await workflowCodeOf('?as_workflow=false');
      expect(python).not.toContain('def run()');
      const run = await runExported(python);
      expect(run.exitCode).toBe(0);
      expect(run.stdout.trim()).toBe(
        "products=[Product(name='Anvil', price=12.5), Product(name='Rocket skates', price=99.0)]",
      );
    },
  );
});
