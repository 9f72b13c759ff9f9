import { InvalidArgumentError } from 'commander';

/** `true`/`false` (and yes/no, 1/0) as a commander option parser. */
export function parseBoolean(value: string): boolean {
  const normalized = value.trim().toLowerCase();
  if (['true', 'yes', '1'].includes(normalized)) return true;
  if (['false', 'no', '0'].includes(normalized)) return false;
  throw new InvalidArgumentError('expected true or false');
}

/** A JSON value given on the command line. */
export function parseJsonArgument(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch (error) {
    throw new InvalidArgumentError(`not valid JSON (${(error as Error).message})`);
  }
}
