import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorCodeProblems } from './error-codes.js';

/** What an answer of ours looks like to the checks: status, headers and body text. */
export interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** A V8 stack frame: "    at fn (/path/file.ts:12:34)" or "at /path/file.js:1:2". */
const STACK_FRAME = /\n\s+at \S.*:\d+:\d+|\((?:file:\/\/)?\/[^\s()]+:\d+:\d+\)|node:internal\//;
const ERROR_NAMES =
  /\b(?:TypeError|RangeError|ReferenceError|SyntaxError|SqliteError|DatabaseError|ZodError)\b/;

/** Texts only a database engine or a driver writes. */
const SQL_TEXT = [
  /\bSQLITE_[A-Z_]+/,
  /\bsyntax error at or near\b/i,
  /\bviolates (?:not-null|foreign key|unique|check) constraint\b/i,
  /\bduplicate key value\b/i,
  /\b(?:UNIQUE|FOREIGN KEY|NOT NULL|CHECK) constraint failed\b/,
  /\bno such (?:table|column)\b/i,
  /\brelation "[^"]*" does not exist\b/i,
  /\bcolumn "[^"]*" (?:does not exist|of relation)\b/i,
  /\binvalid input syntax for\b/i,
  /\bout of range for type\b/i,
  /\bvalue too long for type\b/i,
  /\binvalid byte sequence\b/i,
  // Statements as Kysely writes them: quoted identifiers.
  /\bselect\s[^\n]{0,300}\sfrom\s+"[a-z_]+"/i,
  /\bupdate\s+"[a-z_]+"\s+set\b/i,
  /\bdelete\s+from\s+"?[a-z_]+"?/i,
  /\binsert\s+into\s+"?[a-z_]+"?/i,
];

/** Paths of this machine: the repository, node_modules, the temp folder, a home. */
function pathTexts(extra: string[]): RegExp[] {
  const literal = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return [
    literal(REPO_ROOT),
    literal(os.tmpdir() + '/'),
    /node_modules\//,
    /\/home\/[a-z]/,
    /\b[\w-]+\.(?:ts|mjs|cjs|js):\d+/,
    ...extra.map(literal),
  ];
}

/**
 * Every problem of one answer (empty when it is fine): a 5xx; a stack trace, engine or SQL text
 * or a file path anywhere in it (SQL only in refusals, since a 2xx may echo what was sent); on a
 * 4xx anything but product §7's `{ message, code, errors? }` (JSON, a message, errors mapping
 * field -> message, codes as error-codes.ts checks them), and a 429 without Retry-After.
 */
export function answerProblems(answer: Answer, secretPaths: string[] = []): string[] {
  const problems: string[] = [];
  const { statusCode, body } = answer;
  if (statusCode >= 500) problems.push(`answered ${statusCode}`);
  const headerText = Object.entries(answer.headers)
    .map(([name, value]) => `${name}: ${String(value)}`)
    .join('\n');
  for (const [where, text] of [
    ['body', body],
    ['headers', headerText],
  ] as const) {
    if (STACK_FRAME.test(text)) problems.push(`a stack frame in the ${where}`);
    if (statusCode >= 400 && ERROR_NAMES.test(text))
      problems.push(`an error class in the ${where}`);
    for (const pattern of pathTexts(secretPaths)) {
      if (pattern.test(text)) problems.push(`a file path (${pattern}) in the ${where}`);
    }
    if (statusCode >= 300) {
      // Quotes inside a JSON string arrive escaped.
      const unescaped = text.replace(/\\"/g, '"');
      for (const pattern of SQL_TEXT) {
        if (pattern.test(unescaped)) problems.push(`database text (${pattern}) in the ${where}`);
      }
    }
  }
  if (statusCode >= 400 && statusCode < 500) problems.push(...errorShapeProblems(answer));
  return problems;
}

function errorShapeProblems(answer: Answer): string[] {
  const type = String(answer.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) return [`a ${answer.statusCode} as "${type}"`];
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    return [`a ${answer.statusCode} whose body is not JSON`];
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return [`a ${answer.statusCode} whose body is not an object`];
  }
  const { message, errors } = parsed as Record<string, unknown>;
  const problems: string[] = [];
  if (typeof message !== 'string' || message.trim() === '') problems.push('no message');
  problems.push(...errorCodeProblems(answer.statusCode, parsed as Record<string, unknown>));
  if (errors !== undefined) {
    const ok =
      typeof errors === 'object' &&
      errors !== null &&
      !Array.isArray(errors) &&
      Object.values(errors).every((item) => typeof item === 'string');
    if (!ok) problems.push('errors that are not field -> message');
  }
  if (answer.statusCode === 429 && answer.headers['retry-after'] === undefined) {
    problems.push('a 429 without Retry-After');
  }
  return problems;
}
