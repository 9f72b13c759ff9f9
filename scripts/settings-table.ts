// Rewrites the settings table in README.md from src/shared/settings.ts (`npm run settings-table`).
import { readFileSync, writeFileSync } from 'node:fs';
import { renderSettingsTable } from '../src/shared/settings-table';

const start = '<!-- settings:start -->';
const end = '<!-- settings:end -->';
const readme = readFileSync('README.md', 'utf8');
const before = readme.slice(0, readme.indexOf(start) + start.length);
const after = readme.slice(readme.indexOf(end));
writeFileSync('README.md', `${before}\n${renderSettingsTable()}\n${after}`);
