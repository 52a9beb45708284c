import type { Messages } from '@lingui/core';

/**
 * Each language's catalog as its own lazy chunk, compiled from its PO file at build time
 * (@lingui/vite-plugin): a language loads only when it is chosen. English has none (its words
 * are in the code, docs/decisions/076).
 */
const CATALOGS = import.meta.glob<{ messages: Messages }>([
  './locales/*/messages.po',
  '!./locales/en/messages.po',
]);

export async function loadCatalog(locale: string): Promise<Messages> {
  const load = CATALOGS[`./locales/${locale}/messages.po`];
  if (!load) return {};
  return (await load()).messages;
}
