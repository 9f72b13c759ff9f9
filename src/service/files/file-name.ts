import { AppError } from '../../shared/errors';

// Most file systems cap a name at 255 bytes; leave room for the " (n)" a duplicate download gets.
const maxNameBytes = 200;
// Control characters, and characters Windows refuses in names (files get copied to desktops).
const unsafeCharacters = /[\u0000-\u001f\u007f<>:"|?*]/g;

/**
 * A file name safe to join under a storage directory: path segments are joined with `_` (so
 * `../../etc/passwd` becomes `etc_passwd`), control and reserved characters replaced, no leading dot
 * (hidden or relative), length bounded keeping the extension. 422 `invalid_file_name` when nothing is left.
 */
export function sanitizeFileName(raw: string): string {
  const joined = raw
    .split(/[/\\]+/)
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..')
    .join('_');
  const cleaned = joined
    .replace(unsafeCharacters, '_')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  const bounded = boundLength(cleaned);
  if (bounded === '' || /^_+$/.test(bounded)) {
    throw new AppError(
      'invalid_file_name',
      'Invalid file name',
      `"${printable(raw)}" has no usable characters`,
    );
  }
  return bounded;
}

function boundLength(name: string): string {
  if (Buffer.byteLength(name) <= maxNameBytes) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
  let stem = name.slice(0, name.length - extension.length);
  while (Buffer.byteLength(stem + extension) > maxNameBytes) stem = [...stem].slice(0, -1).join('');
  return stem + extension;
}

/** The name with control characters escaped, for error messages. */
function printable(raw: string): string {
  return JSON.stringify(raw.slice(0, 100)).slice(1, -1);
}

/** `name (n).ext`: the n-th alternative when `name` is taken. */
export function numberedName(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}
