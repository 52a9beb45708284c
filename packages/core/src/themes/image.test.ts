import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { THEME_IMAGE_UPLOAD_MAX_BYTES } from '../constants.js';
import { isThemeColor } from './colors.js';
import { base64DecodedLength, classifyThemeImage, storedUploadUrl } from './image.js';

const HASH = 'a'.repeat(64);
/** Base64 text of exactly `bytes` bytes ("ABC" repeated, padded). */
const base64Of = (bytes: number) =>
  'QUJD'.repeat(Math.floor(bytes / 3)) + ['', 'QQ==', 'QUI='][bytes % 3];

describe('a custom theme image value (product §5)', () => {
  it('is nothing when null or blank', () => {
    expect(classifyThemeImage(null)).toEqual({ kind: 'none' });
    expect(classifyThemeImage('  ')).toEqual({ kind: 'none' });
  });

  it('accepts https addresses and refuses other schemes, credentials and spaces', () => {
    expect(classifyThemeImage('https://images.example.com/a.jpg?w=1#x')).toEqual({
      kind: 'https',
      url: 'https://images.example.com/a.jpg?w=1#x',
    });
    expect(classifyThemeImage('https://example.com:8443')).toMatchObject({ kind: 'https' });
    for (const bad of [
      'http://example.com/a.jpg',
      'javascript:alert(1)',
      'https://user:pw@example.com/a.jpg',
      'https://example.com/a b.jpg',
      '//example.com/a.jpg',
      '/themes/art/forest.svg',
      'https://',
    ]) {
      expect(classifyThemeImage(bad)).toEqual({ kind: 'invalid', problem: 'not-allowed' });
    }
    expect(classifyThemeImage(`https://example.com/${'a'.repeat(2048)}`)).toEqual({
      kind: 'invalid',
      problem: 'url-too-long',
    });
  });

  it('recognises a stored upload the server answered before', () => {
    expect(classifyThemeImage(storedUploadUrl(HASH))).toEqual({
      kind: 'stored',
      url: `/uploads/${HASH}.webp`,
      sha256: HASH,
    });
    expect(classifyThemeImage(`/uploads/${HASH}.png`)).toMatchObject({ kind: 'invalid' });
    expect(classifyThemeImage(`/uploads/${HASH.toUpperCase()}.webp`)).toMatchObject({
      kind: 'invalid',
    });
  });

  it('takes a base64 data:image upload of at most 2 MB and refuses anything else', () => {
    expect(classifyThemeImage('data:image/png;base64,iVBORw0KGgo=')).toEqual({
      kind: 'data',
      declaredType: 'image/png',
      base64: 'iVBORw0KGgo=',
      byteLength: 8,
    });
    expect(classifyThemeImage('data:image/svg+xml;charset=utf-8;base64,PHN2Zz4=')).toMatchObject({
      kind: 'data',
      declaredType: 'image/svg+xml',
    });
    expect(classifyThemeImage('data:image/png,rawbytes')).toEqual({
      kind: 'invalid',
      problem: 'data-not-base64',
    });
    expect(classifyThemeImage('data:image/png;base64,not base64!')).toEqual({
      kind: 'invalid',
      problem: 'data-not-base64',
    });
    expect(classifyThemeImage('data:text/html;base64,PGI+')).toEqual({
      kind: 'invalid',
      problem: 'data-not-image',
    });
    const atLimit = `data:image/jpeg;base64,${base64Of(THEME_IMAGE_UPLOAD_MAX_BYTES)}`;
    expect(classifyThemeImage(atLimit)).toMatchObject({ kind: 'data' });
    const over = `data:image/jpeg;base64,${base64Of(THEME_IMAGE_UPLOAD_MAX_BYTES + 3)}`;
    expect(classifyThemeImage(over)).toEqual({ kind: 'invalid', problem: 'upload-too-large' });
  });

  it('computes the decoded size of any padded base64 text', () => {
    fc.assert(
      fc.property(fc.nat({ max: 5000 }), (bytes) => {
        expect(base64DecodedLength(base64Of(bytes))).toBe(bytes);
      }),
    );
  });
});

describe('theme colours', () => {
  it('are #rgb or #rrggbb', () => {
    for (const ok of ['#fff', '#7C3AED', '#000000']) expect(isThemeColor(ok)).toBe(true);
    for (const bad of ['fff', '#ffff', '#12345g', 'red', '#1234567', '', null]) {
      expect(isThemeColor(bad)).toBe(false);
    }
  });
});
