import { SESSION_TASK_MAX_LENGTH, type FocusSession } from '@focusroom/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconCheck,
  IconCloudOff,
  IconDownload,
  IconPencil,
  IconPlus,
  IconRefresh,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '../../app/paths';
import { FormErrorAlert } from '../../components/form-error-alert';
import { SectionCard } from '../../components/section-card';
import { serverMessage } from '../../lib/api-client';
import { part, withParts } from '../../i18n';
import type { HistoryItem } from './use-stats-state';
import { exportSessionsCsv } from './export-csv';
import { LogSessionModal } from './log-session-modal';
import { formatMinutes, formatSessionDate, formatSessionTime } from './stats-format';

export interface SessionHistoryProps {
  items: HistoryItem[];
  timeZone: string;
  loading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
  onUpdateTask(id: string, task: string): Promise<FocusSession>;
  onDelete(id: string): Promise<void>;
  onRetry(): Promise<void>;
  onDismiss(clientId: string): void;
}

/** When a session started, 'Mon 17 Nov 2026 at 09:30' (render it with `i18n._`). */
function describe(session: FocusSession, timeZone: string): MessageDescriptor {
  const date = formatSessionDate(session.start_time, timeZone);
  const time = formatSessionTime(session.start_time, timeZone);
  return msg`${date} at ${time}`;
}

/** The session history: newest first, pages on demand, edit a label, delete, export, log one. */
export function SessionHistory(props: SessionHistoryProps) {
  const { items, timeZone, loading, hasMore, loadingMore } = props;
  const headingId = useId();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const [logOpen, setLogOpen] = useState(false);
  const [deleting, setDeleting] = useState<FocusSession | null>(null);
  const { t } = useLingui();
  const dashboard = part('dashboard');

  const runExport = async () => {
    setExporting(true);
    setExportError(null);
    try {
      await exportSessionsCsv(timeZone);
    } catch (error) {
      setExportError(serverMessage(error, t`The export failed. Please try again.`));
    } finally {
      setExporting(false);
    }
  };

  return (
    <SectionCard className="fr-stats-card" labelledBy={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} id={headingId} className="fr-section-title">
            {t`Session history`}
          </Title>
          <Group gap="xs">
            <Button
              variant="light"
              size="sm"
              leftSection={<IconPlus size={16} aria-hidden="true" />}
              onClick={() => setLogOpen(true)}
            >
              {t`Log a session`}
            </Button>
            <Button
              variant="default"
              size="sm"
              leftSection={<IconDownload size={16} aria-hidden="true" />}
              loading={exporting}
              onClick={() => void runExport()}
            >
              {t`Export CSV`}
            </Button>
          </Group>
        </Group>
        <FormErrorAlert>{exportError}</FormErrorAlert>

        {items.length === 0 && !loading ? (
          <Text c="dimmed" size="sm" py="md">
            {withParts(
              t({
                comment: '{dashboard} is a link to the dashboard that reads "dashboard"',
                message: `No sessions yet. Finish a pomodoro on the ${dashboard} and it shows up here.`,
              }),
              {
                dashboard: (
                  <Anchor component={Link} to={ROUTES.dashboard.path}>
                    {t`dashboard`}
                  </Anchor>
                ),
              },
            )}
          </Text>
        ) : (
          <ul className="fr-history" aria-labelledby={headingId}>
            {items.map((item) => (
              <HistoryRow
                key={item.key}
                item={item}
                timeZone={timeZone}
                onUpdateTask={props.onUpdateTask}
                onAskDelete={setDeleting}
                onRetry={props.onRetry}
                onDismiss={props.onDismiss}
              />
            ))}
          </ul>
        )}

        {hasMore ? (
          <Button
            variant="subtle"
            onClick={props.onLoadMore}
            loading={loadingMore}
            className="fr-load-more"
          >
            {t`Load more sessions`}
          </Button>
        ) : null}
      </Stack>

      <DeleteSessionModal
        session={deleting}
        timeZone={timeZone}
        onClose={() => setDeleting(null)}
        onDelete={props.onDelete}
      />
      <LogSessionModal opened={logOpen} onClose={() => setLogOpen(false)} />
    </SectionCard>
  );
}

interface RowProps {
  item: HistoryItem;
  timeZone: string;
  onUpdateTask(id: string, task: string): Promise<FocusSession>;
  onAskDelete(session: FocusSession): void;
  onRetry(): Promise<void>;
  onDismiss(clientId: string): void;
}

function StatusBadge({ item }: { item: HistoryItem }) {
  const { phase, session } = item;
  const { t } = useLingui();
  if (phase === 'unsaved') {
    return (
      <Badge
        color="yellow"
        variant="light"
        radius="sm"
        tt="none"
        leftSection={<IconCloudOff size={13} aria-hidden="true" />}
        title={item.error}
      >
        {t`Unsaved — will retry`}
      </Badge>
    );
  }
  if (phase === 'rejected') {
    return (
      <Badge color="red" variant="light" radius="sm" tt="none" title={item.error}>
        {t`Not saved`}
      </Badge>
    );
  }
  if (phase === 'saving') {
    return (
      <Badge color="gray" variant="light" radius="sm" tt="none">
        {session.potentiallyUnsaved ? t`Unsaved — retrying…` : t`Saving…`}
      </Badge>
    );
  }
  if (!session.completed) {
    return (
      <Badge color="gray" variant="outline" radius="sm" tt="none">
        {t`Not completed`}
      </Badge>
    );
  }
  return null;
}

