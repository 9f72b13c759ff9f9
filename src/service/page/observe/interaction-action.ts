import type { ActionParam, InteractionType, RawElement } from './types.js';

const CHECKABLE_ROLES = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio']);
const FILLABLE_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'slider', 'spinbutton', '']);

/** The action an agent most likely wants on the element. */
export function interactionType(element: RawElement): InteractionType {
  if (element.inputType === 'file') return 'upload_file';
  if (CHECKABLE_ROLES.has(element.role)) return 'check';
  if (element.tag === 'select') return 'select_dropdown_option';
  // A custom listbox is filled by clicking its options (reported as O), not typed into.
  if (element.letter === 'I' && FILLABLE_ROLES.has(element.role)) return 'fill';
  return 'click';
}

/** The parameter the action takes, as the agent has to supply it. */
export function actionParam(element: RawElement, type: InteractionType): ActionParam | undefined {
  switch (type) {
    case 'fill':
      return { name: 'value', type: 'string' };
    case 'check':
      return { name: 'value', type: 'boolean' };
    case 'select_dropdown_option':
      return { name: 'value', type: 'string', values: element.options ?? [] };
    case 'upload_file':
      return { name: 'file_path', type: 'string' };
    case 'click':
      return undefined;
  }
}
