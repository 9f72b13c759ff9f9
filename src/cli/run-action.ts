import type { Command } from 'commander';
import { CliContext, type Env } from './cli-context';

export type ActionHandler<O, A extends unknown[]> = (
  context: CliContext,
  options: O,
  ...args: A
) => Promise<void>;

/**
 * Binds a command to its handler: commander passes the positional arguments, the options and the command;
 * the handler gets a CliContext built from the command line and the environment.
 */
export function bindAction<O, A extends unknown[] = []>(
  command: Command,
  env: Env,
  handler: ActionHandler<O, A>,
): Command {
  return command.action(async (...received: unknown[]) => {
    const self = received.at(-1) as Command;
    const args = received.slice(0, -2) as A;
    await handler(new CliContext(self, env), self.opts() as O, ...args);
  });
}
