import type { ObservationBody } from '../../shared/page';

export interface ObserveFocus {
  instructions?: string;
  max_nb_actions?: number;
}

// Words that say nothing about which element is meant.
const fillerWords = new Set([
  'the',
  'and',
  'for',
  'with',
  'into',
  'from',
  'that',
  'this',
  'page',
  'then',
  'click',
  'find',
]);

function termsOf(instructions: string): string[] {
  return instructions
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3 && !fillerWords.has(word));
}

/** How many instruction terms an element's description line mentions. */
function relevance(line: string, terms: string[]): number {
  const text = line.toLowerCase();
  return terms.reduce((score, term) => score + (text.includes(term) ? 1 : 0), 0);
}

/**
 * Narrows an observation to what the caller asked for: elements that `instructions` mention first (by
 * how many of its words their line contains, document order otherwise), at most `max_nb_actions` of them.
 * Plain-text lines stay, so the page still reads as a whole; only the lines of elements cut are dropped.
 */
export function focusObservation(observation: ObservationBody, focus: ObserveFocus): ObservationBody {
  if (!focus.instructions && focus.max_nb_actions === undefined) return observation;
  const lines = observation.space.description.split('\n');
  const lineOf = new Map(lines.map((line) => [line.slice(0, line.indexOf('[:]')), line]));
  const terms = termsOf(focus.instructions ?? '');
  const ranked = observation.space.interaction_actions
    .map((action, order) => ({
      action,
      order,
      score: relevance(lineOf.get(action.id) ?? action.text_label, terms),
    }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, focus.max_nb_actions ?? Infinity);
  const kept = new Set(ranked.map(({ action }) => action.id));
  const cut = new Set(
    observation.space.interaction_actions.map(({ id }) => id).filter((id) => !kept.has(id)),
  );
  return {
    ...observation,
    space: {
      ...observation.space,
      description: lines.filter((line) => !cut.has(line.slice(0, line.indexOf('[:]')))).join('\n'),
      interaction_actions: ranked.map(({ action }) => action),
    },
  };
}