function HistoryRow({ item, timeZone, onUpdateTask, onAskDelete, onRetry, onDismiss }: RowProps) {
  const { session } = item;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(session.task);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [retrying, setRetrying] = useState(false);
  const editable = item.phase === 'server';
  const { t, i18n } = useLingui();
  const when = i18n._(describe(session, timeZone));
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Leaving the editor (saved or cancelled) puts focus back on the Edit button.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const task = draft.trim();
    if (task === session.task) {
      setEditing(false);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onUpdateTask(String(session.id), task);
      setEditing(false);
    } catch (failure) {
      setError(serverMessage(failure, t`The task could not be saved. Please try again.`));
    } finally {
      setBusy(false);
    }
  };

  const retry = async () => {
    setRetrying(true);
    try {
      await onRetry();
    } finally {
      setRetrying(false);
    }
  };

  return (
    <li className="fr-history-row" data-phase={item.phase}>
      <div className="fr-history-when">
        <Text size="sm" fw={600}>
          {formatSessionDate(session.start_time, timeZone)}
        </Text>
        <Text size="xs" c="dimmed">
          {`${formatSessionTime(session.start_time, timeZone)}–${formatSessionTime(session.end_time, timeZone)}`}
        </Text>
      </div>
      <div className="fr-history-task">
        {editing ? (
          <form onSubmit={(event) => void save(event)} className="fr-history-edit">
            <TextInput
              size="xs"
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') {
                  setEditing(false);
                  setDraft(session.task);
                  setError(null);
                }
              }}
              aria-label={t`Task of the session on ${when}`}
              maxLength={SESSION_TASK_MAX_LENGTH}
              error={error}
              data-autofocus
              autoFocus
              disabled={busy}
              className="fr-history-input"
            />
            <ActionIcon
              type="submit"
              variant="filled"
              color="focus"
              size="md"
              loading={busy}
              aria-label={t`Save task`}
            >
              <IconCheck size={16} aria-hidden="true" />
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="md"
              aria-label={t`Cancel editing`}
              disabled={busy}
              onClick={() => {
                setEditing(false);
                setDraft(session.task);
                setError(null);
              }}
            >
              <IconX size={16} aria-hidden="true" />
            </ActionIcon>
          </form>
        ) : (
          <Text size="sm" className="fr-history-label">
            {session.task_name}
          </Text>
        )}
      </div>
      <div className="fr-history-meta">
        <Text size="sm" fw={600} className="fr-history-duration">
          {formatMinutes(session.duration)}
        </Text>
        <StatusBadge item={item} />
        {item.phase === 'unsaved' ? (
          <Button
            size="compact-xs"
            variant="light"
            color="yellow"
            leftSection={<IconRefresh size={13} aria-hidden="true" />}
            loading={retrying}
            onClick={() => void retry()}
          >
            {t`Retry now`}
          </Button>
        ) : null}
        {item.phase === 'rejected' ? (
          <Button
            size="compact-xs"
            variant="subtle"
            color="gray"
            onClick={() => onDismiss(item.key)}
          >
            {t`Dismiss`}
          </Button>
        ) : null}
        {editable && !editing ? (
          <Group gap={4} wrap="nowrap" className="fr-history-actions">
            <ActionIcon
              ref={editButton}
              variant="subtle"
              color="gray"
              aria-label={t`Edit task of the session on ${when}`}
              onClick={() => {
                setDraft(session.task);
                setEditing(true);
              }}
            >
              <IconPencil size={16} aria-hidden="true" />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t`Delete the session on ${when}`}
              onClick={() => onAskDelete(session)}
            >
              <IconTrash size={16} aria-hidden="true" />
            </ActionIcon>
          </Group>
        ) : null}
      </div>
    </li>
  );
}

function DeleteSessionModal({
  session,
  timeZone,
  onClose,
  onDelete,
}: {
  session: FocusSession | null;
  timeZone: string;
  onClose(): void;
  onDelete(id: string): Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { t, i18n } = useLingui();
  const duration = session ? formatMinutes(session.duration) : '';
  const when = session ? i18n._(describe(session, timeZone)) : '';
  const task = session?.task_name ?? '';

  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };

  const confirm = async () => {
    if (!session) return;
    setBusy(true);
    setError(null);
    try {
      await onDelete(String(session.id));
      setBusy(false);
      onClose();
    } catch (failure) {
      setBusy(false);
      setError(serverMessage(failure, t`The session could not be deleted. Please try again.`));
    }
  };

  return (
    <Modal
      opened={session !== null}
      onClose={close}
      title={t`Delete this session?`}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {session ? (
        <Stack gap="md">
          <Text size="sm">
            {t`The ${duration} session on ${when} (“${task}”) will be removed from your history and statistics. This cannot be undone.`}
          </Text>
          <FormErrorAlert>{error}</FormErrorAlert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              {t`Cancel`}
            </Button>
            <Button
              color="red.9"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              loading={busy}
              onClick={() => void confirm()}
            >
              {t`Delete session`}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
