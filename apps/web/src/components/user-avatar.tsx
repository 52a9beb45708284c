import { parseAvatar } from '@focusroom/core';
import { Avatar, type MantineSize } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { AVATAR_ICON_COMPONENTS } from './avatar-icons';

export interface UserAvatarProps {
  avatarUrl?: string | null | undefined;
  name?: string | null | undefined;
  username?: string | null | undefined;
  size?: MantineSize | number;
  /** Next to a visible username the picture adds nothing for screen readers. */
  decorative?: boolean;
}

const PIXELS: Record<MantineSize, number> = { xs: 16, sm: 26, md: 38, lg: 56, xl: 84 };

/**
 * Renders the five avatar kinds of product §2: an initial, a colour, one of twelve icons, a
 * gradient, or an image (which falls back to the initial if it fails to load).
 */
export function UserAvatar({
  avatarUrl,
  name,
  username,
  size = 'md',
  decorative = false,
}: UserAvatarProps) {
  const { t } = useLingui();
  const avatar = parseAvatar(avatarUrl, name, username);
  const initial = parseAvatar(null, name, username);
  const letter = initial.kind === 'initial' ? initial.letter : '?';
  const who = name?.trim() || username?.trim();
  const label = who ? t`Avatar of ${who}` : t`Avatar`;
  const a11y = decorative
    ? { 'aria-hidden': true as const }
    : avatar.kind === 'image'
      ? {}
      : { role: 'img', 'aria-label': label };
  const pixels = typeof size === 'number' ? size : PIXELS[size];
  const common = { size, radius: 1000, 'data-avatar-kind': avatar.kind, ...a11y };

  switch (avatar.kind) {
    case 'initial':
      return (
        <Avatar {...common} color="focus" variant="filled">
          {avatar.letter}
        </Avatar>
      );
    case 'color':
      return (
        <Avatar {...common} styles={{ placeholder: { background: avatar.color, color: '#fff' } }}>
          {letter}
        </Avatar>
      );
    case 'gradient':
      return (
        <Avatar
          {...common}
          styles={{ placeholder: { background: avatar.gradient, color: '#fff' } }}
        >
          {letter}
        </Avatar>
      );
    case 'icon': {
      const IconComponent = AVATAR_ICON_COMPONENTS[avatar.icon ?? 'person'];
      return (
        <Avatar
          {...common}
          color="focus"
          variant="filled"
          data-avatar-icon={avatar.icon ?? 'person'}
        >
          <IconComponent size={Math.round(pixels * 0.6)} stroke={1.8} aria-hidden />
        </Avatar>
      );
    }
    case 'image':
      return (
        <Avatar
          {...common}
          src={avatar.url}
          alt={decorative ? '' : label}
          imageProps={{ referrerPolicy: 'no-referrer', loading: 'lazy' }}
          color="focus"
          variant="filled"
        >
          {letter}
        </Avatar>
      );
  }
}
