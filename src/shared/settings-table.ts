import type { z } from 'zod';
import { clientSettingsSchema, serviceSettingsSchema } from './settings';

function defaultOf(schema: z.ZodType): string {
  const def = (schema as unknown as { def: { type: string; defaultValue?: unknown; innerType?: z.ZodType } })
    .def;
  if (def.type === 'default') return def.defaultValue === '' ? 'none' : `\`${String(def.defaultValue)}\``;
  if (def.innerType) return defaultOf(def.innerType);
  return '—';
}

function rows(schema: z.ZodObject, usedBy: string): string[] {
  return Object.entries(schema.shape).map(([name, setting]) => {
    const field = setting as z.ZodType;
    const shownDefault = name.endsWith('_DIR')
      ? defaultOf(field).replace(/`\/[^`]*\/\.svc/, '`~/.svc')
      : defaultOf(field);
    return `| \`${name}\` | ${usedBy} | ${shownDefault} | ${field.description ?? ''} |`;
  });
}

/** The README's table of every `SVC_*` setting, generated so the two cannot drift. */
export function renderSettingsTable(): string {
  return [
    '| Setting | Used by | Default | Meaning |',
    '|---|---|---|---|',
    ...rows(serviceSettingsSchema, 'service'),
    ...rows(clientSettingsSchema, 'CLI, SDK'),
  ].join('\n');
}
