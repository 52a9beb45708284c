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
import './themes.css';
import {
  NEW_THEME_COLORS,
  THEME_COLOR_FIELDS,
  THEME_IMAGE_UPLOAD_MAX_BYTES,
  classifyThemeImage,
  themeBackgroundUrl,
  type ThemeFields,
} from '@focusroom/core';
import type { CreateThemeBody, Theme } from '@focusroom/core/schemas';
import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconUpload } from '@tabler/icons-react';
import { useRef, useState, type DragEvent } from 'react';
import { ThemeDetailsFields, themeDetailsRules } from '../../components/theme-fields';
import { isApiError } from '../../lib/api-client';
import { showServerFieldErrors } from '../../lib/form-errors';
import { IMAGE_FORMAT, IMAGE_PROBLEMS, IMAGE_TOO_LARGE } from '../../lib/theme-image-messages';
import { part, withParts } from '../../i18n';
import { IMAGE_UNREADABLE } from './core-messages';
import { useThemes } from './theme-context';
import { ThemePreview } from './theme-preview';

/** The fields a saved theme lends the form as they are; only the picture needs translating. */
const COPIED_FIELDS = [
  'name',
  'description',
  ...THEME_COLOR_FIELDS,
  'is_dark',
  'is_public',
] as const;

const FIELDS = [...COPIED_FIELDS, 'image_url'] as const;

/** The theme's own fields as core types them, but a picture is always a string here. */
type EditorValues = Pick<ThemeFields, (typeof COPIED_FIELDS)[number]> & {
  /** An https address, an upload (data:image/...), a stored /uploads/... address, or ''. */
  image_url: string;
};

const NEW_THEME: EditorValues = {
  name: '',
  description: '',
  ...NEW_THEME_COLORS,
  is_dark: true,
  is_public: false,
  image_url: '',
};

function pick<T, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, source[key]])) as Pick<T, K>;
}

function valuesOf(theme: Theme | null): EditorValues {
  if (!theme) return NEW_THEME;
  return { ...pick(theme, COPIED_FIELDS), image_url: themeBackgroundUrl(theme) ?? '' };
}

/** Reads a picked or dropped file as a data: URL, refusing what the server would refuse. */
function readImageFile(file: File): Promise<string> {
  if (!file.type.startsWith('image/')) {
    return Promise.reject(new Error(i18n._(IMAGE_FORMAT)));
  }
  if (file.size > THEME_IMAGE_UPLOAD_MAX_BYTES) {
    return Promise.reject(new Error(i18n._(IMAGE_TOO_LARGE)));
  }
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error(i18n._(IMAGE_UNREADABLE)));
    reader.readAsDataURL(file);
  });
}

export interface ThemeEditorProps {
  opened: boolean;
  /** The theme to change, or null to create one. */
  theme: Theme | null;
  onClose: () => void;
}

/**
 * Creating and changing a custom theme (product §1): name, description, the five colours, dark
 * or light, an image by https address or by upload (a file picker or drag and drop onto the
 * drop area; plain browser APIs, no upload library), the public toggle, and a live preview of
 * the timer over the background.
 */
