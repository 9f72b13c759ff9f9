import type { WorkflowCode } from '../../../shared/page';
import type { SessionStep } from '../../../shared/sessions';
import { jsonActionsOf } from './json-actions';
import { pythonScript } from './python-code';
import { typescriptScript } from './typescript-code';

/** The recorded steps of a session (running or ended) as Python, optionally TypeScript, and JSON actions. */
export function workflowCode(
  steps: readonly SessionStep[],
  options: { asWorkflow: boolean; language: 'python' | 'typescript' },
): WorkflowCode {
  const actions = jsonActionsOf(steps);
  return {
    python_script: pythonScript(actions, options.asWorkflow),
    ...(options.language === 'typescript'
      ? { typescript_script: typescriptScript(actions, options.asWorkflow) }
      : {}),
    json_actions: actions,
  };
}
