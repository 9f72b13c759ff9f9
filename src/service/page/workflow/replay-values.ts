import { REDACTED } from '../step-redaction';
import type { JsonAction } from './json-actions';

/** Vault sentinels typed where a secret was redacted: with a vault attached, the service types the real value. */
const SENTINEL_BY_TYPE: Record<string, string> = { fill: 'mycoolpassword', multi_factor_fill: '999779' };

/** The action with redacted secrets replaced by the vault sentinel a replay should type instead. */
export function withSentinels(action: JsonAction): { action: JsonAction; usesVault: boolean } {
  if (action.value === REDACTED) {
    return {
      action: { ...action, value: SENTINEL_BY_TYPE[action.type] ?? 'mycoolpassword' },
      usesVault: true,
    };
  }
  if (action.type === 'form_fill' && action.value && typeof action.value === 'object') {
    const entries = Object.entries(action.value as Record<string, string>);
    if (!entries.some(([, value]) => value === REDACTED)) return { action, usesVault: false };
    const value = Object.fromEntries(entries.map(([key, v]) => [key, v === REDACTED ? 'mycoolpassword' : v]));
    return { action: { ...action, value }, usesVault: true };
  }
  return { action, usesVault: false };
}

/** The scrape step whose `response_format` becomes the program's `Model` (the last one that has it). */
export function structuredScrapeIndex(actions: readonly JsonAction[]): number {
  return actions.findLastIndex((action) => action.type === 'scrape' && action.response_format !== undefined);
}
