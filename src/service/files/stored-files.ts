import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { link, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StoredFile } from '../../shared/files';
import { AppError } from '../../shared/errors';
import { numberedName } from './file-name';

/** Half-written files carry this prefix; sanitized names never start with a dot, so lists skip them. */
const partialPrefix = '.partial-';

export const partialPath = (directory: string): string => join(directory, `${partialPrefix}${randomUUID()}`);

/** The files of a directory (none if it does not exist), by name. */
export async function listStoredFiles(directory: string): Promise<StoredFile[]> {
  const entries = await readdir(directory, { withFileTypes: true }).catch(() => []);
  const files = entries.filter((entry) => entry.isFile() && !entry.name.startsWith(partialPrefix));
  const listed = await Promise.all(files.map((entry) => describeFile(directory, entry.name)));
  return listed
    .filter((file): file is StoredFile => file !== undefined)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Size and time of one stored file; undefined when there is no such regular file. */
export async function describeFile(directory: string, name: string): Promise<StoredFile | undefined> {
  const info = await stat(join(directory, name)).catch(() => undefined);
  if (!info?.isFile()) return undefined;
  return { name, size: info.size, created_at: new Date(info.birthtimeMs || info.mtimeMs).toISOString() };
}

/**
 * Streams `content` into `directory/name`, replacing an older file of that name only once the new one is
 * complete. More than `maxBytes` is a 413 and leaves nothing behind.
 */
export async function writeStreamedFile(
  directory: string,
  name: string,
  content: Readable,
  maxBytes: number,
): Promise<void> {
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const partial = partialPath(directory);
  try {
    await pipeline(content, byteLimit(maxBytes), createWriteStream(partial, { mode: 0o600 }));
    await rename(partial, join(directory, name));
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** Gives a finished file its name, `name (1).ext` and so on when taken; atomic, so parallel saves never collide. */
export async function publishUnderFreeName(
  partial: string,
  directory: string,
  name: string,
): Promise<string> {
  for (let n = 0; ; n++) {
    const candidate = n === 0 ? name : numberedName(name, n);
    try {
      await link(partial, join(directory, candidate));
      await rm(partial, { force: true });
      return candidate;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

export function fileTooLarge(maxBytes: number): AppError {
  return new AppError('payload_too_large', 'File too large', `Files are limited to ${maxBytes} bytes`);
}

function byteLimit(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      callback(seen > maxBytes ? fileTooLarge(maxBytes) : null, chunk);
    },
  });
}
