import { ActionIcon, Group, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconChevronUp, IconX } from '@tabler/icons-react';
import type { DragHandles } from './movable-frame';
import type { Player } from './player';
import { TrackArt } from './track-art';
import { TransportControls } from './transport-controls';
import { useCurrentTrack, usePlayerState } from './use-player-state';
import { VolumePopup } from './volume-control';

/** The minimized bar (product §2): artwork, title, artist, volume popup, previous, play/pause, next. */
export function MiniBar({
  player,
  drag,
}: {
  player: Player;
  /** Where a pointer may drag the player by; none where it does not move (a small screen). */
  drag?: DragHandles['surface'];
}) {
  const track = useCurrentTrack(player);
  const problem = usePlayerState(player, (s) => s.problem);
  const { t, i18n } = useLingui();
  const problemText = problem ? i18n._(problem) : null;
  return (
    <section
      className="fr-music-bar"
      aria-label={t`Music player (minimized)`}
      data-movable={drag ? '' : undefined}
      {...drag}
    >
      <TrackArt track={track} size={48} />
      <div className="fr-music-bar-text">
        <Text size="sm" fw={600} lineClamp={1}>
          {track ? track.title : t`Nothing playing`}
        </Text>
        {problemText ? (
          // Two lines at most here; the panel and the toast show the whole message.
          <Text size="xs" c="red.3" lineClamp={2} role="status" title={problemText}>
            {problemText}
          </Text>
        ) : (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {track?.artist ?? ''}
          </Text>
        )}
      </div>
      <Group gap={2} wrap="nowrap">
        <VolumePopup player={player} />
        <TransportControls player={player} size="md" />
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t`Expand music player`}
          onClick={() => player.setMinimized(false)}
        >
          <IconChevronUp size={18} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t`Close music player`}
          onClick={player.close}
        >
          <IconX size={18} />
        </ActionIcon>
      </Group>
    </section>
  );
}
