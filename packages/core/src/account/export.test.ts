import { describe, expect, it } from 'vitest';
import { accountExportFileName } from './export.js';

describe('accountExportFileName', () => {
  it('names the file after the UTC day of the export', () => {
    expect(accountExportFileName(new Date('2026-11-23T23:59:59.999Z'))).toBe(
      'focusroom-export-2026-11-23.json',
    );
    expect(accountExportFileName(new Date('2026-11-24T00:30:00+01:00'))).toBe(
      'focusroom-export-2026-11-23.json',
    );
  });
});
