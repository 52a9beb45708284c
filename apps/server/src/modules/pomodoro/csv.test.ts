import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor.js';
import { csvCell } from './csv.js';

describe('CSV cells', () => {
  it('quotes per RFC 4180 only when needed, or always when asked', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('plain', true)).toBe('"plain"');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('')).toBe('');
  });

  it('defuses cells a spreadsheet would run as formulas with a leading quote', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('=HYPERLINK("x")', true)).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('page cursors', () => {
  it('round-trips a key and refuses anything the server did not make', () => {
    const key = {
      start_time: '2026-11-22T09:00:00.000Z',
      id: '0195f0a8-1c2d-7e3f-8a4b-5c6d7e8f9a0b',
    };
    expect(decodeCursor(encodeCursor(key))).toEqual(key);
    for (const bad of [
      '',
      'not base64!',
      Buffer.from('{}').toString('base64url'),
      Buffer.from('["2026-11-22", "x"]').toString('base64url'),
      Buffer.from(JSON.stringify(['2026-11-22T09:00:00.000Z', 'nope'])).toString('base64url'),
      Buffer.from(JSON.stringify([1, 2])).toString('base64url'),
    ]) {
      expect(decodeCursor(bad), bad).toBeUndefined();
    }
  });
});
