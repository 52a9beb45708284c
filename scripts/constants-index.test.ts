import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * packages/core/src/constants.ts lists where each domain's limits live (decision 070): every file
 * it names must exist, so the list cannot send a reader to a file that moved.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const coreSrc = path.join(root, 'packages/core/src');
const header = fs.readFileSync(path.join(coreSrc, 'constants.ts'), 'utf8').split('*/')[0]!;
const named = [...header.matchAll(/`([\w./-]+\.ts)`/g)].map((match) => match[1]!);

describe("the index of the product's limits", () => {
  it('names files', () => {
    expect(named.length).toBeGreaterThan(10);
  });

  it.each(named)('names %s, which exists', (file) => {
    const full = file.startsWith('apps/') ? path.join(root, file) : path.join(coreSrc, file);
    expect(fs.existsSync(full)).toBe(true);
  });
});
