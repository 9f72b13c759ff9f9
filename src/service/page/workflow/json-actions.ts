import type { SessionStep } from '../../../shared/sessions';
import { elementActionTypes } from '../../../shared/page';

export type JsonAction = Record<string, unknown> & { type: string };

/**
 * The successful steps as execute bodies to replay: element actions name their stable selector, never an observe
 * id (ids are renumbered on every observe, so a replay could hit another element).
 */
export function jsonActionsOf(steps: readonly SessionStep[]): JsonAction[] {
  return steps
    .filter((step) => step.success)
    .flatMap((step): JsonAction[] => {
      const { id: _id, selector: _selector, ...input } = step.input;
      if (!elementActionTypes.has(step.type)) return [{ ...input, type: step.type }];
      if (!step.selector) return [];
      return [{ type: step.type, selector: step.selector, ...input }];
    });
}
