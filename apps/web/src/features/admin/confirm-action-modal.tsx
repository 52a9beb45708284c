import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Input.css';
import { useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { part, withParts } from '../../i18n';
import { typedConfirmationMatches } from './admin-format';

/** A confirmation to ask; its words are in the reader's language already. */
export interface ConfirmRequest {
  title: string;
  /** What will happen, in a sentence or two. */
  body: ReactNode;
  /** The confirm button's label ("Disable", "Delete"). */
  confirmLabel: string;
  /** Red for what cannot be taken back or takes something away. */
  danger?: boolean;
  /** When set, the confirm button stays off until this exact text is typed (a username). */
  typeToConfirm?: string;
  /** An optional free-text reason (hiding a theme), handed to onConfirm trimmed. */
  reason?: { label: string; maxLength: number; description?: string };
  /** Runs the action; the modal closes once it resolves and stays open when it throws. */
  onConfirm: (reason: string) => Promise<unknown>;
}

/** Asks before an admin action; for a deletion the username must be typed first. */
export function ConfirmActionModal({
  request,
  onClose,
}: {
  request: ConfirmRequest | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <Modal
      opened={request !== null}
      onClose={onClose}
      title={request?.title}
      centered
      // Above the account dialog it is opened from.
      zIndex={300}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {/* Keyed so a new request starts with an empty field and no busy flag. */}
      {request ? <ConfirmBody key={request.title} request={request} onClose={onClose} /> : null}
    </Modal>
  );
}

function ConfirmBody({ request, onClose }: { request: ConfirmRequest; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const { t } = useLingui();
  const username = part('username');
  const needed = request.typeToConfirm;
  const ready = needed === undefined || typedConfirmationMatches(typed, needed);
  const confirm = async () => {
    if (!ready || busy) return;
    setBusy(true);
    try {
      await request.onConfirm(reason.trim());
      onClose();
    } catch {
      // The action has already said what went wrong; the dialog stays for another try.
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void confirm();
      }}
    >
      <Stack gap="md">
        <Text component="div">{request.body}</Text>
        {needed !== undefined ? (
          <TextInput
            label={withParts(
              t({
                comment: '{username} is the text to type, in bold',
                message: `Type ${username} to confirm`,
              }),
              { username: <strong>{needed}</strong> },
            )}
            value={typed}
            autoComplete="off"
            spellCheck={false}
            data-autofocus
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
        ) : null}
        {request.reason ? (
          <Textarea
            label={request.reason.label}
            description={request.reason.description}
            autosize
            minRows={2}
            maxLength={request.reason.maxLength}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t`Cancel`}
          </Button>
          <Button
            type="submit"
            color={request.danger ? 'red' : undefined}
            loading={busy}
            disabled={!ready}
          >
            {request.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
