import { AVATAR_ICONS } from './avatar.js';

/**
 * Which avatar values may be stored (product §2), and the colours and gradients the profile picker
 * offers. A module apart from avatar.ts, whose rendering the top bar on the first screen uses, so
 * the web app loads this with the profile page only (docs/decisions/077).
 */

const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
const GRADIENT_PART =
  /^(?:-?\d{1,3}deg|to (?:top|bottom|left|right)(?: (?:top|bottom|left|right))?|#[0-9a-fA-F]{3,8}(?: \d{1,3}%)?)$/;

/**
 * What the server accepts as an avatar value: the four renderable kinds, each in a strict form,
 * so a stored value can never smuggle CSS or a script URL into another user's page.
 */
export function isValidAvatarValue(value: string): boolean {
  if (value.startsWith('#')) return HEX_COLOR.test(value);
  if (value.startsWith('icon:')) {
    return (AVATAR_ICONS as readonly string[]).includes(value.slice(5));
  }
  if (value.startsWith('linear-gradient')) {
    const match = /^linear-gradient\((.*)\)$/.exec(value);
    if (!match) return false;
    const parts = match[1]!.split(',').map((p) => p.trim());
    const colourStops = parts.filter((p) => p.startsWith('#')).length;
    return colourStops >= 2 && parts.length <= 6 && parts.every((p) => GRADIENT_PART.test(p));
  }
  return HTTPS_IMAGE_URL.test(value);
}

/** https, a host, and none of the characters that could end a CSS url() or an attribute. */
const HTTPS_IMAGE_URL = /^https:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:\/[^\s"'()\\<>]*)?$/;

/** The colours and gradients the profile picker offers (all valid by isValidAvatarValue). */
export const AVATAR_COLORS = [
  '#7c3aed',
  '#9333ea',
  '#c026d3',
  '#db2777',
  '#e11d48',
  '#ea580c',
  '#ca8a04',
  '#16a34a',
  '#0d9488',
  '#0284c7',
  '#2563eb',
  '#4f46e5',
] as const;

export const AVATAR_GRADIENTS = [
  'linear-gradient(135deg, #7c3aed, #2563eb)',
  'linear-gradient(135deg, #9333ea, #db2777)',
  'linear-gradient(135deg, #0d9488, #7c3aed)',
  'linear-gradient(135deg, #ea580c, #c026d3)',
  'linear-gradient(135deg, #16a34a, #0284c7)',
  'linear-gradient(135deg, #4f46e5, #0f172a)',
] as const;
