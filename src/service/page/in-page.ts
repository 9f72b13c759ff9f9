/**
 * A call of `fn(arg)` as one expression for page.evaluate. Passing the function itself is not safe: transpilers
 * that keep function names (tsx, esbuild keepNames) insert `__name(...)` calls the page has no helper for, so the
 * expression brings a no-op one. `fn` must be self-contained and `arg` JSON.
 */
export function inPage<A, R>(fn: (arg: A) => R, arg: A): string {
  return `(() => { const __name = (target) => target; return (${String(fn)})(${JSON.stringify(arg)}); })()`;
}
