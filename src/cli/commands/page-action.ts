import type { Command } from 'commander';
import type { ActionResult, PageActionInput } from '../../shared/page';
import type { CliContext } from '../cli-context';
import { CommandFailure } from '../cli-errors';
import type { Output } from '../output';
import { withSpinner } from '../spinner';

export type PageLeaf = (
  name: string,
  description: string,
  example: string,
  flags?: { ownsTimeout?: boolean },
) => Command;

export interface ActionOptions {
  sessionId?: string;
  timeout?: number;
  enter?: boolean;
}

/** Text of an action's data: strings as they are, anything else as JSON. */
function renderData(data: unknown): string {
  return typeof data === 'string' ? data : JSON.stringify(data, null, 2);
}

/**
 * Prints an action result: the whole object with `-o json`; else its data, or its message. An action
 * that failed in the page exits 1, in both formats.
 */
export function reportActionResult(output: Output, result: ActionResult): void {
  if (output.isJson) output.data(result);
  else if (result.success)
    output.text(result.data !== undefined && result.data !== null ? renderData(result.data) : result.message);
  if (result.success) return;
  throw new CommandFailure(result.exception ? `${result.message}: ${result.exception}` : result.message);
}

/** Runs one page action on the resolved session and reports it. */
export async function executeAction(
  context: CliContext,
  options: ActionOptions,
  action: PageActionInput,
): Promise<void> {
  const client = await context.client();
  const session = client.attachSession(await context.sessionId(client, options.sessionId));
  const withCommon = {
    ...action,
    ...(options.enter ? { press_enter: true } : {}),
    ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
  } as PageActionInput;
  const result = await withSpinner(`Running ${action.type}`, session.execute(withCommon));
  reportActionResult(context.output, result);
}
