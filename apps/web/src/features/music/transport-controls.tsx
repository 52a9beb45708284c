import { ActionIcon, Group } from '@mantine/core';
import {
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconPlayerSkipBackFilled,
  IconPlayerSkipForwardFilled,
} from '@tabler/icons-react';
import type { Player } from './player';
import { usePlayerState } from './use-player-state';

/** Previous, play/pause and next (product §2). */
export function TransportControls({ player, size = 'lg' }: { player: Player; size?: 'md' | 'lg' }) {
  const playing = usePlayerState(player, (s) => s.playing);
  const empty = usePlayerState(player, (s) => s.tracks.length === 0);
  const icon = size === 'lg' ? 22 : 18;
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        color="gray"
        size={size}
        aria-label="Previous track"
        disabled={empty}
        onClick={player.previous}
      >
        <IconPlayerSkipBackFilled size={icon} />
      </ActionIcon>
      <ActionIcon
        variant="filled"
        size={size}
        radius="xl"
        aria-label={playing ? 'Pause' : 'Play'}
        disabled={empty}
        onClick={player.toggle}
      >
        {playing ? <IconPlayerPauseFilled size={icon} /> : <IconPlayerPlayFilled size={icon} />}
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="gray"
        size={size}
        aria-label="Next track"
        disabled={empty}
        onClick={player.next}
      >
        <IconPlayerSkipForwardFilled size={icon} />
      </ActionIcon>
    </Group>
  );
}
