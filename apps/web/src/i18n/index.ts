/**
 * The words of the app in the reader's language (docs/decisions/076). Messages are written with
 * Lingui's macros where they are used: `const { t } = useLingui()` from '@lingui/react/macro' in
 * a component, `msg` from '@lingui/core/macro' for a message defined outside one and rendered
 * with `_` later, and `t` from '@lingui/core/macro' outside React (toasts, notifications).
 */
export { i18n } from '@lingui/core';
export type { MessageDescriptor } from '@lingui/core';
export { useLingui } from './use-lingui';
export {
  activateLocale,
  activateSourceLocale,
  applyLocaleToDocument,
  chooseLocale,
  isAppLocale,
  preferredLocale,
} from './runtime';
export { LanguageSelect } from './language-select';
export { LanguageFollowsAccount } from './language-follows-account';
export { chartAxes, useRtl } from './use-rtl';
export { part, richMessage, withParts } from './rich-text';
export { coreTextInReaderLanguage } from './core-text';
