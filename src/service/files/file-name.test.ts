import { describe, expect, it } from 'vitest';
import { numberedName, sanitizeFileName } from './file-name';

describe('sanitizeFileName', () => {
  it('keeps ordinary names, spaces and non-ASCII letters as they are', () => {
    expect(sanitizeFileName('report.pdf')).toBe('report.pdf');
    expect(sanitizeFileName('quarterly report (final).csv')).toBe('quarterly report (final).csv');
    expect(sanitizeFileName('résumé ✓.docx')).toBe('résumé ✓.docx');
  });

  it('turns paths into one name that cannot leave the directory', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('etc_passwd');
    expect(sanitizeFileName('..\\..\\windows\\win.ini')).toBe('windows_win.ini');
    expect(sanitizeFileName('/absolute/path.txt')).toBe('absolute_path.txt');
    expect(sanitizeFileName('.hidden')).toBe('hidden');
  });

  it('replaces control and reserved characters', () => {
    expect(sanitizeFileName('a\u0000b\nc\u007f.txt')).toBe('a_b_c_.txt');
    expect(sanitizeFileName('what?<now>|*.txt')).toBe('what__now___.txt');
  });

  it('bounds the length in bytes and keeps the extension', () => {
    const bounded = sanitizeFileName(`${'é'.repeat(300)}.tar.gz`);
    expect(Buffer.byteLength(bounded)).toBeLessThanOrEqual(200);
    expect(bounded.endsWith('.gz')).toBe(true);
  });

  it('refuses a name with nothing usable in it (422 invalid_file_name)', () => {
    for (const raw of ['', '..', '../..', ' / ', '\u0000\u0001']) {
      expect(() => sanitizeFileName(raw), JSON.stringify(raw)).toThrow(
        expect.objectContaining({ code: 'invalid_file_name', status: 422 }),
      );
    }
  });
});

describe('numberedName', () => {
  it('numbers before the extension', () => {
    expect(numberedName('report.csv', 2)).toBe('report (2).csv');
    expect(numberedName('README', 1)).toBe('README (1)');
  });
});
