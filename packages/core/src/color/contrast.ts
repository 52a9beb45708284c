/**
 * WCAG 2.2 contrast (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio): the relative luminance
 * of sRGB colours and the ratio between two of them. Used to prove the interface's colour pairs
 * read at level AA (product §1).
 */

/** An sRGB colour, channels 0-255, alpha 0-1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** Level AA for normal text (WCAG 2.2 success criterion 1.4.3). */
export const WCAG_AA_TEXT_CONTRAST = 4.5;

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB_FUNCTION = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/i;

/** Reads `#rgb`, `#rrggbb`, `rgb(r, g, b)` or `rgba(r, g, b, a)`; throws on anything else. */
export function parseColor(css: string): Rgba {
  const value = css.trim();
  const hex = HEX.exec(value);
  if (hex) {
    const digits = hex[1]!;
    const full =
      digits.length === 3
        ? digits
            .split('')
            .map((d) => d + d)
            .join('')
        : digits;
    return {
      r: parseInt(full.slice(0, 2), 16),
      g: parseInt(full.slice(2, 4), 16),
      b: parseInt(full.slice(4, 6), 16),
      a: 1,
    };
  }
  const fn = RGB_FUNCTION.exec(value);
  if (fn) {
    const [r, g, b] = [fn[1], fn[2], fn[3]].map(Number) as [number, number, number];
    const a = fn[4] === undefined ? 1 : Number(fn[4]);
    if ([r, g, b].every((c) => c >= 0 && c <= 255) && a >= 0 && a <= 1) return { r, g, b, a };
  }
  throw new Error(`Not a colour this check reads: ${css}`);
}

/** `top` painted over an opaque `bottom` (source-over): what the eye sees. */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const mix = (t: number, b: number) => t * top.a + b * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of an opaque colour: 0 for black, 1 for white. */
export function relativeLuminance(color: Rgba | string): number {
  const { r, g, b } = typeof color === 'string' ? parseColor(color) : color;
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * The contrast ratio (1 to 21) of a foreground on a background. Translucent colours are first
 * painted over what lies beneath: the background over `base` (black when not given), then the
 * foreground over the background.
 */
export function contrastRatio(
  foreground: Rgba | string,
  background: Rgba | string,
  base: Rgba | string = '#000',
): number {
  const read = (c: Rgba | string) => (typeof c === 'string' ? parseColor(c) : c);
  const bg = composite(read(background), read(base));
  const fg = composite(read(foreground), bg);
  const [light, dark] = [relativeLuminance(fg), relativeLuminance(bg)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}
