import { describe, expect, it } from 'vitest';
import type { SessionStep } from '../../../shared/sessions';
import { workflowCode } from './workflow-code';

const step = (
  type: string,
  input: Record<string, unknown>,
  extra: Partial<SessionStep> = {},
): SessionStep => ({
  type,
  input: { type, ...input },
  success: true,
  message: '',
  started_at: '2026-01-01T00:00:00.000Z',
  ended_at: '2026-01-01T00:00:00.100Z',
  ...extra,
});

describe('workflow code export', () => {
  const steps = [
    step('goto', { url: "https://example.org/it's" }),
    step('click', { id: 'B3' }, { selector: 'internal:role=button[name="Next"i]' }),
    step('click', { selector: '#gone' }, { success: false }),
    step('multi_factor_fill', { selector: '#code', value: '[redacted]' }, { selector: '#code' }),
    step('scrape', {
      instructions: 'Quotes',
      only_main_content: false,
      only_images: false,
      scrape_links: true,
      scrape_images: false,
      response_format: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            text: { type: 'string' },
            tags: { type: 'array', items: { type: 'string' } },
            author: { type: 'object', properties: { name: { type: 'string' } } },
          },
        },
      },
    }),
  ];

  it('replays successful steps by stable selector, with vault sentinels where secrets were typed', () => {
    const code = workflowCode(steps, { asWorkflow: true, language: 'python' });
    expect(code.json_actions.map((action) => action.type)).toEqual([
      'goto',
      'click',
      'multi_factor_fill',
      'scrape',
    ]);
    expect(code.json_actions[1]).toEqual({ type: 'click', selector: 'internal:role=button[name="Next"i]' });
    expect(code.python_script).toContain("session.execute(type='goto', url='https://example.org/it\\'s')");
    expect(code.python_script).toContain(
      "session.execute(type='multi_factor_fill', selector='#code', value='999779')",
    );
    expect(code.typescript_script).toBeUndefined();
  });

  it('turns a list response format into item classes held by Model', () => {
    const { python_script: python } = workflowCode(steps, { asWorkflow: true, language: 'python' });
    expect(python).toContain('class Author(BaseModel):\n    name: str | None = None');
    expect(python).toContain(
      'class Item(BaseModel):\n    text: str | None = None\n    tags: list[str] | None = None\n    author: Author | None = None',
    );
    expect(python).toContain('class Model(BaseModel):\n    items: list[Item] | None = None');
    expect(python.indexOf('class Item')).toBeLessThan(python.indexOf('class Model'));
  });

  it('writes a plain script without run() when not asked for a workflow', () => {
    const code = workflowCode(steps, { asWorkflow: false, language: 'typescript' });
    expect(code.python_script).not.toContain('def run()');
    expect(code.python_script).toContain(
      'with client.Session(use_file_storage=True) as session:\n    session.execute(',
    );
    expect(code.typescript_script).toContain(
      'await client.Session({ use_file_storage: true }).use(async (session) => {',
    );
    expect(code.typescript_script).not.toContain('export async function run');
  });

  it('names fields that are no Python attribute names safely and keeps the JSON name as the alias', () => {
    const scrape = step('scrape', {
      instructions: 'Flights',
      response_format: {
        type: 'object',
        properties: {
          from: { type: 'string' },
          'arrival-time': { type: 'string' },
          _id: { type: 'integer' },
          field: { type: 'object', properties: { none: { type: 'object', properties: {} } } },
        },
      },
    });
    const { python_script: python } = workflowCode([scrape], { asWorkflow: true, language: 'python' });
    expect(python).toContain('from pydantic import BaseModel, Field');
    expect(python).toContain(
      [
        'class Model(BaseModel):',
        "    from_: str | None = Field(default=None, alias='from')",
        "    arrival_time: str | None = Field(default=None, alias='arrival-time')",
        "    id: int | None = Field(default=None, alias='_id')",
        '    field: Field2 | None = None',
      ].join('\n'),
    );
    expect(python).toContain('class None2(BaseModel):\n    pass');
    expect(python).toContain('class Field2(BaseModel):\n    none: None2 | None = None');
  });
});
