import { Alert, Group, Stack, Switch, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconVolume } from '@tabler/icons-react';
import { useSyncExternalStore, type Ref } from 'react';
import {
  musicFollowsTimer,
  setMusicFollowsTimer,
  subscribeMusicFollowsTimer,
} from './break-follow';
import type { Player } from './player';
import { TrackArt } from './track-art';
import { TransportControls } from './transport-controls';
import { useCurrentTrack, usePlayerState } from './use-player-state';
import { VolumeSlider } from './volume-control';

/**
 * The current track: the YouTube video (its iframe lives in `videoHost`, which stays in the page
 * while the panel is hidden so music keeps playing), title, artist, controls, volume, and whether
 * music follows the timer.
 */
export function NowPlayingTab({
  player,
  videoHost,
}: {
  player: Player;
  videoHost: Ref<HTMLDivElement>;
}) {
  const track = useCurrentTrack(player);
  const problem = usePlayerState(player, (s) => s.problem);
  const follows = useSyncExternalStore(subscribeMusicFollowsTimer, musicFollowsTimer, () => false);
  const showsVideo = track?.source === 'youtube';
  const { t, i18n } = useLingui();
  return (
    <Stack gap="sm">
      <div className="fr-music-video" hidden={!showsVideo} ref={videoHost} />
      {showsVideo ? null : (
        <div className="fr-music-cover">
          <TrackArt track={track} size={120} />
        </div>
      )}
      <div className="fr-music-now-text">
        <Text fw={600} lineClamp={2}>
          {track ? track.title : t`Nothing playing`}
        </Text>
        <Text size="sm" c="dimmed" lineClamp={1}>
          {track ? track.artist || '\u00a0' : t`Add tracks from the Search tab.`}
        </Text>
      </div>
      {problem ? (
        <Alert color="red" variant="light" role="status" p="xs" className="fr-music-problem">
          {i18n._(problem)}
        </Alert>
      ) : null}
      <Group justify="center">
        <TransportControls player={player} />
      </Group>
      <Group gap="sm" wrap="nowrap">
        <IconVolume size={18} aria-hidden className="fr-music-volume-icon" />
        <div style={{ flex: 1 }}>
          <VolumeSlider player={player} />
        </div>
      </Group>
      <Switch
        checked={follows}
        onChange={(event) => setMusicFollowsTimer(event.currentTarget.checked)}
        label={t`Pause music during breaks`}
        description={t`Fades out when a break starts and back in with the next focus.`}
      />
    </Stack>
  );
}
