/** An element a page action acts on: an id from the last observe, or a Playwright selector. */
export type Target = { id: string } | { selector: string };

const observeId = /^[LBIFOM][0-9]+$/;

/** `B3` is an observe id; anything else is a Playwright selector (` >> nth=N` picks one of many). */
export function parseTarget(text: string): Target {
  const trimmed = text.trim();
  return observeId.test(trimmed) ? { id: trimmed } : { selector: trimmed };
}
