import { actionParam, interactionType } from './interaction-action.js';
import type {
  InteractionAction,
  ObservationSpace,
  ObservedElement,
  RawElement,
  RawNode,
  RoleLetter,
} from './types.js';

const VOID_TAGS = new Set(['input', 'img', 'area', 'br', 'hr', 'embed']);
const FRAME_SEPARATOR = ' >> internal:control=enter-frame >> ';

export interface RenderedObservation {
  space: ObservationSpace;
  elements: Map<string, ObservedElement>;
}

/** The element as one line of markup: `<input type="email" value="">` or `<button type="submit">Sign in</button>`. */
export function renderElementMarkup(element: RawElement): string {
  const attributes = element.attributes
    .map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${value.replace(/"/g, '&quot;')}"`))
    .join('');
  const open = `<${element.tag}${attributes}>`;
  return VOID_TAGS.has(element.tag) ? open : `${open}${element.text}</${element.tag}>`;
}

/** The Playwright selector of the element from the page, entering each iframe on the way. */
export function selectorFromPage(element: RawElement): string {
  return [...element.framePath, element.selector].join(FRAME_SEPARATOR);
}

/**
 * Numbers the elements (1-based per letter, in document order, afresh on every observe) and renders the space
 * the agent sees together with the id map the action layer resolves ids through.
 */
export function renderObservation(nodes: RawNode[]): RenderedObservation {
  const counters = new Map<RoleLetter, number>();
  const lines: string[] = [];
  const interactionActions: InteractionAction[] = [];
  const elements = new Map<string, ObservedElement>();
  for (const node of nodes) {
    if (node.kind === 'text') {
      lines.push(`_[:]${node.text}`);
      continue;
    }
    const count = (counters.get(node.letter) ?? 0) + 1;
    counters.set(node.letter, count);
    const id = `${node.letter}${count}`;
    const type = interactionType(node);
    const selector = selectorFromPage(node);
    const param = actionParam(node, type);
    lines.push(`${id}[:]${renderElementMarkup(node)}`);
    interactionActions.push({ id, type, text_label: node.label, selector, ...(param ? { param } : {}) });
    elements.set(id, {
      id,
      letter: node.letter,
      selector,
      tag: node.tag,
      framePath: node.framePath,
      action: type,
    });
  }
  return { space: { description: lines.join('\n'), interaction_actions: interactionActions }, elements };
}
