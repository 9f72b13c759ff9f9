import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Observation, Session } from '../../sdk/session';
import type { ScrapeResponse } from '../../shared/page';
import type { CliContext, Env } from '../cli-context';
import { UsageError } from '../cli-errors';
import { parseJsonArgument } from '../parse-values';
import { bindAction } from '../run-action';
import { saveToTempFile } from '../save-file';
import { withSpinner } from '../spinner';
import { parseTarget } from '../target';
import { executeAction, reportActionResult, type PageLeaf } from './page-action';

interface SessionOptions {
  sessionId?: string;
  timeout?: number;
}

async function currentSession(context: CliContext, options: SessionOptions): Promise<Session> {
  const client = await context.client();
  return client.attachSession(await context.sessionId(client, options.sessionId));
}

function renderObservation(observation: Observation): string {
  const { url, title, tabs } = observation.metadata;
  const header = [`url:   ${url}`, `title: ${title}`];
  if (tabs.length > 1)
    header.push(`tabs:  ${tabs.map((tab, index) => `${index}: ${tab.title || tab.url}`).join(' | ')}`);
  return `${header.join('\n')}\n\n${observation.space.description}`;
}

function renderScrape(result: ScrapeResponse): string {
  if (!result.structured) return result.markdown;
  if (!result.structured.success)
    throw new UsageError(`Structured scrape failed: ${result.structured.error ?? 'no reason given'}`);
  return JSON.stringify(result.structured.data, null, 2);
}

/** The commands that read the page (observe, scrape, screenshot) and those that move files. */
export function addPageReadCommands(leaf: PageLeaf, env: Env): void {
  bindAction<SessionOptions & { instructions?: string }>(
    leaf(
      'observe',
      'Observe the page: interactive elements with ids, and its text',
      'svc page observe',
    ).option('--instructions <text>', 'what you are looking for, to rank elements'),
    env,
    async (context, options) => {
      const session = await currentSession(context, options);
      const observation = await withSpinner(
        'Observing',
        session.observe({ instructions: options.instructions }),
      );
      context.output.data(observation, renderObservation);
    },
  );

  bindAction<
    SessionOptions & { instructions?: string; onlyMainContent?: boolean; selector?: string; schema?: unknown }
  >(
    leaf(
      'scrape',
      'Extract the page content as markdown, or as JSON with --instructions',
      'svc page scrape --only-main-content',
    )
      .option('--instructions <text>', 'what to extract (uses the configured language model)')
      .option('--only-main-content', 'leave out navigation, sidebars and footers (smaller, may miss things)')
      .option('--selector <selector>', 'scrape only this element')
      .option(
        '--schema <json>',
        'JSON Schema of the structured result wanted (with --instructions)',
        parseJsonArgument,
      ),
    env,
    async (context, options) => {
      const session = await currentSession(context, options);
      const request = session.scrape({
        instructions: options.instructions,
        only_main_content: Boolean(options.onlyMainContent),
        selector: options.selector,
        response_format: options.schema as Record<string, unknown> | undefined,
      });
      context.output.data(await withSpinner('Scraping', request), renderScrape);
    },
  );

  bindAction<SessionOptions & { fullPage?: boolean; jpeg?: boolean }>(
    leaf(
      'screenshot',
      'Save a screenshot of the page in a temporary folder and print its path',
      'svc page screenshot --full-page',
    )
      .option('--full-page', 'the whole page, not only the viewport')
      .option('--jpeg', 'JPEG instead of PNG'),
    env,
    async (context, options) => {
      const session = await currentSession(context, options);
      const type = options.jpeg ? 'jpeg' : 'png';
      const image = await withSpinner(
        'Taking a screenshot',
        session.screenshot({ full_page: Boolean(options.fullPage), type }),
      );
      const path = saveToTempFile(
        `screenshot-${session.id}-${Date.now()}.${type === 'jpeg' ? 'jpg' : 'png'}`,
        image.bytes,
      );
      context.output.data(
        { path, content_type: image.contentType, bytes: image.bytes.length },
        (value) => value.path,
      );
    },
  );

  bindAction<SessionOptions & { file: string }, [string]>(
    leaf('upload', 'Upload a local file into a file input', 'svc page upload I5 --file ./cv.pdf', {
      ownsTimeout: true,
    })
      .argument('<target>', 'element id from observe (e.g. I5) or a Playwright selector')
      .requiredOption('--file <path>', 'the local file to upload'),
    env,
    async (context, options, target) => {
      const bytes = readLocalFile(options.file);
      const client = await context.client();
      const stored = await client.uploadFile(basename(options.file), bytes);
      await executeAction(context, options, {
        type: 'upload_file',
        ...parseTarget(target),
        file_path: stored.name,
      });
    },
  );

  bindAction<SessionOptions, [string]>(
    leaf(
      'download',
      'Download a file by clicking the element; saves it in a temporary folder',
      'svc page download L7',
      {
        ownsTimeout: true,
      },
    ).argument('<target>', 'element id from observe (e.g. L7) or a Playwright selector'),
    env,
    async (context, options, target) => {
      const session = await currentSession(context, options);
      const before = new Set((await session.downloads()).map((file) => file.name));
      const action = { type: 'download_file' as const, ...parseTarget(target), timeout: options.timeout };
      const result = await withSpinner('Downloading', session.execute(action));
      if (!result.success) return reportActionResult(context.output, result);
      const fresh = (await session.downloads()).filter((file) => !before.has(file.name));
      const saved = [];
      for (const file of fresh) {
        const content = await session.download(file.name);
        saved.push({ name: file.name, path: saveToTempFile(file.name, content.bytes), size: file.size });
      }
      context.output.data(
        { ...result, files: saved },
        (value) => value.files.map((file) => file.path).join('\n') || value.message,
      );
    },
  );
}

function readLocalFile(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new UsageError(
      `--file ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}
