import { Command } from 'commander';
import { productVersion } from '../service/version';
import type { Env } from './cli-context';
import { addAuthCommands } from './commands/auth';
import { addCompletionCommand } from './commands/completion';
import { addPageCommands } from './commands/page';
import { addSessionsCommands } from './commands/sessions';
import { addGlobalOptions } from './global-options';
import { addServeCommand } from './serve-command';

const gettingStarted = `
Getting started:
  $ svc auth login                        # or: export SVC_API_KEY=...
  $ svc sessions start                    # becomes the current session
  $ svc page goto https://example.org
  $ svc page observe                      # element ids such as B3, I1
  $ svc page fill I1 "hello" --enter
  $ svc sessions workflow-code > flow.py  # the steps as code
  $ svc sessions stop

Exit codes: 0 success, 1 failure (also a page action with success: false), 2 usage error.`;

export function buildProgram(env: Env): Command {
  const program = new Command('svc')
    .description(
      'Self-hostable browser automation: sessions, page actions, agents, functions, personas, vaults',
    )
    .version(productVersion, '--version', 'print the version')
    // Global options only before the command group, so that a page action's own --timeout (ms) stays its own.
    .enablePositionalOptions()
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText('after', gettingStarted);
  addGlobalOptions(program);
  addServeCommand(program);
  addAuthCommands(program, env);
  addSessionsCommands(program, env);
  addPageCommands(program, env);
  addCompletionCommand(program);
  return program;
}
