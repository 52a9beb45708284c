import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Input.css';
import { PLAYLIST_DESCRIPTION_MAX_LENGTH, PLAYLIST_NAME_MAX_LENGTH } from '@focusroom/core';
import type { Playlist } from '@focusroom/core/schemas';
import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import { FormErrorAlert } from '../../components/form-error-alert';
import { part, withParts } from '../../i18n';
import { isApiError, serverMessage } from '../../lib/api-client';
import { showServerFieldErrors } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import {
  PLAYLIST_CORE_WORDS,
  PLAYLIST_PAGE_MESSAGES,
  descriptionTooLong,
  nameTooLong,
} from './page-messages';
import { useCreatePlaylist, useDeletePlaylist, useUpdatePlaylist } from './playlist-queries';

const FIELDS = ['name', 'description'] as const;

interface FormValues {
  name: string;
  description: string;
}

function Frame({
  opened,
  title,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {children}
    </Modal>
  );
}

/**
 * The rules the server applies (core's limits), checked before anything is sent; the errors in
 * the language active when the form is checked.
 */
export function validatePlaylistFields(
  values: FormValues,
): Partial<Record<keyof FormValues, string>> {
  const errors: Partial<Record<keyof FormValues, string>> = {};
  const name = values.name.trim();
  if (!name) errors.name = i18n._(PLAYLIST_CORE_WORDS.nameRequired);
  else if (name.length > PLAYLIST_NAME_MAX_LENGTH) {
    errors.name = i18n._(nameTooLong(PLAYLIST_NAME_MAX_LENGTH));
  }
  if (values.description.trim().length > PLAYLIST_DESCRIPTION_MAX_LENGTH) {
    errors.description = i18n._(descriptionTooLong(PLAYLIST_DESCRIPTION_MAX_LENGTH));
  }
  return errors;
}

/**
 * Creates a playlist (`playlist` null; the name starts as product §9's My Playlist) or renames
 * and describes one. Bad input shows on its field and sends nothing.
 */
export function PlaylistFormDialog({
  opened,
  playlist,
  onClose,
  onCreated,
}: {
  opened: boolean;
  playlist: Playlist | null;
  onClose: () => void;
  onCreated?: (playlist: Playlist) => void;
}) {
  const create = useCreatePlaylist();
  const update = useUpdatePlaylist();
  const { t } = useLingui();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {
      // A new playlist starts as product §9's My Playlist, in the reader's language.
      name: playlist?.name ?? i18n._(PLAYLIST_CORE_WORDS.defaultName),
      description: playlist?.description ?? '',
    },
    validate: (values) => validatePlaylistFields(values),
  });
  const busy = create.isPending || update.isPending;

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    const body = { name: values.name.trim(), description: values.description.trim() };
    try {
      if (playlist) {
        await update.mutateAsync({ id: playlist.id, ...body });
        notify({ tone: 'success', message: i18n._(PLAYLIST_PAGE_MESSAGES.updated) });
      } else {
        const created = await create.mutateAsync(body);
        notify({ tone: 'success', message: i18n._(PLAYLIST_PAGE_MESSAGES.created) });
        onCreated?.(created);
      }
      onClose();
    } catch (error) {
      if (isApiError(error) && error.errors) showServerFieldErrors(form, error.errors, FIELDS);
      setFailure(
        serverMessage(
          error,
          i18n._(
            playlist ? PLAYLIST_PAGE_MESSAGES.updateFailed : PLAYLIST_PAGE_MESSAGES.createFailed,
          ),
        ),
      );
    }
  });

  return (
    <Frame opened={opened} title={playlist ? t`Edit playlist` : t`New playlist`} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={t`Name`} required data-autofocus {...form.getInputProps('name')} />
          <Textarea
            label={t`Description`}
            description={t`Optional`}
            autosize
            minRows={2}
            maxRows={6}
            {...form.getInputProps('description')}
          />
          <FormErrorAlert>{failure}</FormErrorAlert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t`Cancel`}
            </Button>
            <Button type="submit" loading={busy}>
              {playlist ? t`Save` : t`Create`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Frame>
  );
}

/** Asks before a playlist is deleted; says whether it worked. */
export function DeletePlaylistDialog({
  playlist,
  onClose,
  onDeleted,
}: {
  playlist: Playlist | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeletePlaylist();
  const { t } = useLingui();
  const confirm = async () => {
    if (!playlist) return;
    try {
      await remove.mutateAsync(playlist.id);
      notify({ tone: 'success', message: i18n._(PLAYLIST_PAGE_MESSAGES.deleted) });
      onClose();
      onDeleted?.();
    } catch (error) {
      notify({
        tone: 'error',
        message: serverMessage(error, i18n._(PLAYLIST_PAGE_MESSAGES.deleteFailed)),
      });
    }
  };
  // One sentence for translators, with the name in bold wherever their language puts it.
  const name = part('name');
  const question = t({
    comment: 'name: the playlist, shown in bold',
    message: `Delete ${name} and its tracks? This cannot be undone.`,
  });
  return (
    <Frame opened={playlist !== null} title={t`Delete playlist`} onClose={onClose}>
      <Stack gap="md">
        <Text>{withParts(question, { name: <strong>{playlist?.name}</strong> })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t`Cancel`}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => void confirm()}>
            {t`Delete`}
          </Button>
        </Group>
      </Stack>
    </Frame>
  );
}
