import { describe, expect, it } from 'vitest';
import { SHARED_PATHS } from './shared-paths.js';

describe('the shared path list', () => {
  it('holds plain paths of lower-case words, so the server can match them as they are', () => {
    const paths = Object.values(SHARED_PATHS);
    for (const path of paths) expect(path).toMatch(/^\/[a-z]+(-[a-z]+)*$/);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
