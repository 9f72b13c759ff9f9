import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** Writes one benchmark's figures, with when and where they were measured, to bench/results/<name>.json. */
export function writeBenchResult(name: string, figures: Record<string, unknown>): void {
  mkdirSync('bench/results', { recursive: true });
  const result = {
    measured_at: new Date().toISOString(),
    cpus: cpus().length,
    node: process.version,
    ...figures,
  };
  writeFileSync(`bench/results/${name}.json`, `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
}
