import type { BrowserContext } from 'playwright-core';

// Runs in every frame before the page's own scripts; `caret-animation` is inherited, so shadow trees follow.
const steadyCaretScript = `{
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(':root { caret-animation: manual }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  } catch {}
}`;

/**
 * Keeps text carets from blinking in every page of the context; they stay visible, just steady. Headless
 * Chromium emulates focus in every tab, so each session with a focused input otherwise repaints, composites
 * and screencasts (replay) twice a second for nothing: 30 such idle sessions kept one of two cores busy.
 */
export async function steadyCarets(context: BrowserContext): Promise<void> {
  await context.addInitScript(steadyCaretScript);
}
