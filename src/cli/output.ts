import type { GlobalOptions } from './global-options';
import { formatKeyValues, formatTable } from './text-format';

type Stream = Pick<NodeJS.WriteStream, 'write' | 'isTTY'>;

const ansi = { red: 31, green: 32, yellow: 33, dim: 2, bold: 1 } as const;
export type Style = keyof typeof ansi;

/**
 * Where every command writes: data on stdout (JSON with `-o json`, text otherwise); notes, warnings,
 * errors and progress on stderr, so that `svc ... -o json | jq` always gets clean data.
 */
export class Output {
  constructor(
    private readonly options: Pick<GlobalOptions, 'output' | 'isColorEnabled' | 'isVerbose'>,
    private readonly stdout: Stream = process.stdout,
    readonly stderr: Stream = process.stderr,
  ) {}

  get isJson(): boolean {
    return this.options.output === 'json';
  }

  /** One result: the API object as JSON, or `text(value)` (default: aligned key: value lines). */
  data<T>(value: T, text: (value: T) => string = (v) => formatKeyValues(v as Record<string, unknown>)): void {
    this.stdout.write(this.isJson ? `${JSON.stringify(value, null, 2)}\n` : `${text(value)}\n`);
  }

  /** A list: its items array as JSON, or a table of `columns`. */
  list<T extends Record<string, unknown>>(items: T[], columns: (keyof T & string)[], footer?: string): void {
    if (this.isJson) return this.data(items);
    this.stdout.write(items.length ? `${formatTable(items, columns)}\n` : 'No items.\n');
    if (footer) this.note(footer);
  }

  /** Raw text on stdout (code, markdown) in either format. */
  text(value: string): void {
    this.stdout.write(value.endsWith('\n') ? value : `${value}\n`);
  }

  note(message: string): void {
    this.stderr.write(`${this.paint(message, 'dim', this.stderr)}\n`);
  }

  warn(message: string): void {
    this.stderr.write(`${this.paint('warning:', 'yellow', this.stderr)} ${message}\n`);
  }

  error(message: string): void {
    this.stderr.write(`${this.paint('error:', 'red', this.stderr)} ${message}\n`);
  }

  verbose(message: string): void {
    if (this.options.isVerbose) this.note(message);
  }

  /** Colour only on a terminal, and never with --no-color / NO_COLOR. */
  paint(text: string, style: Style, stream: Stream = this.stdout): string {
    return this.options.isColorEnabled && stream.isTTY ? `\u001b[${ansi[style]}m${text}\u001b[0m` : text;
  }
}
