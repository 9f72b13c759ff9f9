import type { JsonAction } from './json-actions';
import { structuredScrapeIndex, withSentinels } from './replay-values';

const literal = (value: unknown) => JSON.stringify(value, null, 0).replace(/"(\w+)":/g, '$1:');

/**
 * The same workflow over the TypeScript SDK: `client.Session({ use_file_storage: true }).use(...)` runs the
 * steps and stops the session whatever happens; `run()` returns the structured data of the last scrape.
 */
export function typescriptScript(actions: readonly JsonAction[], asWorkflow: boolean): string {
  const structured = structuredScrapeIndex(actions);
  let usesVault = false;
  const lines = actions.map((original, index) => {
    const { action, usesVault: typesSentinel } = withSentinels(original);
    usesVault ||= typesSentinel;
    if (action.type !== 'scrape') return `await session.execute(${literal(action)});`;
    const { type: _type, ...options } = action;
    return index === structured
      ? `const scraped = await session.scrape(${literal(options)});`
      : `await session.scrape(${literal(options)});`;
  });
  const returned = structured >= 0 ? ['return scraped.structured?.data;'] : [];
  const vaultNote = usesVault
    ? [
        '// Secrets were typed here; with a vault attached (vault_id), the service replaces these vault sentinels.',
      ]
    : [];
  const steps = [...vaultNote, ...lines, ...returned].map((line) => `    ${line}`);
  const program = asWorkflow
    ? [
        'export async function run() {',
        '  return client.Session({ use_file_storage: true }).use(async (session) => {',
        ...steps,
        '  });',
        '}',
        '',
        'console.log(JSON.stringify(await run(), null, 2));',
      ]
    : [
        'await client.Session({ use_file_storage: true }).use(async (session) => {',
        ...steps.map((line) => line.slice(2)),
        ...(structured >= 0 ? ['  console.log(JSON.stringify(scraped.structured?.data, null, 2));'] : []),
        '});',
      ];
  return [
    "import { SvcClient } from 'svc/sdk';",
    '',
    'const client = new SvcClient();',
    '',
    ...program,
    '',
  ].join('\n');
}