export function ThemeEditor({ opened, theme, onClose }: ThemeEditorProps) {
  const { createCustomTheme, updateCustomTheme, setTheme } = useThemes();
  const [saving, setSaving] = useState(false);
  const [fileName, setFileName] = useState<string | null>(null);
  const [dragOver, setDragOver] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  // On a phone the editor takes the whole screen, with the preview above the fields.
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const { t } = useLingui();

  const form = useForm<EditorValues>({
    mode: 'controlled',
    initialValues: valuesOf(theme),
    validate: {
      ...themeDetailsRules,
      image_url: (value) => {
        const image = classifyThemeImage(value);
        return image.kind === 'invalid' ? i18n._(IMAGE_PROBLEMS[image.problem]) : null;
      },
    },
  });

  const takeFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      form.setFieldValue('image_url', await readImageFile(file));
      form.clearFieldError('image_url');
      setFileName(file.name);
    } catch (error) {
      form.setFieldError('image_url', error instanceof Error ? error.message : String(error));
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragOver(false);
    void takeFile(event.dataTransfer.files[0]);
  };

  const imageInput = useRef<HTMLInputElement>(null);
  // The form is taller than a phone: a refused save brings the first field to fix into view.
  const focusFirstError = (errors: Record<string, unknown>) => {
    const first = FIELDS.find((field) => errors[field]);
    if (!first) return;
    const node = first === 'image_url' ? imageInput.current : form.getInputNode(first);
    node?.focus();
  };

  const submit = form.onSubmit(async (values) => {
    const body: CreateThemeBody = {
      name: values.name.trim(),
      description: values.description.trim(),
      background_color: values.background_color,
      text_color: values.text_color,
      primary_color: values.primary_color,
      secondary_color: values.secondary_color,
      accent_color: values.accent_color,
      is_dark: values.is_dark,
      is_public: values.is_public,
      image_url: values.image_url.trim() || null,
      // One picture per custom theme: the editor's image replaces any other address.
      background_url: null,
    };
    setSaving(true);
    try {
      if (theme) await updateCustomTheme(theme.id, body);
      else setTheme(await createCustomTheme(body));
      onClose();
    } catch (error) {
      // The provider said it failed; field messages from the server go beside their fields.
      if (isApiError(error)) showServerFieldErrors(form, error.errors, FIELDS);
    } finally {
      setSaving(false);
    }
  }, focusFirstError);

  const image = form.values.image_url;
  const uploaded = image.startsWith('data:');
  const name = theme?.name;
  const chooseFile = part('chooseFile');
  const maxMegabytes = THEME_IMAGE_UPLOAD_MAX_BYTES / (1024 * 1024);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={theme ? t`Edit ${name}` : t`Create a theme`}
      size="xl"
      centered
      fullScreen={phone}
      className="fr-theme-modal"
      closeButtonProps={{ 'aria-label': t`Close the editor` }}
    >
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="sm">
            <ThemeDetailsFields inputProps={form.getInputProps} colorColumns={2} />
            <Switch
              label={t`Dark theme`}
              description={t`Tells others whether the picture is dark or light`}
              {...form.getInputProps('is_dark', { type: 'checkbox' })}
            />
            <TextInput
              label={t`Image address`}
              description={t`An https:// address, or upload an image below`}
              placeholder="https://"
              ref={imageInput}
              value={uploaded ? '' : image}
              onChange={(event) => {
                setFileName(null);
                form.setFieldValue('image_url', event.currentTarget.value);
              }}
              error={form.errors.image_url}
            />
            <div
              className="fr-theme-dropzone"
              data-over={dragOver || undefined}
              onDragOver={(event) => {
                event.preventDefault();
                setDragOver(true);
              }}
              onDragLeave={() => setDragOver(false)}
              onDrop={onDrop}
              data-testid="theme-image-drop"
            >
              <IconUpload size={22} aria-hidden />
              <Text size="sm">
                {withParts(
                  t({
                    comment: '{chooseFile} is a button that reads "choose a file"',
                    message: `Drop an image here, or ${chooseFile}`,
                  }),
                  {
                    chooseFile: (
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        onClick={() => fileInput.current?.click()}
                      >
                        {t`choose a file`}
                      </Button>
                    ),
                  },
                )}
              </Text>
              <Text size="xs" c="dimmed">
                {t`JPEG, PNG, WebP, GIF or AVIF, at most ${maxMegabytes} MB`}
              </Text>
              <input
                ref={fileInput}
                type="file"
                accept="image/*"
                aria-label={t`Upload an image`}
                hidden
                onChange={(event) => {
                  void takeFile(event.currentTarget.files?.[0]);
                  event.currentTarget.value = '';
                }}
              />
              {uploaded ? (
                <Group gap="xs">
                  <Text size="sm">{fileName ?? t`Uploaded image`}</Text>
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    onClick={() => {
                      setFileName(null);
                      form.setFieldValue('image_url', '');
                    }}
                  >
                    {t`Remove image`}
                  </Button>
                </Group>
              ) : null}
            </div>
            <Switch
              label={t`Share in the public gallery`}
              {...form.getInputProps('is_public', { type: 'checkbox' })}
            />
          </Stack>
          <Stack gap="sm" className="fr-theme-editor-preview">
            <Text fw={600}>{t`Preview`}</Text>
            <ThemePreview theme={form.values} />
          </Stack>
        </SimpleGrid>
        <Group justify="flex-end" mt="lg" className="fr-theme-editor-footer">
          <Button variant="default" onClick={onClose}>
            {t`Cancel`}
          </Button>
          <Button type="submit" loading={saving}>
            {theme ? t`Save theme` : t`Create theme`}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
