import {
  THEME_API_MESSAGES,
  THEME_COLOR_FIELDS,
  THEME_DESCRIPTION_MAX_LENGTH,
  THEME_NAME_MAX_LENGTH,
  isRetiredThemeName,
  isThemeColor,
  type ThemeColorField,
} from '@focusroom/core';
import { ColorInput, SimpleGrid, TextInput, Textarea, type SimpleGridProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

/** The fields every theme form has: a name, a description and the five colours. */
export type ThemeDetailsField = 'name' | 'description' | ThemeColorField;

const COLOR_LABELS: Record<ThemeColorField, string> = {
  background_color: 'Background colour',
  text_color: 'Text colour',
  primary_color: 'Primary colour',
  secondary_color: 'Secondary colour',
  accent_color: 'Accent colour',
};

const colorRule = (value: string): string | null =>
  isThemeColor(value) ? null : THEME_API_MESSAGES.color;

/** The form rules (useForm `validate`) of those fields, with the server's messages. */
export const themeDetailsRules = {
  name: (value: string): string | null => {
    const name = value.trim();
    if (!name) return THEME_API_MESSAGES.nameRequired;
    if (name.length > THEME_NAME_MAX_LENGTH) return THEME_API_MESSAGES.nameTooLong;
    return isRetiredThemeName(name) ? THEME_API_MESSAGES.nameRetired : null;
  },
  description: (value: string): string | null =>
    value.trim().length > THEME_DESCRIPTION_MAX_LENGTH
      ? THEME_API_MESSAGES.descriptionTooLong
      : null,
  background_color: colorRule,
  text_color: colorRule,
  primary_color: colorRule,
  secondary_color: colorRule,
  accent_color: colorRule,
} satisfies Record<ThemeDetailsField, (value: string) => string | null>;

export interface ThemeDetailsFieldsProps {
  /** The form's props of each field (form.getInputProps). */
  inputProps: (field: ThemeDetailsField) => GetInputPropsReturnType;
  /** Columns of the colour pickers' grid. */
  colorColumns: SimpleGridProps['cols'];
}

/**
 * A theme's name, description and five colour pickers, as the custom theme editor and the admin's
 * standard theme form both ask for them. The form around them adds dark or light and a picture.
 */
export function ThemeDetailsFields({ inputProps, colorColumns }: ThemeDetailsFieldsProps) {
  return (
    <>
      <TextInput label="Name" required maxLength={THEME_NAME_MAX_LENGTH} {...inputProps('name')} />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        maxRows={4}
        maxLength={THEME_DESCRIPTION_MAX_LENGTH}
        {...inputProps('description')}
      />
      <SimpleGrid cols={colorColumns} spacing="sm">
        {THEME_COLOR_FIELDS.map((field) => (
          <ColorInput
            key={field}
            label={COLOR_LABELS[field]}
            format="hex"
            withEyeDropper={false}
            {...inputProps(field)}
          />
        ))}
      </SimpleGrid>
    </>
  );
}
