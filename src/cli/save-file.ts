import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Writes `content` to a new temporary folder and returns the file's path. */
export function saveToTempFile(fileName: string, content: string | Buffer): string {
  const folder = mkdtempSync(join(tmpdir(), 'svc-'));
  const path = join(folder, fileName);
  writeFileSync(path, content, { mode: 0o600 });
  return path;
}
