/** Plain-text renderings for people: aligned `key: value` lines and column tables. */

export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export function formatKeyValues(
  record: Record<string, unknown>,
  keys: string[] = Object.keys(record),
): string {
  const width = Math.max(0, ...keys.map((key) => key.length));
  return keys.map((key) => `${`${key}:`.padEnd(width + 1)} ${formatValue(record[key])}`).join('\n');
}

export function formatTable(rows: Record<string, unknown>[], columns: string[]): string {
  const cells = rows.map((row) => columns.map((column) => formatValue(row[column])));
  const widths = columns.map((column, index) =>
    Math.max(column.length, ...cells.map((line) => line[index].length)),
  );
  const render = (line: string[]) =>
    line
      .map((cell, index) => (index === line.length - 1 ? cell : cell.padEnd(widths[index])))
      .join('  ')
      .trimEnd();
  return [render(columns.map((column) => column.toUpperCase())), ...cells.map(render)].join('\n');
}
