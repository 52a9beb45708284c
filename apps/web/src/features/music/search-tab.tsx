import type { PlayerTrack } from '@focusroom/core';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Input,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconCheck, IconPlus, IconSearch } from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import { notify } from '../../lib/notify';
import { musicApi } from './music-api';
import type { Player } from './player';
import { runSearch, type SearchOutcome, type SearchWords } from './search';
import { TrackArt } from './track-art';
import { usePlayerState } from './use-player-state';

/** Marks one of product §8's samples: it plays, it is never saved (decision 053). */
export function SampleBadge() {
  const { t } = useLingui();
  return (
    <Badge size="xs" variant="light" color="yellow" className="fr-music-sample">
      {t`Sample`}
    </Badge>
  );
}

/** Search YouTube (through our server), or paste a YouTube link or an audio file URL. */
export function SearchTab({ player }: { player: Player }) {
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<SearchOutcome | null>(null);
  const listed = usePlayerState(player, (s) => s.tracks);
  const fieldId = useId();
  const { t, i18n } = useLingui();
  const say = (words: SearchWords) => (typeof words === 'string' ? words : i18n._(words));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const result = await runSearch(query, musicApi);
      setOutcome(result);
      if (result.toast) notify(result.toast);
    } finally {
      setBusy(false);
    }
  };

  const isListed = (track: PlayerTrack) => listed.some((item) => item.id === track.id);

  return (
    <Stack gap="sm">
      <form onSubmit={(event) => void submit(event)} noValidate>
        {/* The label spans the row, above the field and its button: beside the button it wrapped. */}
        <Input.Label htmlFor={fieldId} size="sm">
          {t`Search YouTube or paste a link`}
        </Input.Label>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            id={fieldId}
            placeholder={t`lofi beats, or https://youtu.be/...`}
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            style={{ flex: 1 }}
            size="sm"
          />
          <Button type="submit" loading={busy} leftSection={<IconSearch size={16} />} size="sm">
            {t`Search`}
          </Button>
        </Group>
      </form>
      {outcome?.error ? (
        <Alert color="red" variant="light" role="alert" p="xs">
          {say(outcome.error)}
        </Alert>
      ) : null}
      {outcome?.notice ? (
        <Alert color="yellow" variant="light" role="status" p="xs">
          <Text size="sm">{i18n._(outcome.notice)}</Text>
          {outcome.reason ? (
            <Text size="sm" mt={4}>
              {outcome.reason}
            </Text>
          ) : null}
        </Alert>
      ) : null}
      {outcome && outcome.tracks.length > 0 ? (
        <ul
          className="fr-music-tracks"
          aria-label={outcome.samples ? t`Sample results` : t`Search results`}
        >
          {outcome.tracks.map((track) => {
            const added = isListed(track);
            const title = track.title;
            return (
              <li key={track.id} className="fr-music-track">
                <span className="fr-music-track-main">
                  <TrackArt track={track} size={40} />
                  <span className="fr-music-track-text">
                    <Text size="sm" fw={500} lineClamp={2}>
                      {track.title}
                    </Text>
                    <Group gap={6} wrap="nowrap">
                      {track.sample ? <SampleBadge /> : null}
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {track.artist}
                      </Text>
                    </Group>
                  </span>
                </span>
                <ActionIcon
                  variant={added ? 'subtle' : 'light'}
                  color={added ? 'gray' : undefined}
                  disabled={added}
                  aria-label={added ? t`${title} is in the list` : t`Add ${title}`}
                  onClick={() => player.add(track)}
                >
                  {added ? <IconCheck size={16} /> : <IconPlus size={16} />}
                </ActionIcon>
              </li>
            );
          })}
        </ul>
      ) : null}
      {outcome && !outcome.error && outcome.tracks.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t`No results.`}
        </Text>
      ) : null}
    </Stack>
  );
}
