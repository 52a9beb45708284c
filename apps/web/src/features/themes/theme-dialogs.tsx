import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Input.css';
import { THEME_API_MESSAGES, THEME_REPORT_REASON_MAX_LENGTH } from '@focusroom/core';
import type { Theme } from '@focusroom/core/schemas';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useThemes } from './theme-context';

/** Asks before a custom theme is deleted; the provider says whether it worked. */
export function DeleteThemeDialog({
  theme,
  onClose,
}: {
  theme: Theme | null;
  onClose: () => void;
}) {
  const { deleteCustomTheme } = useThemes();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!theme) return;
    setBusy(true);
    try {
      await deleteCustomTheme(theme.id);
      onClose();
    } catch {
      // The provider showed the failure; the dialog stays for another try.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={theme !== null}
      onClose={onClose}
      title="Delete theme"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text>
          Delete <strong>{theme?.name}</strong>? This cannot be undone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={() => void confirm()}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Reports someone else's public theme for moderation, with a reason. */
export function ReportThemeDialog({
  theme,
  onClose,
}: {
  theme: Theme | null;
  onClose: () => void;
}) {
  const { reportTheme } = useThemes();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (!theme) return;
    if (!reason.trim()) {
      setError(THEME_API_MESSAGES.reasonRequired);
      return;
    }
    setBusy(true);
    try {
      await reportTheme(theme.id, reason.trim());
      close();
    } catch {
      // The provider showed the server's message (e.g. already reported).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={theme !== null}
      onClose={close}
      title="Report theme"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            Tell the moderators what is wrong with <strong>{theme?.name}</strong>.
          </Text>
          <Textarea
            label="Reason"
            required
            autosize
            minRows={3}
            maxLength={THEME_REPORT_REASON_MAX_LENGTH}
            value={reason}
            error={error}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={busy}>
              Report
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
