import { pythonLiteral } from './python-literal';
import { pythonModelClasses } from './python-model-classes';
import type { JsonAction } from './json-actions';
import { structuredScrapeIndex, withSentinels } from './replay-values';

const keywordArguments = (fields: Record<string, unknown>) =>
  Object.entries(fields)
    .map(([name, value]) => `${name}=${pythonLiteral(value)}`)
    .join(', ');

// The order of the scrape options in the spec's exported shape.
const SCRAPE_ORDER = [
  'instructions',
  'only_main_content',
  'only_images',
  'scrape_links',
  'scrape_images',
  'selector',
];

function scrapeCall(action: JsonAction, isStructured: boolean): string {
  const ordered = SCRAPE_ORDER.filter((name) => action[name] !== undefined).map(
    (name) => `${name}=${pythonLiteral(action[name])}`,
  );
  const extra = Object.entries(action)
    .filter(([name]) => !['type', 'response_format', ...SCRAPE_ORDER].includes(name))
    .map(([name, value]) => `${name}=${pythonLiteral(value)}`);
  const format = isStructured ? ['response_format=Model'] : [];
  return `session.scrape(${[...ordered, ...extra, ...format].join(', ')})`;
}

function statementsOf(actions: readonly JsonAction[]): { lines: string[]; usesVault: boolean } {
  const structured = structuredScrapeIndex(actions);
  let usesVault = false;
  const lines = actions.map((original, index) => {
    const { action, usesVault: typesSentinel } = withSentinels(original);
    usesVault ||= typesSentinel;
    if (action.type === 'scrape') {
      const call = scrapeCall(action, index === structured);
      return index === structured ? `result = ${call}` : call;
    }
    const { type, ...fields } = action;
    const rest = keywordArguments(fields);
    return `session.execute(type=${pythonLiteral(type)}${rest ? `, ${rest}` : ''})`;
  });
  return { lines, usesVault };
}

/**
 * The spec's exported shape: `from __future__ import annotations`, the client class from `svc_sdk`, `BaseModel`
 * classes for the scraped data, `run() -> Model` inside `client.Session(use_file_storage=True)`, then `run()`.
 * Without `asWorkflow` the same steps run as a plain script.
 */
export function pythonScript(actions: readonly JsonAction[], asWorkflow: boolean): string {
  const structured = structuredScrapeIndex(actions);
  const models =
    structured >= 0
      ? pythonModelClasses(actions[structured]!.response_format as Record<string, unknown>)
      : undefined;
  const { lines, usesVault } = statementsOf(actions);
  const header = [
    'from __future__ import annotations',
    '',
    ...(models?.usesAny ? ['from typing import Any', ''] : []),
    `from pydantic import ${models?.usesField ? 'BaseModel, Field' : 'BaseModel'}`,
    'from svc_sdk import SvcClient',
    '',
  ];
  const vaultNote = usesVault
    ? [
        "# Secrets were typed here; the vault sentinels below are replaced with your vault's values when the",
        '# session has a vault: pass vault_id=... to client.Session.',
        '',
      ]
    : [];
  const classes = models ? ['', models.code, ''] : [''];
  const body = lines.length > 0 ? lines : ['pass'];
  const returned = models ? ['return result'] : [];
  const indent = (depth: number) => (line: string) => `${'    '.repeat(depth)}${line}`;
  const program = asWorkflow
    ? [
        `def run() -> ${models ? 'Model' : 'None'}:`,
        indent(1)('with client.Session(use_file_storage=True) as session:'),
        ...[...body, ...returned].map(indent(2)),
        '',
        '',
        'run()',
      ]
    : [
        'with client.Session(use_file_storage=True) as session:',
        ...body.map(indent(1)),
        ...(models ? [indent(1)('print(result)')] : []),
      ];
  return [...header, ...classes, '', 'client = SvcClient()', '', ...vaultNote, '', ...program, '']
    .join('\n')
    .replace(/\n{4,}/g, '\n\n\n');
}
