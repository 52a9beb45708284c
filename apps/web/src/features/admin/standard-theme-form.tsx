import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Modal.css';
import { THEME_COLOR_FIELDS, classifyThemeImage } from '@focusroom/core';
import type { StandardThemeBody, Theme } from '@focusroom/core/schemas';
import { useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ThemeDetailsFields, themeDetailsRules } from '../../components/theme-fields';
import { isApiError } from '../../lib/api-client';
import { showServerFieldErrors } from '../../lib/form-errors';
import { IMAGE_PROBLEMS } from '../../lib/theme-image-messages';
import { BACKGROUND_UPLOAD } from './core-messages';
import {
  standardThemeChanges,
  standardThemeFormValues,
  type StandardThemeValues,
} from './standard-theme-values';

const FIELDS = [
  'name',
  'description',
  ...THEME_COLOR_FIELDS,
  'is_dark',
  'image_url',
] as const satisfies readonly (keyof StandardThemeBody)[];

/**
 * Creating or editing a standard theme: name, description, the five colours, dark or light and
 * an image address. An edit sends only what changed, so a seeded theme's own picture (served
 * with the app, not an address a form may set) stays as it is unless replaced.
 */
export function StandardThemeForm({
  theme,
  onClose,
  onSave,
}: {
  /** The theme to edit, or null to create one. */
  theme: Theme | null;
  onClose: () => void;
  /** Sends the create or update; throws (with the server's field errors) when refused. */
  onSave: (body: Partial<StandardThemeBody>) => Promise<unknown>;
}) {
  const initial = standardThemeFormValues(theme);
  const [saving, setSaving] = useState(false);
  const { t, i18n } = useLingui();
  const name = theme?.name;
  const form = useForm<StandardThemeValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: {
      ...themeDetailsRules,
      image_url: (value) => {
        // An unchanged picture is the server's own; only a new address is checked here.
        if (value.trim() === initial.image_url) return null;
        const image = classifyThemeImage(value);
        if (image.kind === 'data') return i18n._(BACKGROUND_UPLOAD);
        return image.kind === 'invalid' ? i18n._(IMAGE_PROBLEMS[image.problem]) : null;
      },
    },
  });

  const submit = form.onSubmit(async (values) => {
    const body = standardThemeChanges(theme ? initial : null, values);
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    setSaving(true);
    try {
      await onSave(body);
      onClose();
    } catch (error) {
      if (isApiError(error)) showServerFieldErrors(form, error.errors, FIELDS);
    } finally {
      setSaving(false);
    }
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={theme ? t`Edit ${name}` : t`New standard theme`}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <ThemeDetailsFields inputProps={form.getInputProps} colorColumns={{ base: 1, xs: 2 }} />
          <Switch
            label={t`Dark theme`}
            description={t`Whether the picture is dark or light`}
            {...form.getInputProps('is_dark', { type: 'checkbox' })}
          />
          <TextInput
            label={t`Image address`}
            description={t`An https:// address, or leave empty for the colours alone`}
            placeholder="https://"
            {...form.getInputProps('image_url')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t`Cancel`}
            </Button>
            <Button type="submit" loading={saving}>
              {theme ? t`Save theme` : t`Create theme`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
