import {
  THEME_COLOR_FIELDS,
  THEME_DESCRIPTION_MAX_LENGTH,
  THEME_NAME_MAX_LENGTH,
  isRetiredThemeName,
  isThemeColor,
  type ThemeColorField,
} from '@focusroom/core';
import { ColorInput, SimpleGrid, TextInput, Textarea, type SimpleGridProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

/** The fields every theme form has: a name, a description and the five colours. */
export type ThemeDetailsField = 'name' | 'description' | ThemeColorField;

const COLOR_LABELS: Record<ThemeColorField, MessageDescriptor> = {
  background_color: msg`Background colour`,
  text_color: msg`Text colour`,
  primary_color: msg`Primary colour`,
  secondary_color: msg`Secondary colour`,
  accent_color: msg`Accent colour`,
};

const nameMax = THEME_NAME_MAX_LENGTH;
const descriptionMax = THEME_DESCRIPTION_MAX_LENGTH;
/** The server's messages for these fields (core's THEME_API_MESSAGES), in the reader's language. */
const RULE_MESSAGES = {
  nameRequired: msg`Theme name is required`,
  nameTooLong: msg`Theme name must be at most ${nameMax} characters`,
  nameRetired: msg`This name is reserved for a retired built-in theme. Choose another name.`,
  descriptionTooLong: msg`Description must be at most ${descriptionMax} characters`,
  color: msg`Colours must be written #rgb or #rrggbb, e.g. #7c3aed`,
} satisfies Record<string, MessageDescriptor>;

const colorRule = (value: string): string | null =>
  isThemeColor(value) ? null : i18n._(RULE_MESSAGES.color);

/**
 * The form rules (useForm `validate`) of those fields, with the server's messages in the
 * language of the moment the form checks.
 */
export const themeDetailsRules = {
  name: (value: string): string | null => {
    const name = value.trim();
    if (!name) return i18n._(RULE_MESSAGES.nameRequired);
    if (name.length > THEME_NAME_MAX_LENGTH) return i18n._(RULE_MESSAGES.nameTooLong);
    return isRetiredThemeName(name) ? i18n._(RULE_MESSAGES.nameRetired) : null;
  },
  description: (value: string): string | null =>
    value.trim().length > THEME_DESCRIPTION_MAX_LENGTH
      ? i18n._(RULE_MESSAGES.descriptionTooLong)
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
  const { t, i18n } = useLingui();
  return (
    <>
      <TextInput
        label={t`Name`}
        required
        maxLength={THEME_NAME_MAX_LENGTH}
        {...inputProps('name')}
      />
      <Textarea
        label={t`Description`}
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
            label={i18n._(COLOR_LABELS[field])}
            format="hex"
            withEyeDropper={false}
            {...inputProps(field)}
          />
        ))}
      </SimpleGrid>
    </>
  );
}
