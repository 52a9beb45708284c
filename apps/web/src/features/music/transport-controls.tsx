import { ActionIcon, Group } from '@mantine/core';
import {
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconPlayerSkipBackFilled,
  IconPlayerSkipForwardFilled,
} from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import type { Player } from './player';
import { usePlayerState } from './use-player-state';

/** Previous, play/pause and next (product §2). */
export function TransportControls({ player, size = 'lg' }: { player: Player; size?: 'md' | 'lg' }) {
  const playing = usePlayerState(player, (s) => s.playing);
  const empty = usePlayerState(player, (s) => s.tracks.length === 0);
  const icon = size === 'lg' ? 22 : 18;
  const { t } = useLingui();
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        color="gray"
        size={size}
        aria-label={t`Previous track`}
        disabled={empty}
        onClick={player.previous}
      >
        <IconPlayerSkipBackFilled size={icon} />
      </ActionIcon>
      <ActionIcon
        variant="filled"
        size={size}
        radius="xl"
        aria-label={playing ? t`Pause` : t`Play`}
        disabled={empty}
        onClick={player.toggle}
      >
        {playing ? <IconPlayerPauseFilled size={icon} /> : <IconPlayerPlayFilled size={icon} />}
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="gray"
        size={size}
        aria-label={t`Next track`}
        disabled={empty}
        onClick={player.next}
      >
        <IconPlayerSkipForwardFilled size={icon} />
      </ActionIcon>
    </Group>
  );
}
