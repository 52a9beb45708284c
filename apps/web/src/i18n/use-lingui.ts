import { i18n, type I18n, type MessageDescriptor } from '@lingui/core';
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  return i18n.on('change', onChange);
}

function currentLocale(): string {
  return i18n.locale;
}

/** `_` of the active locale: a new function when the locale changes, so memos recompute. */
const translators = new Map<string, I18n['_']>();
function translatorFor(locale: string): I18n['_'] {
  let translate = translators.get(locale);
  if (!translate) {
    translate = ((...args: Parameters<I18n['_']>) => i18n._(...args)) as I18n['_'];
    translators.set(locale, translate);
  }
  return translate;
}

/**
 * What the `useLingui` macro calls (lingui.config.ts `runtimeConfigModule`): the component
 * renders again when the language changes. `_` takes the descriptors `msg` writes, too.
 */
export function useLingui(): { i18n: I18n; _: I18n['_']; locale: string } {
  const locale = useSyncExternalStore(subscribe, currentLocale, currentLocale);
  return { i18n, _: translatorFor(locale), locale };
}

export type { MessageDescriptor };
