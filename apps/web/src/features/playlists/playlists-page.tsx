import './playlists.css';
import { PLAYLIST_PAGE_MESSAGES } from './page-messages';
import type { Playlist } from '@focusroom/core/schemas';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconPencil, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { playlistPath } from '../../app/paths';
import { CenteredLoader } from '../../components/centered-loader';
import { FormErrorAlert } from '../../components/form-error-alert';
import { PageShell } from '../../components/page-shell';
import { serverMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { openInPlayer } from './player-handoff';
import { DeletePlaylistDialog, PlaylistFormDialog } from './playlist-dialogs';
import { fetchPlaylist, usePlaylistsQuery } from './playlist-queries';
import { trackCountLabel } from './track-count';

function PlaylistCard({
  playlist,
  onPlay,
  onEdit,
  onDelete,
}: {
  playlist: Playlist;
  onPlay: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const headingId = `fr-playlist-${playlist.id}`;
  const { t, i18n } = useLingui();
  const name = playlist.name;
  return (
    <Paper withBorder radius="lg" p="md" component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={2} fz="lg" id={headingId} className="fr-playlist-name">
          <Anchor component={Link} to={playlistPath(playlist.id)} inherit>
            {playlist.name}
          </Anchor>
        </Title>
        {playlist.description ? (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {playlist.description}
          </Text>
        ) : null}
        <Text size="sm">{i18n._(trackCountLabel(playlist.track_count))}</Text>
        <Group gap="xs" mt={4}>
          <Button
            size="xs"
            leftSection={<IconPlayerPlay size={14} aria-hidden />}
            disabled={playlist.track_count === 0}
            onClick={onPlay}
            aria-label={t`Play ${name}`}
          >
            {t`Play`}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={onEdit}
            aria-label={t`Edit ${name}`}
          >
            {t`Edit`}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={onDelete}
            aria-label={t`Delete ${name}`}
          >
            {t`Delete`}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * /playlists (product §2): the signed-in user's playlists with their track counts; create,
 * rename and describe, delete after a confirmation, open one in the player or on its own page.
 */
export function PlaylistsPage() {
  const playlists = usePlaylistsQuery();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<{ playlist: Playlist | null } | null>(null);
  const [deleting, setDeleting] = useState<Playlist | null>(null);
  const { t, i18n } = useLingui();

  const play = async (playlist: Playlist) => {
    try {
      const full = playlist.tracks?.length
        ? playlist
        : await fetchPlaylist(queryClient, playlist.id);
      if (full.tracks.length === 0) {
        notify({ tone: 'info', message: i18n._(PLAYLIST_PAGE_MESSAGES.nothingToPlay) });
        return;
      }
      openInPlayer(full);
    } catch (error) {
      notify({
        tone: 'error',
        message: serverMessage(error, i18n._(PLAYLIST_PAGE_MESSAGES.playFailed)),
      });
    }
  };

  const list = playlists.data ?? [];
  let body;
  if (playlists.isPending) {
    body = <CenteredLoader label={t`Loading your playlists`} />;
  } else if (playlists.isError) {
    body = (
      <FormErrorAlert title={i18n._(PLAYLIST_PAGE_MESSAGES.listLoadFailed)}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {serverMessage(playlists.error, i18n._(PLAYLIST_PAGE_MESSAGES.tryAgain))}
          </Text>
          <Button size="xs" variant="light" onClick={() => void playlists.refetch()}>
            {t`Try again`}
          </Button>
        </Stack>
      </FormErrorAlert>
    );
  } else if (list.length === 0) {
    body = (
      <Paper withBorder radius="lg" p="lg">
        <Text>{i18n._(PLAYLIST_PAGE_MESSAGES.emptyList)}</Text>
      </Paper>
    );
  } else {
    body = (
      <ul className="fr-playlist-grid" aria-label={t`Your playlists`}>
        {list.map((playlist) => (
          <li key={playlist.id}>
            <PlaylistCard
              playlist={playlist}
              onPlay={() => void play(playlist)}
              onEdit={() => setEditing({ playlist })}
              onDelete={() => setDeleting(playlist)}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <PageShell
      title={t`Playlists`}
      description={t`Collect YouTube tracks into playlists and play them in the music player.`}
      actions={
        <Group>
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing({ playlist: null })}
          >
            {t`New playlist`}
          </Button>
        </Group>
      }
    >
      {body}
      {editing ? (
        <PlaylistFormDialog
          key={editing.playlist?.id ?? 'new'}
          opened
          playlist={editing.playlist}
          onClose={() => setEditing(null)}
          onCreated={(created) => void navigate(playlistPath(created.id))}
        />
      ) : null}
      <DeletePlaylistDialog playlist={deleting} onClose={() => setDeleting(null)} />
    </PageShell>
  );
}
