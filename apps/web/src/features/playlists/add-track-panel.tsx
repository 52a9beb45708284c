import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Tabs.css';
import {
  extractYouTubeVideoId,
  lookupMayComeLater,
  provisionalTrack,
  searchItemToTrack,
  toAddSongBody,
  truncateTitle,
  type PlayerTrack,
} from '@focusroom/core';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLink, IconPlus, IconSearch } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormErrorAlert } from '../../components/form-error-alert';
import { TrackArtwork } from '../../components/track-artwork';
import { isApiError, serverMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { PLAYLIST_CORE_WORDS, PLAYLIST_PAGE_MESSAGES } from './page-messages';
import { playlistsApi } from './playlists-api';
import { useAddTrack } from './playlist-queries';

/** Adds a track; `later`: it has a temporary title until YouTube answers (decision 053). */
type AddTrack = (track: PlayerTrack, later?: boolean) => Promise<boolean>;

/** What a failed search says: the server's words (no key, refused, not responding) if any. */
function searchFailure(error: unknown, i18n: I18n): string {
  if (isApiError(error) && error.status === 403) {
    return i18n._(PLAYLIST_CORE_WORDS.searchAccessDenied);
  }
  return serverMessage(error, i18n._(PLAYLIST_PAGE_MESSAGES.searchFailed));
}

function SearchTab({
  onAdd,
  adding,
}: {
  onAdd: (track: PlayerTrack) => Promise<boolean>;
  adding: string | null;
}) {
  const { t, i18n } = useLingui();
  const form = useForm({
    initialValues: { query: '' },
    validate: {
      query: (value) => (value.trim() ? null : i18n._(PLAYLIST_CORE_WORDS.queryRequired)),
    },
  });
  const search = useMutation({ mutationFn: (q: string) => playlistsApi.search(q) });

  const submit = form.onSubmit(({ query }) => search.mutate(query.trim()));

  const results = search.data?.items.map(searchItemToTrack) ?? [];
  const addLabel = (title: string) => t`Add ${title}`;
  return (
    <Stack gap="sm">
      <form onSubmit={submit} noValidate role="search" aria-label={t`Search YouTube`}>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            flex={1}
            label={t`Search YouTube`}
            placeholder={t`lofi beats, rain piano…`}
            {...form.getInputProps('query')}
          />
          <Button
            type="submit"
            mt={25}
            loading={search.isPending}
            leftSection={<IconSearch size={16} aria-hidden />}
          >
            {t`Search`}
          </Button>
        </Group>
      </form>
      {search.isError ? <FormErrorAlert>{searchFailure(search.error, i18n)}</FormErrorAlert> : null}
      {search.isSuccess && results.length === 0 ? (
        <Text c="dimmed" role="status">
          {i18n._(PLAYLIST_PAGE_MESSAGES.searchNoResults)}
        </Text>
      ) : null}
      {results.length > 0 ? (
        <ul className="fr-result-list" aria-label={t`Search results`}>
          {results.map((track) => (
            <li key={track.id} className="fr-track">
              <TrackArtwork src={track.artwork} className="fr-track-art" iconSize={18} />
              <div className="fr-track-text">
                <Text size="sm" fw={600} lineClamp={2} className="fr-track-title">
                  {track.title}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {track.artist}
                </Text>
              </div>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} aria-hidden />}
                loading={adding === track.url}
                onClick={() => void onAdd(track)}
                aria-label={addLabel(track.title)}
              >
                {t`Add`}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </Stack>
  );
}

function LinkTab({ onAdd }: { onAdd: AddTrack }) {
  const { t, i18n } = useLingui();
  const form = useForm({
    initialValues: { link: '' },
    validate: {
      link: (value) => (value.trim() ? null : i18n._(PLAYLIST_CORE_WORDS.linkRequired)),
    },
  });
  const resolve = useMutation({ mutationFn: (url: string) => playlistsApi.resolve(url) });
  const [busy, setBusy] = useState(false);

  const submit = async ({ link }: { link: string }) => {
    const value = link.trim();
    setBusy(true);
    let track: PlayerTrack;
    let later = false;
    try {
      ({ track } = await resolve.mutateAsync(value));
    } catch (failure) {
      // YouTube did not answer, but the link names its video: add it under a temporary title.
      const videoId = extractYouTubeVideoId(value);
      if (!videoId || !lookupMayComeLater(isApiError(failure) ? failure.status : undefined)) {
        form.setFieldError(
          'link',
          serverMessage(failure, i18n._(PLAYLIST_CORE_WORDS.resolveUnavailable)),
        );
        setBusy(false);
        return;
      }
      track = provisionalTrack(videoId);
      later = true;
    }
    try {
      if (await onAdd(track, later)) form.setFieldValue('link', '');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          flex={1}
          label={t`YouTube link or video id`}
          placeholder="https://www.youtube.com/watch?v=…"
          {...form.getInputProps('link')}
        />
        <Button
          type="submit"
          mt={25}
          loading={busy}
          leftSection={<IconLink size={16} aria-hidden />}
        >
          {t`Add`}
        </Button>
      </Group>
    </form>
  );
}

/**
 * Adds a track to the playlist: from the server's YouTube search, or from a pasted link (or a
 * bare video id) that the server resolves without any API key. A failed search says why and
 * offers the link instead of sample results (docs/decisions/019).
 */
export function AddTrackPanel({ playlistId }: { playlistId: string }) {
  const add = useAddTrack(playlistId);
  const [adding, setAdding] = useState<string | null>(null);
  const { t, i18n } = useLingui();

  const addTrack: AddTrack = async (track, later = false) => {
    setAdding(track.url);
    try {
      await add.mutateAsync(toAddSongBody(track));
      const title = truncateTitle(track.title);
      notify({
        tone: later ? 'info' : 'success',
        message: later
          ? i18n._(PLAYLIST_PAGE_MESSAGES.trackAddedLater)
          : t`Added to the playlist: ${title}`,
      });
      return true;
    } catch (error) {
      notify({
        tone: 'error',
        message: serverMessage(error, i18n._(PLAYLIST_PAGE_MESSAGES.trackAddFailed)),
      });
      return false;
    } finally {
      setAdding(null);
    }
  };

  return (
    <Tabs defaultValue="search" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="search" leftSection={<IconSearch size={16} aria-hidden />}>
          {t`Search`}
        </Tabs.Tab>
        <Tabs.Tab value="link" leftSection={<IconLink size={16} aria-hidden />}>
          {t`Paste a link`}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="search" pt="md">
        <SearchTab onAdd={addTrack} adding={adding} />
      </Tabs.Panel>
      <Tabs.Panel value="link" pt="md">
        <LinkTab onAdd={addTrack} />
      </Tabs.Panel>
    </Tabs>
  );
}
