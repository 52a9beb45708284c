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
import {
  THEME_API_MESSAGES,
  THEME_COLOR_FIELDS,
  THEME_DESCRIPTION_MAX_LENGTH,
  THEME_IMAGE_PROBLEM_MESSAGES,
  THEME_NAME_MAX_LENGTH,
  classifyThemeImage,
  isRetiredThemeName,
  isThemeColor,
  type ThemeColorField,
} from '@focusroom/core';
import type { StandardThemeBody, Theme } from '@focusroom/core/schemas';
import {
  Button,
  ColorInput,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { showServerFieldErrors } from '../../lib/form-errors';
import {
  standardThemeChanges,
  standardThemeFormValues,
  type StandardThemeValues,
} from './standard-theme-values';

const COLOR_LABELS: Record<ThemeColorField, string> = {
  background_color: 'Background colour',
  text_color: 'Text colour',
  primary_color: 'Primary colour',
  secondary_color: 'Secondary colour',
  accent_color: 'Accent colour',
};

const FIELDS = [
  'name',
  'description',
  ...THEME_COLOR_FIELDS,
  'is_dark',
  'image_url',
] as const satisfies readonly (keyof StandardThemeBody)[];

const colorRule = (value: string) => (isThemeColor(value) ? null : THEME_API_MESSAGES.color);

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
  const form = useForm<StandardThemeValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: {
      name: (value) => {
        const name = value.trim();
        if (!name) return THEME_API_MESSAGES.nameRequired;
        if (name.length > THEME_NAME_MAX_LENGTH) return THEME_API_MESSAGES.nameTooLong;
        return isRetiredThemeName(name) ? THEME_API_MESSAGES.nameRetired : null;
      },
      description: (value) =>
        value.trim().length > THEME_DESCRIPTION_MAX_LENGTH
          ? THEME_API_MESSAGES.descriptionTooLong
          : null,
      background_color: colorRule,
      text_color: colorRule,
      primary_color: colorRule,
      secondary_color: colorRule,
      accent_color: colorRule,
      image_url: (value) => {
        // An unchanged picture is the server's own; only a new address is checked here.
        if (value.trim() === initial.image_url) return null;
        const image = classifyThemeImage(value);
        if (image.kind === 'data') return THEME_API_MESSAGES.backgroundUpload;
        return image.kind === 'invalid' ? THEME_IMAGE_PROBLEM_MESSAGES[image.problem] : null;
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
      title={theme ? `Edit ${theme.name}` : 'New standard theme'}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            maxLength={THEME_NAME_MAX_LENGTH}
            {...form.getInputProps('name')}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxRows={4}
            maxLength={THEME_DESCRIPTION_MAX_LENGTH}
            {...form.getInputProps('description')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {THEME_COLOR_FIELDS.map((field) => (
              <ColorInput
                key={field}
                label={COLOR_LABELS[field]}
                format="hex"
                withEyeDropper={false}
                {...form.getInputProps(field)}
              />
            ))}
          </SimpleGrid>
          <Switch
            label="Dark theme"
            description="Whether the picture is dark or light"
            {...form.getInputProps('is_dark', { type: 'checkbox' })}
          />
          <TextInput
            label="Image address"
            description="An https:// address, or leave empty for the colours alone"
            placeholder="https://"
            {...form.getInputProps('image_url')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {theme ? 'Save theme' : 'Create theme'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
