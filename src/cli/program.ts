import { Command } from 'commander';
import { productVersion } from '../service/version';
import { addServeCommand } from './serve-command';

export function buildProgram(): Command {
  const program = new Command('svc')
    .description(
      'Self-hostable browser automation: sessions, page actions, agents, functions, personas, vaults',
    )
    .version(productVersion, '--version', 'print the version')
    .showHelpAfterError('(run with --help for usage)');
  addServeCommand(program);
  return program;
}
