/** The byte span a `Range: bytes=...` header asks of a file of `size` bytes; undefined when none or unusable. */
export function requestedRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '') || size === 0) return undefined;
  // `bytes=-N` is the last N bytes.
  if (match[1] === '') return { start: Math.max(0, size - Number(match[2])), end: size - 1 };
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start <= end && start < size ? { start, end } : undefined;
}
