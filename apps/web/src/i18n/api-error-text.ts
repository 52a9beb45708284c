import { i18n, type MessageDescriptor, type Messages } from '@lingui/core';
import { API_ERROR_WORDS } from './api-error-words';

/**
 * Each language's words for the API's errors: a catalog of their own (api-errors.po), loaded with
 * this chunk on a first error rather than with the app (decision 075). English has none.
 */
const CATALOGS = import.meta.glob<{ messages: Messages }>([
  './locales/*/api-errors.po',
  '!./locales/en/api-errors.po',
]);

/** Adds `locale`'s words for the API's errors to its catalog (Lingui merges them in). */
export async function loadApiErrorWords(locale: string): Promise<void> {
  const load = CATALOGS[`./locales/${locale}/api-errors.po`];
  if (load) i18n.load(locale, (await load()).messages);
}

/** An error answer's words in the reader's language, where its codes name them. */
export interface AnswerWords {
  message?: string;
  errors?: Record<string, string>;
}

function wordsOf(code: unknown, params: unknown): string | undefined {
  if (typeof code !== 'string' || !Object.hasOwn(API_ERROR_WORDS, code)) return undefined;
  const values = params && typeof params === 'object' ? (params as Record<string, unknown>) : {};
  // The descriptor is built apart: Lingui's extractor reads an object literal given to i18n._.
  const words: MessageDescriptor = {
    ...API_ERROR_WORDS[code as keyof typeof API_ERROR_WORDS],
    values,
  };
  return i18n._(words);
}

/**
 * The message and field errors of an error answer in the reader's language, by the answer's
 * `code`, `params` and `fieldCodes` (decision 075). A code the web does not know (a newer server)
 * leaves that text as the server wrote it, in English.
 */
export function answerInReaderLanguage(body: unknown): AnswerWords {
  if (!body || typeof body !== 'object') return {};
  const { code, params, fieldCodes, errors } = body as Record<string, unknown>;
  const words: AnswerWords = {};
  const message = wordsOf(code, params);
  if (message !== undefined) words.message = message;
  if (errors && typeof errors === 'object' && fieldCodes && typeof fieldCodes === 'object') {
    const translated: Record<string, string> = {};
    for (const [field, text] of Object.entries(errors as Record<string, unknown>)) {
      if (typeof text !== 'string') continue;
      translated[field] = wordsOf((fieldCodes as Record<string, unknown>)[field], {}) ?? text;
    }
    words.errors = translated;
  }
  return words;
}
