// Runs every bench/*-bench.ts in turn (after a build); each writes its figures to bench/results/<name>.json.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
const only = process.argv.slice(2);
const benches = readdirSync('bench')
  .filter((file) => file.endsWith('-bench.ts'))
  .filter((file) => only.length === 0 || only.some((name) => file.startsWith(name)));
for (const file of benches) {
  console.log(`\n== ${file}`);
  execFileSync(process.execPath, ['--import', 'tsx', `bench/${file}`], { stdio: 'inherit' });
}
