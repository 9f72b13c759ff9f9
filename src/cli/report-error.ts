import { CommanderError } from 'commander';
import { SvcError } from '../sdk/svc-error';
import { CommandFailure, exitCode, UsageError } from './cli-errors';

/** One stderr line (two for a hint) for anything a command throws, and the exit code it means. */
export function reportError(error: unknown, stderr: NodeJS.WritableStream = process.stderr): number {
  const write = (line: string) => stderr.write(`svc: ${line}\n`);
  if (error instanceof CommanderError) {
    // commander has printed its own message already.
    const isHelpOrVersion = ['commander.helpDisplayed', 'commander.version'].includes(error.code);
    return isHelpOrVersion ? error.exitCode : exitCode.usage;
  }
  if (error instanceof UsageError) {
    write(error.message);
    return exitCode.usage;
  }
  if (error instanceof CommandFailure) {
    write(error.message);
    return exitCode.failure;
  }
  if (error instanceof SvcError) {
    write(describeSvcError(error));
    return error.code === 'validation_failed' ? exitCode.usage : exitCode.failure;
  }
  write(error instanceof Error ? error.message : String(error));
  return exitCode.failure;
}

function describeSvcError(error: SvcError): string {
  const detail = error.detailText && error.detailText !== error.message ? `: ${error.detailText}` : '';
  if (error.isRateLimited) {
    const when = error.retryAfterS !== undefined ? `retry in ${error.retryAfterS} s` : 'retry later';
    return `${error.message} (HTTP 429); ${when}`;
  }
  if (error.status === 0)
    return `${error.message} (${error.detailText}); is \`svc serve\` running there? (SVC_API_URL)`;
  if (error.status === 401) return `${error.message}${detail}. Run \`svc auth login\` or set SVC_API_KEY.`;
  return `${error.message}${detail} (HTTP ${error.status}, ${error.code})`;
}
