import { createInterface } from 'node:readline/promises';

export interface ConfirmOptions {
  /** -y was given. */
  isConfirmed: boolean;
  input?: NodeJS.ReadStream;
  output?: NodeJS.WriteStream;
}

/**
 * Asks a yes/no question on the terminal; the answer is no unless the user types yes. Without a terminal
 * (scripts, CI, EOF) nothing is asked and the answer is no: only `-y` says yes there.
 */
export async function confirm(question: string, options: ConfirmOptions): Promise<boolean> {
  if (options.isConfirmed) return true;
  const input = options.input ?? process.stdin;
  const output = options.output ?? process.stderr;
  if (!input.isTTY) return false;
  const lines = createInterface({ input, output });
  const closed = new Promise<string>((resolve) => lines.once('close', () => resolve('')));
  try {
    const answer = await Promise.race([lines.question(`${question} [y/N] `), closed]);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    lines.close();
  }
}
