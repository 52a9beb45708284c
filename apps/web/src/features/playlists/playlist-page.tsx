import './playlists.css';
import { truncateTitle } from '@focusroom/core';
import { PLAYLIST_PAGE_MESSAGES } from './page-messages';
import type { Playlist, PlaylistTrack } from '@focusroom/core/schemas';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconArrowLeft, IconPencil, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ROUTES } from '../../app/paths';
import { CenteredLoader } from '../../components/centered-loader';
import { FormErrorAlert } from '../../components/form-error-alert';
import { PageShell } from '../../components/page-shell';
import { SectionCard } from '../../components/section-card';
import { serverMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { AddTrackPanel } from './add-track-panel';
import { openInPlayer } from './player-handoff';
import { DeletePlaylistDialog, PlaylistFormDialog } from './playlist-dialogs';
import { useLaterTitles } from './later-titles';
import { isNotFound, usePlaylistQuery, useRemoveTrack, useReorderTracks } from './playlist-queries';
import { trackCountLabel } from './track-count';
import { TrackList } from './track-list';

function BackLink() {
  const { t } = useLingui();
  return (
    // On the page: on a scrim over a theme's picture (decision 056).
    <Anchor
      component={Link}
      to={ROUTES.playlists.path}
      size="sm"
      display="block"
      className="fr-scrim"
    >
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden className="fr-mirror-rtl" />
        {t`All playlists`}
      </Group>
    </Anchor>
  );
}

function PlaylistView({ playlist }: { playlist: Playlist }) {
  useLaterTitles(playlist);
  const navigate = useNavigate();
  const reorder = useReorderTracks(playlist.id);
  const remove = useRemoveTrack(playlist.id);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [removingId, setRemovingId] = useState<string | null>(null);
  const tracks = playlist.tracks;
  const { t, i18n } = useLingui();

  const saveOrder = (songIds: string[]) => {
    reorder.mutate(songIds, {
      onError: () =>
        notify({ tone: 'error', message: i18n._(PLAYLIST_PAGE_MESSAGES.reorderFailed) }),
    });
  };

  const removeTrack = async (track: PlaylistTrack) => {
    setRemovingId(track.id);
    try {
      await remove.mutateAsync(track.id);
      const title = truncateTitle(track.title);
      notify({ tone: 'success', message: t`Removed from the playlist: ${title}` });
    } catch (error) {
      notify({
        tone: 'error',
        message: serverMessage(error, i18n._(PLAYLIST_PAGE_MESSAGES.trackRemoveFailed)),
      });
    } finally {
      setRemovingId(null);
    }
  };

  return (
    <PageShell
      title={playlist.name}
      description={playlist.description || undefined}
      actions={
        <Stack gap="sm" mt={4}>
          <Text size="sm" c="dimmed">
            {i18n._(trackCountLabel(tracks.length))}
          </Text>
          <Group gap="xs" className="fr-playlist-actions">
            <Button
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              disabled={tracks.length === 0}
              onClick={() => openInPlayer(playlist, 0)}
            >
              {t`Play playlist`}
            </Button>
            <Button
              variant="default"
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={() => setEditing(true)}
            >
              {t`Edit`}
            </Button>
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setDeleting(true)}
            >
              {t`Delete`}
            </Button>
          </Group>
        </Stack>
      }
    >
      <BackLink />
      <SectionCard labelledBy="fr-tracks-title">
        <Stack gap="sm">
          <Title order={2} size="h3" id="fr-tracks-title">
            {t`Tracks`}
          </Title>
          {tracks.length === 0 ? (
            <Text c="dimmed">{i18n._(PLAYLIST_PAGE_MESSAGES.emptyTracks)}</Text>
          ) : (
            <TrackList
              tracks={tracks}
              sortingDisabled={reorder.isPending}
              removingId={removingId}
              onReorder={saveOrder}
              onPlayFrom={(index) => openInPlayer(playlist, index)}
              onRemove={(track) => void removeTrack(track)}
            />
          )}
        </Stack>
      </SectionCard>
      <SectionCard labelledBy="fr-add-title">
        <Stack gap="sm">
          <Title order={2} size="h3" id="fr-add-title">
            {t`Add a track`}
          </Title>
          <AddTrackPanel playlistId={playlist.id} />
        </Stack>
      </SectionCard>
      {editing ? (
        <PlaylistFormDialog opened playlist={playlist} onClose={() => setEditing(false)} />
      ) : null}
      <DeletePlaylistDialog
        playlist={deleting ? playlist : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate(ROUTES.playlists.path)}
      />
    </PageShell>
  );
}

/**
 * /playlist/{id} (product §2): one playlist's tracks in order; play it or play from a track in
 * the floating player, remove a track, reorder by drag or keyboard, add from search or a pasted
 * link. Someone else's playlist and an unknown id look the same: not found.
 */
export function PlaylistPage() {
  const { id = '' } = useParams<{ id: string }>();
  const playlist = usePlaylistQuery(id);
  const { t, i18n } = useLingui();

  if (playlist.isPending) {
    return (
      <PageShell title={t`Playlist`}>
        <CenteredLoader label={t`Loading the playlist`} />
      </PageShell>
    );
  }
  if (playlist.isError) {
    const notFound = isNotFound(playlist.error);
    return (
      <PageShell title={notFound ? i18n._(PLAYLIST_PAGE_MESSAGES.notFoundTitle) : t`Playlist`}>
        {notFound ? (
          <Paper withBorder radius="lg" p="lg">
            <Text>{i18n._(PLAYLIST_PAGE_MESSAGES.notFound)}</Text>
          </Paper>
        ) : (
          <FormErrorAlert title={i18n._(PLAYLIST_PAGE_MESSAGES.playlistLoadFailed)}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {serverMessage(playlist.error, i18n._(PLAYLIST_PAGE_MESSAGES.tryAgain))}
              </Text>
              <Button size="xs" variant="light" onClick={() => void playlist.refetch()}>
                {t`Try again`}
              </Button>
            </Stack>
          </FormErrorAlert>
        )}
        <BackLink />
      </PageShell>
    );
  }
  return <PlaylistView playlist={playlist.data} />;
}
