import type { Page } from 'playwright-core';
import { observeScript } from './observe-script.js';
import { renderObservation } from './render-observation.js';
import { createSelectorFinder } from './selector-script.js';
import type {
  Observation,
  ObservedElement,
  ObserveScriptOptions,
  ObserveScriptResult,
  TabInfo,
} from './types.js';

const SCRIPT_OPTIONS: ObserveScriptOptions = { maxTextLength: 200, maxLabelLength: 100, maxOptions: 50 };

export interface PageObservation {
  observation: Observation;
  /** Id → element of this observe; replaces the previous map since ids are renumbered every time. */
  elements: Map<string, ObservedElement>;
}

/**
 * The script as one expression that yields JSON text. Transpilers that keep function names (tsx, esbuild keepNames)
 * insert `__name(...)` calls into function bodies; the page has no such helper, so the expression brings a no-op
 * one. JSON text because Playwright's own value serializer is several times slower on a few thousand objects;
 * Prototype.js-era pages define Array.prototype.toJSON, which would garble it, so it is set aside meanwhile.
 */
export function observeExpression(options: ObserveScriptOptions): string {
  const call = `(${String(observeScript)})(${JSON.stringify(options)}, ${String(createSelectorFinder)})`;
  return `(() => {
    const __name = (target) => target;
    const result = ${call};
    const arrayToJSON = Object.getOwnPropertyDescriptor(Array.prototype, 'toJSON');
    if (arrayToJSON) delete Array.prototype.toJSON;
    try { return JSON.stringify(result); } finally { if (arrayToJSON) Object.defineProperty(Array.prototype, 'toJSON', arrayToJSON); }
  })()`;
}

async function runObserveScript(page: Page): Promise<ObserveScriptResult> {
  const expression = observeExpression(SCRIPT_OPTIONS);
  try {
    return JSON.parse(await page.evaluate<string>(expression)) as ObserveScriptResult;
  } catch {
    // The usual cause is a navigation that destroyed the context mid-walk: observe the page it landed on.
    await page.waitForLoadState('domcontentloaded');
    return JSON.parse(await page.evaluate<string>(expression)) as ObserveScriptResult;
  }
}

/** Observes the page: its metadata, the description the agent reads and the actions it can take, by id. */
export async function observePage(page: Page, tabs: TabInfo[]): Promise<PageObservation> {
  const startedAt = new Date();
  const result = await runObserveScript(page);
  const { space, elements } = renderObservation(result.nodes);
  const endedAt = new Date();
  const observation: Observation = {
    metadata: {
      url: result.url,
      title: result.title,
      timestamp: endedAt.toISOString(),
      viewport: result.viewport,
      tabs,
    },
    space,
    started_at: startedAt.toISOString(),
    ended_at: endedAt.toISOString(),
  };
  return { observation, elements };
}
