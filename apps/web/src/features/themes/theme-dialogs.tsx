import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Input.css';
import { THEME_REPORT_REASON_MAX_LENGTH } from '@focusroom/core';
import type { Theme, ThemeReportBody } from '@focusroom/core/schemas';
import { useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import { part, withParts } from '../../i18n';
import { REASON_REQUIRED } from './core-messages';
import { useThemes } from './theme-context';
import { themeName } from './standard-theme-words';

/** The filled red of both confirmations: white on red-9 reads at 5.5:1 (stock red-6: 3.3:1). */
const DANGER = 'red.9';

/**
 * Runs one of the provider's theme actions with a busy flag, then `done` once it worked. On a
 * failure the provider has already shown the server's message (e.g. already reported), so the
 * dialog stays open for another try.
 */
function useThemeAction() {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>, done: () => void) => {
    setBusy(true);
    try {
      await action();
      done();
    } catch {
      // Shown by the provider; nothing more to say here.
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** The frame both dialogs share: open while they have a theme to act on. */
function ThemeDialogFrame({
  theme,
  title,
  onClose,
  children,
}: {
  theme: Theme | null;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Modal
      opened={theme !== null}
      onClose={onClose}
      title={title}
      centered
      className="fr-theme-modal"
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {children}
    </Modal>
  );
}

/** Asks before a custom theme is deleted; the provider says whether it worked. */
export function DeleteThemeDialog({
  theme,
  onClose,
}: {
  theme: Theme | null;
  onClose: () => void;
}) {
  const { deleteCustomTheme } = useThemes();
  const { busy, run } = useThemeAction();
  const { t, i18n } = useLingui();
  const name = part('name');
  const confirm = async () => {
    if (!theme) return;
    await run(() => deleteCustomTheme(theme.id), onClose);
  };
  return (
    <ThemeDialogFrame theme={theme} title={t`Delete theme`} onClose={onClose}>
      <Stack gap="md">
        <Text>
          {withParts(
            t({
              comment: '{name} is the theme’s name, in bold',
              message: `Delete ${name}? This cannot be undone.`,
            }),
            { name: <strong>{theme ? themeName(theme, (words) => i18n._(words)) : ''}</strong> },
          )}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t`Cancel`}
          </Button>
          <Button color={DANGER} loading={busy} onClick={() => void confirm()}>
            {t`Delete`}
          </Button>
        </Group>
      </Stack>
    </ThemeDialogFrame>
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
  const { t, i18n } = useLingui();
  const name = part('name');
  const form = useForm<ThemeReportBody>({
    initialValues: { reason: '' },
    validate: { reason: (value) => (value.trim() ? null : i18n._(REASON_REQUIRED)) },
  });
  const { busy, run } = useThemeAction();
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = async ({ reason }: ThemeReportBody) => {
    if (!theme) return;
    await run(() => reportTheme(theme.id, reason.trim()), close);
  };
  return (
    <ThemeDialogFrame theme={theme} title={t`Report theme`} onClose={close}>
      <form noValidate onSubmit={form.onSubmit((values) => void submit(values))}>
        <Stack gap="md">
          <Text size="sm">
            {withParts(
              t({
                comment: '{name} is the theme’s name, in bold',
                message: `Tell the moderators what is wrong with ${name}.`,
              }),
              { name: <strong>{theme ? themeName(theme, (words) => i18n._(words)) : ''}</strong> },
            )}
          </Text>
          <Textarea
            label={t`Reason`}
            required
            autosize
            minRows={3}
            maxLength={THEME_REPORT_REASON_MAX_LENGTH}
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t`Cancel`}
            </Button>
            <Button type="submit" color={DANGER} loading={busy}>
              {t`Report`}
            </Button>
          </Group>
        </Stack>
      </form>
    </ThemeDialogFrame>
  );
}
