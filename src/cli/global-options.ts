import { InvalidArgumentError, Option, type Command } from 'commander';

export interface GlobalOptions {
  output: 'text' | 'json';
  /** API request timeout, seconds. */
  timeoutS: number;
  isColorEnabled: boolean;
  isVerbose: boolean;
  /** -y: confirmations are answered yes. */
  isConfirmed: boolean;
}

export const parsePositiveInt = (what: string) => (value: string) => {
  if (!/^\d+$/.test(value) || Number(value) <= 0)
    throw new InvalidArgumentError(`${what} must be a positive integer`);
  return Number(value);
};

export const parseNonNegativeInt = (what: string) => (value: string) => {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError(`${what} must be a whole number, 0 or more`);
  return Number(value);
};

const actionTimeoutCommands = new WeakSet<Command>();

/** `--timeout <ms>` of a page action: the action's own time limit, not the API request's. */
export function addActionTimeout(command: Command): Command {
  actionTimeoutCommands.add(command);
  return command.option(
    '--timeout <ms>',
    'time limit of the action, milliseconds',
    parseNonNegativeInt('--timeout'),
  );
}

/**
 * The options every command takes. They are declared on the program (for `svc -o json sessions list`) and on
 * each leaf command (for `svc sessions list -o json`); `withTimeout: false` leaves out `--timeout` on the
 * page actions whose own `--timeout` is the action's, in milliseconds, as the spec has it.
 */
export function addGlobalOptions(command: Command, { withTimeout = true } = {}): Command {
  command
    .addOption(new Option('-o, --output <format>', 'output format').choices(['text', 'json']))
    .option('--no-color', 'disable colour (also NO_COLOR)')
    .option('-v, --verbose', 'verbose output')
    .option('-y, --yes', 'answer yes to confirmation prompts');
  if (withTimeout)
    command.option(
      '--timeout <seconds>',
      'API request timeout in seconds (default 30)',
      parsePositiveInt('--timeout'),
    );
  return command;
}

/** The global options as given anywhere on the command line; the one nearest the command wins. */
export function readGlobalOptions(command: Command, env: Record<string, string | undefined>): GlobalOptions {
  const chain: Command[] = [];
  for (let current: Command | null = command; current; current = current.parent) chain.unshift(current);
  const given = (name: string): unknown => {
    let value: unknown;
    for (const each of chain) {
      const isActionTimeout = name === 'timeout' && actionTimeoutCommands.has(each);
      if (!isActionTimeout && each.getOptionValueSource(name) === 'cli') value = each.getOptionValue(name);
    }
    return value;
  };
  return {
    output: (given('output') as GlobalOptions['output'] | undefined) ?? 'text',
    timeoutS: (given('timeout') as number | undefined) ?? 30,
    isColorEnabled: given('color') !== false && !env.NO_COLOR,
    isVerbose: given('verbose') === true,
    isConfirmed: given('yes') === true,
  };
}
