/** The twelve avatar icons of product §2, in its order. */
export const AVATAR_ICONS = [
  'person',
  'emoji',
  'face',
  'pets',
  'mood',
  'play',
  'power',
  'headphones',
  'sports',
  'music',
  'diversity',
  'fire',
] as const;
export type AvatarIcon = (typeof AVATAR_ICONS)[number];

export type Avatar =
  | { kind: 'initial'; letter: string }
  | { kind: 'color'; color: string }
  | { kind: 'icon'; icon: AvatarIcon | null; name: string }
  | { kind: 'gradient'; gradient: string }
  | { kind: 'image'; url: string };

/**
 * How an avatar renders (product §2): no value -> first letter of name or username, or '?';
 * '#…' a colour; 'icon:…' one of the twelve icons; 'linear-gradient…' a gradient; else an image.
 */
export function parseAvatar(
  avatarUrl: string | null | undefined,
  name?: string | null,
  username?: string | null,
): Avatar {
  const value = avatarUrl?.trim();
  if (!value) {
    const source = name?.trim() || username?.trim() || '';
    const letter = source ? [...source][0]!.toUpperCase() : '?';
    return { kind: 'initial', letter };
  }
  if (value.startsWith('#')) return { kind: 'color', color: value };
  if (value.startsWith('icon:')) {
    const iconName = value.slice('icon:'.length);
    const icon = (AVATAR_ICONS as readonly string[]).includes(iconName)
      ? (iconName as AvatarIcon)
      : null;
    return { kind: 'icon', icon, name: iconName };
  }
  if (value.startsWith('linear-gradient')) return { kind: 'gradient', gradient: value };
  return { kind: 'image', url: value };
}
