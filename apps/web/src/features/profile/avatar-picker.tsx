import {
  AVATAR_COLORS,
  AVATAR_GRADIENTS,
  AVATAR_ICONS,
  isValidAvatarValue,
  parseAvatar,
  type AvatarIcon,
} from '@focusroom/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Button, Fieldset, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { AVATAR_ICON_COMPONENTS } from '../../components/avatar-icons';
import { UserAvatar } from '../../components/user-avatar';

export interface AvatarPickerProps {
  /** The avatar value: '' for initials, '#…', 'icon:…', 'linear-gradient(…)' or an image URL. */
  value: string;
  onChange: (value: string) => void;
  name: string;
  username: string;
  error?: ReactNode;
}

/**
 * "Gradient #7c3aed to #2563eb": a name a screen reader can say and a test can find. Core's
 * gradients each run between two colours; one of more colours would be named by its ends.
 */
export function gradientLabel(gradient: string): MessageDescriptor {
  const colours = gradient.match(/#[0-9a-fA-F]{3,8}/g) ?? [];
  const [from, ...others] = colours;
  const to = others.at(-1);
  if (from === undefined || to === undefined) return msg`Gradient`;
  return msg`Gradient ${from} to ${to}`;
}

/**
 * The icons' names (core's ids, product §2), as the buttons say them ("Icon fire"); the context
 * tells a translator what the single word names.
 */
const ICON_NAMES: Record<AvatarIcon, MessageDescriptor> = {
  person: msg({ context: 'avatar icon', message: 'person' }),
  emoji: msg({ context: 'avatar icon', message: 'emoji' }),
  face: msg({ context: 'avatar icon', message: 'face' }),
  pets: msg({ context: 'avatar icon', message: 'pets' }),
  mood: msg({ context: 'avatar icon', message: 'mood' }),
  play: msg({ context: 'avatar icon', message: 'play' }),
  power: msg({ context: 'avatar icon', message: 'power' }),
  headphones: msg({ context: 'avatar icon', message: 'headphones' }),
  sports: msg({ context: 'avatar icon', message: 'sports' }),
  music: msg({ context: 'avatar icon', message: 'music' }),
  diversity: msg({ context: 'avatar icon', message: 'diversity' }),
  fire: msg({ context: 'avatar icon', message: 'fire' }),
};

function SwatchGroup({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack gap={6}>
      <Text id={id} size="sm" fw={600}>
        {label}
      </Text>
      <Group gap={8} role="group" aria-labelledby={id}>
        {children}
      </Group>
    </Stack>
  );
}

/** Product §2 avatar choices: colours and gradients from core, twelve icons, an image URL. */
export function AvatarPicker({ value, onChange, name, username, error }: AvatarPickerProps) {
  const { t, i18n } = useLingui();
  const current = parseAvatar(value || null, name, username);
  const imageValue = current.kind === 'image' ? value : '';
  // Half-typed URLs are not fetched: the preview shows initials until the link is valid.
  const previewValue =
    current.kind === 'image' && !isValidAvatarValue(value) ? null : value || null;

  return (
    <Fieldset legend={t`Avatar`} radius="md">
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Stack align="center" gap={6}>
          <UserAvatar avatarUrl={previewValue} name={name} username={username} size={96} />
          <Text size="xs" c="dimmed">
            {t`Preview`}
          </Text>
        </Stack>
        <Stack gap="md" style={{ flex: 1, minWidth: 240 }}>
          <SwatchGroup label={t`Colours`}>
            {AVATAR_COLORS.map((color) => (
              <UnstyledButton
                key={color}
                className="fr-swatch"
                style={{ background: color }}
                aria-label={t`Colour ${color}`}
                aria-pressed={value === color}
                onClick={() => onChange(color)}
              />
            ))}
          </SwatchGroup>
          <SwatchGroup label={t`Gradients`}>
            {AVATAR_GRADIENTS.map((gradient) => (
              <UnstyledButton
                key={gradient}
                className="fr-swatch"
                style={{ background: gradient }}
                aria-label={i18n._(gradientLabel(gradient))}
                aria-pressed={value === gradient}
                onClick={() => onChange(gradient)}
              />
            ))}
          </SwatchGroup>
          <SwatchGroup label={t`Icons`}>
            {AVATAR_ICONS.map((icon: AvatarIcon) => {
              const IconComponent = AVATAR_ICON_COMPONENTS[icon];
              const iconValue = `icon:${icon}`;
              const iconName = i18n._(ICON_NAMES[icon]);
              return (
                <UnstyledButton
                  key={icon}
                  className="fr-swatch fr-swatch-icon"
                  aria-label={t`Icon ${iconName}`}
                  aria-pressed={value === iconValue}
                  onClick={() => onChange(iconValue)}
                >
                  <IconComponent size={20} aria-hidden />
                </UnstyledButton>
              );
            })}
          </SwatchGroup>
          <TextInput
            label={t`Image URL`}
            description={t`An https:// link to a square picture`}
            placeholder="https://example.com/me.png"
            type="url"
            inputMode="url"
            value={imageValue}
            onChange={(event) => onChange(event.currentTarget.value.trim())}
            error={error}
          />
          <Button
            variant="subtle"
            color="gray"
            w="fit-content"
            onClick={() => onChange('')}
            aria-pressed={value === ''}
          >
            {t`Use initials`}
          </Button>
        </Stack>
      </Group>
    </Fieldset>
  );
}
