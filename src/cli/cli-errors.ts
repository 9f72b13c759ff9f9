/** Exit codes of every svc command. */
export const exitCode = { ok: 0, failure: 1, usage: 2 } as const;

/** A command was called wrongly (bad option value, missing id): exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The command ran and failed in a way already explained by its message: exit 1. */
export class CommandFailure extends Error {
  override name = 'CommandFailure';
}
