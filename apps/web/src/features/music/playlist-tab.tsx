import { MUSIC_TOAST_MS, savableTracks } from '@focusroom/core';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Button, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { notify } from '../../lib/notify';
import { musicApi } from './music-api';
import type { Player } from './player';
import { MUSIC_MESSAGES } from './player-messages';
import { SampleBadge } from './search-tab';
import { TrackArt } from './track-art';
import { usePlayerState } from './use-player-state';

/**
 * The list: play a track, remove one, save the list as a playlist (product §2, §3, §8). Samples
 * play but are left out of a Save, which needs at least one track somebody chose (decision 053).
 */
export function PlaylistTab({ player }: { player: Player }) {
  const tracks = usePlayerState(player, (s) => s.tracks);
  const currentId = usePlayerState(player, (s) => s.currentId);
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const noteId = useId();
  const { t, i18n } = useLingui();
  const defaultName = i18n._(MUSIC_MESSAGES.defaultPlaylistName);
  const savable = savableTracks(tracks);
  const hasSamples = savable.length < tracks.length;

  const save = async () => {
    if (savable.length === 0 || saving) return;
    setSaving(true);
    try {
      // An empty name saves under the default one, in the reader's language as the field shows it.
      await musicApi.savePlaylist(savable, name.trim() || defaultName);
      notify({
        message: i18n._(MUSIC_MESSAGES.playlistSaved),
        tone: 'success',
        autoClose: MUSIC_TOAST_MS.success,
      });
      setName('');
    } catch {
      notify({
        message: i18n._(MUSIC_MESSAGES.playlistSaveFailed),
        tone: 'error',
        autoClose: MUSIC_TOAST_MS.error,
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="sm" className="fr-music-playlist">
      {tracks.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t`The list is empty. Find tracks in the Search tab, or paste a YouTube link there.`}
        </Text>
      ) : (
        <ol className="fr-music-tracks" aria-label={t`Player tracks`}>
          {tracks.map((track) => {
            const isCurrent = track.id === currentId;
            const title = track.title;
            return (
              <li key={track.id} className="fr-music-track" data-current={isCurrent || undefined}>
                <UnstyledButton
                  className="fr-music-track-main"
                  onClick={() => player.playTrack(track.id)}
                  aria-current={isCurrent ? 'true' : undefined}
                  aria-label={t`Play ${title}`}
                >
                  <TrackArt track={track} size={40} />
                  <span className="fr-music-track-text">
                    <Text size="sm" fw={isCurrent ? 700 : 500} lineClamp={1}>
                      {track.title}
                    </Text>
                    <Group gap={6} wrap="nowrap">
                      {track.sample ? <SampleBadge /> : null}
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {track.artist}
                      </Text>
                    </Group>
                  </span>
                </UnstyledButton>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t`Remove ${title}`}
                  onClick={() => player.remove(track.id)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </li>
            );
          })}
        </ol>
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={t`Playlist name`}
          placeholder={defaultName}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          style={{ flex: 1 }}
          size="sm"
        />
        <Button
          leftSection={<IconDeviceFloppy size={16} />}
          disabled={savable.length === 0}
          aria-describedby={hasSamples ? noteId : undefined}
          loading={saving}
          onClick={() => void save()}
          size="sm"
        >
          {t`Save`}
        </Button>
      </Group>
      {hasSamples ? (
        <Text size="xs" c="dimmed" id={noteId}>
          {i18n._(MUSIC_MESSAGES.samplesNotSaved)}
        </Text>
      ) : null}
    </Stack>
  );
}
