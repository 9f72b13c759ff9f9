import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderSettingsTable } from './settings-table';

describe('README settings table', () => {
  it('lists every SVC_ setting exactly as the code declares it (run `npm run settings-table` after a change)', () => {
    const readme = readFileSync('README.md', 'utf8');
    expect(readme).toContain(renderSettingsTable());
  });
});
