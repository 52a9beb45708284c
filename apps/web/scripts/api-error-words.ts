/**
 * Writes src/i18n/api-error-words.ts from core's API_ERROR_TEXTS (decision 075): one web message
 * per error code, with core's English, so the catalogs carry each in every language. Run after a
 * code or its English changes (`npm run i18n:api-errors -w @focusroom/web`, then i18n:extract);
 * src/i18n/api-error-words.test.ts fails while the file and core disagree.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_ERROR_TEXTS } from '@focusroom/core';

const target = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../src/i18n/api-error-words.ts',
);

const lines = Object.entries(API_ERROR_TEXTS).map(
  ([code, text]) => `  ${JSON.stringify(code)}: msg({ message: ${JSON.stringify(text)} }),`,
);

const source = `// Written by scripts/api-error-words.ts from core's API_ERROR_TEXTS: do not edit by hand.
import type { ApiErrorCode } from '@focusroom/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The API's error answers by code, as the web's messages with core's English (decision 075). The
 * 429's sentences take the count the answer's \`params\` give.
 */
export const API_ERROR_WORDS: Readonly<Record<ApiErrorCode, MessageDescriptor>> = {
${lines.join('\n')}
  'http.retryInSeconds': msg({
    message:
      '{count, plural, one {Too many attempts. Try again in # second.} other {Too many attempts. Try again in # seconds.}}',
  }),
  'http.retryInMinutes': msg({
    message:
      '{count, plural, one {Too many attempts. Try again in # minute.} other {Too many attempts. Try again in # minutes.}}',
  }),
};
`;

fs.writeFileSync(target, source);
console.log(`wrote ${path.relative(process.cwd(), target)}: ${lines.length + 2} codes`);
