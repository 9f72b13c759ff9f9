import { describe, expect, it } from 'vitest';
import { formatKeyValues, formatTable } from './text-format';

describe('text output', () => {
  it('aligns key: value lines and shows absent values as -', () => {
    expect(formatKeyValues({ session_id: 'abc', status: 'active', closed_at: null })).toBe(
      'session_id: abc\nstatus:     active\nclosed_at:  -',
    );
  });

  it('renders a table with a header row and aligned columns', () => {
    const rows = [
      { session_id: 's1', status: 'active' },
      { session_id: 'session-2', status: 'closed' },
    ];
    expect(formatTable(rows, ['session_id', 'status'])).toBe(
      'SESSION_ID  STATUS\ns1          active\nsession-2   closed',
    );
  });
});
