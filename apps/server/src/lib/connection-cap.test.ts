import { describe, expect, it } from 'vitest';
import { OPEN_FILES_RESERVE, connectionCap, openFileLimit } from './connection-cap.js';

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max open files            20000                20000                files
Max locked memory         8388608              8388608              bytes
`;

describe('the connection cap below the open-file limit', () => {
  it("reads the soft open-file limit from /proc/self/limits' text", () => {
    expect(openFileLimit(LIMITS)).toBe(20_000);
    expect(openFileLimit(LIMITS.replace('20000                20000', '1024   4096'))).toBe(1024);
    expect(openFileLimit(LIMITS.replace(/20000 {16}20000/, 'unlimited unlimited'))).toBeNull();
    expect(openFileLimit('')).toBeNull();
  });

  it('keeps the reserve of open files below the limit, half of a small one', () => {
    expect(connectionCap(null, 20_000)).toBe(20_000 - OPEN_FILES_RESERVE);
    expect(connectionCap(null, 1024)).toBe(1024 - 512);
    expect(connectionCap(null, null)).toBeNull();
  });

  it('takes MAX_CONNECTIONS as it is when set', () => {
    expect(connectionCap(50, 20_000)).toBe(50);
    expect(connectionCap(50, null)).toBe(50);
  });
});
