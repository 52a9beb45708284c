import { describe, expect, it } from 'vitest';
import {
  WCAG_AA_TEXT_CONTRAST,
  composite,
  contrastRatio,
  parseColor,
  relativeLuminance,
} from './contrast.js';

describe('WCAG contrast', () => {
  it('gives black and white their defined luminance and the full 21:1 ratio', () => {
    expect(relativeLuminance('#000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 10);
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 10);
  });

  it('matches published ratios for well-known pairs', () => {
    // #767676 on white is the classic lightest grey that passes AA (4.54:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(WCAG_AA_TEXT_CONTRAST);
    // Pure red on white is 4.0:1.
    expect(contrastRatio('rgb(255, 0, 0)', '#fff')).toBeCloseTo(4, 1);
  });

  it('paints translucent colours over what lies beneath before comparing', () => {
    expect(composite(parseColor('rgba(255, 255, 255, 0.5)'), parseColor('#000'))).toEqual({
      r: 127.5,
      g: 127.5,
      b: 127.5,
      a: 1,
    });
    // A fully transparent foreground is invisible: 1:1 on anything.
    expect(contrastRatio('rgba(255, 255, 255, 0)', '#123456')).toBeCloseTo(1, 10);
    // A translucent card over white is lighter than the same card over black.
    expect(contrastRatio('#fff', 'rgba(0, 0, 0, 0.5)', '#fff')).toBeLessThan(
      contrastRatio('#fff', 'rgba(0, 0, 0, 0.5)', '#000'),
    );
  });

  it('refuses colours it cannot read instead of guessing', () => {
    expect(() => parseColor('purple')).toThrow(/Not a colour/);
    expect(() => parseColor('#12')).toThrow(/Not a colour/);
    expect(() => parseColor('rgba(0, 0, 0, 2)')).toThrow(/Not a colour/);
  });
});
