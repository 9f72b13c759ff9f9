import type { Locator, Page } from 'playwright-core';
import { AppError } from '../../shared/errors';
import type { ObservedElement } from './observe/types';

/** The elements of the last observe of each session, by id; ids are renumbered on every observe. */
export class ObservedElements {
  private readonly bySession = new Map<string, Map<string, ObservedElement>>();

  remember(sessionId: string, elements: Map<string, ObservedElement>): void {
    this.bySession.set(sessionId, elements);
  }

  forget(sessionId: string): void {
    this.bySession.delete(sessionId);
  }

  /** The stable selector behind an id, or a plain error when there was no observe or the id is not in it. */
  selectorOf(sessionId: string, id: string): string {
    const elements = this.bySession.get(sessionId);
    if (!elements) {
      throw new AppError(
        'observe_first',
        'Observe the page first',
        `Element id ${id} comes from an observation, and this session has none yet: call /page/observe, or pass a selector`,
      );
    }
    const element = elements.get(id);
    if (!element) {
      throw new AppError(
        'stale_element_id',
        `Unknown element id ${id}`,
        `${id} is not in the last observation of this page (ids are renumbered on every observe): observe again`,
      );
    }
    return element.selector;
  }
}

export interface ElementTarget {
  locator: Locator;
  /** The selector the action used: what exported workflow code replays. */
  selector: string;
}

/** The element an action names, by observe id or by Playwright selector (` >> nth=N` included). */
export function resolveTarget(
  page: Page,
  elements: ObservedElements,
  sessionId: string,
  target: { id?: string; selector?: string },
): ElementTarget {
  const selector = target.selector ?? elements.selectorOf(sessionId, target.id ?? '');
  return { locator: page.locator(selector), selector };
}
