import fc from 'fast-check';
import {
  hostileString,
  hostileValue,
  isZodSchema,
  objectKeys,
  validShaped,
  type IdPool,
} from './zod-arbitrary.js';
import type { CapturedRoute } from './route-capture.js';

/** One generated request: everything raw, so bodies and URLs can be as broken as a client's. */
export interface FuzzRequest {
  url: string;
  body?: string;
  contentType?: string;
  /** Which credentials: the route's own role, none, or a broken token. */
  auth: 'role' | 'none' | 'garbage';
}

/**
 * Percent-encodes every byte outside the unreserved set (lone surrogates become U+FFFD, as a
 * browser would send them), where encodeURIComponent would throw.
 */
export function encodePart(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(ch)
      ? ch
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];

/** Field names every body gets tried with besides its own. */
const JUNK_KEYS = [...PROTO_KEYS, 'id', 'user_id', 'is_admin', 'role', 'is_verified', ''];

const RAW_BODIES = fc.constantFrom(
  '',
  ' ',
  '{',
  '{"a":',
  '}',
  '[',
  'null',
  'true',
  '0',
  '"text"',
  '{"a":1,"a":2}',
  "{'single':'quotes'}",
  '{"a":NaN}',
  '{"a":Infinity}',
  '\u0000',
  '{"\\u0000":1}',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '\uFEFF{}',
  '{"__proto__":{"isAdmin":true,"is_admin":true,"role":"admin"}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '['.repeat(5_000) + ']'.repeat(5_000),
  '['.repeat(100_000) + ']'.repeat(100_000),
  '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000),
  '{"a":1e999}',
  '{"a":-1e999}',
  '1e999',
  `"${'x'.repeat(200_000)}"`,
);

const CONTENT_TYPES = fc.oneof(
  { weight: 20, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      undefined,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'application/merge-patch+json',
      'application/JSON',
      '',
      'x'.repeat(2000),
    ),
  },
);

function withProtoKey(json: string, key: string, value: unknown): string {
  const entry = `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`;
  if (json.startsWith('{}')) return `{${entry}}`;
  if (json.startsWith('{')) return `{${entry},${json.slice(1)}`;
  return json;
}

function bodyArbitrary(schema: unknown, pool: IdPool): fc.Arbitrary<string> {
  const shaped: fc.Arbitrary<unknown> = isZodSchema(schema)
    ? validShaped(schema, pool)
    : fc.constant({});
  const keys = [...objectKeys(schema), ...JUNK_KEYS];
  const valid = shaped.map((value) => JSON.stringify(value) ?? 'null');
  const mutated = fc
    .tuple(shaped, fc.constantFrom(...keys), hostileValue)
    .map(([value, key, bad]) => {
      const base =
        typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
      if (PROTO_KEYS.includes(key)) return withProtoKey(JSON.stringify(base), key, bad);
      return JSON.stringify({ ...base, [key]: bad });
    });
  const infinite = fc.tuple(shaped, fc.constantFrom(...keys)).map(([value, key]) => {
    const base = typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
    return withProtoKey(JSON.stringify(base), key, 0).replace(/:0([,}])/, ':1e999$1');
  });
  const polluted = fc
    .tuple(shaped, fc.constantFrom(...PROTO_KEYS))
    .map(([value, key]) =>
      withProtoKey(JSON.stringify(value) ?? '{}', key, { is_admin: true, role: 'admin', id: 'x' }),
    );
  const nested = fc.integer({ min: 1, max: 3_000 }).map((depth) => {
    return '{"a":'.repeat(depth) + '{}' + '}'.repeat(depth);
  });
  return fc.oneof(
    { weight: 6, arbitrary: valid },
    { weight: 8, arbitrary: mutated },
    { weight: 1, arbitrary: infinite },
    { weight: 1, arbitrary: polluted },
    { weight: 2, arbitrary: hostileValue.map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 1, arbitrary: nested },
    { weight: 2, arbitrary: RAW_BODIES },
  );
}

function asQueryValue(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? '';
}

function queryArbitrary(schema: unknown, pool: IdPool): fc.Arbitrary<string> {
  const keys = objectKeys(schema);
  const shaped = isZodSchema(schema) ? validShaped(schema, pool) : fc.constant({});
  const pairs = fc.tuple(
    shaped,
    fc.array(
      fc.tuple(
        fc.constantFrom(...keys, ...JUNK_KEYS, 'a[b]', 'x[]'),
        fc.oneof(hostileString, fc.constant('')),
      ),
      { maxLength: 3 },
    ),
    fc.boolean(),
  );
  const encoded = pairs.map(([value, extra, repeat]) => {
    const parts: string[] = [];
    const record = (typeof value === 'object' && value !== null ? value : {}) as Record<
      string,
      unknown
    >;
    for (const [key, item] of Object.entries(record)) {
      if (item === undefined) continue;
      parts.push(`${encodePart(key)}=${encodePart(asQueryValue(item))}`);
      if (repeat) parts.push(`${encodePart(key)}=${encodePart(asQueryValue(item))}`);
    }
    for (const [key, item] of extra) parts.push(`${encodePart(key)}=${encodePart(item)}`);
    return parts.length > 0 ? `?${parts.join('&')}` : '';
  });
  const raw = fc.constantFrom(
    '?',
    '?%',
    '?a=%zz',
    '?=',
    '?&&&',
    '?tz',
    `?q=${'a'.repeat(10_000)}`,
    '?%E0%A4%A',
  );
  return fc.oneof({ weight: 12, arbitrary: encoded }, { weight: 1, arbitrary: raw });
}

function paramArbitrary(
  url: string,
  name: string,
  schema: unknown,
  pool: IdPool,
): fc.Arbitrary<string> {
  const fitting = pool.paramIds?.(url, name) ?? [];
  const known =
    fitting.length > 0
      ? fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...fitting) },
          { weight: 1, arbitrary: fc.constantFrom(...pool.ids()) },
        )
      : fc.constantFrom(...pool.ids());
  const field = isZodSchema(schema)
    ? (schema._zod.def as { shape?: Record<string, unknown> }).shape?.[name]
    : undefined;
  const shaped = isZodSchema(field) ? validShaped(field, pool, name).map(asQueryValue) : known;
  const encoded = fc
    .oneof(
      { weight: 5, arbitrary: known },
      { weight: 3, arbitrary: shaped },
      { weight: 4, arbitrary: hostileString },
    )
    .map((value) => encodePart(value).slice(0, 12_000));
  const raw = fc.constantFrom(
    '%',
    '%zz',
    '%E0%A4%A',
    '..',
    '.',
    '%2e%2e',
    'a%2fb',
    'x'.repeat(5_000),
  );
  return fc.oneof({ weight: 12, arbitrary: encoded }, { weight: 1, arbitrary: raw });
}

/** Requests for one route: its path parameters, query and body, each valid-shaped or hostile. */
export function requestArbitrary(route: CapturedRoute, pool: IdPool): fc.Arbitrary<FuzzRequest> {
  const segments = route.url.split('/');
  const paramParts = segments.map((segment) => {
    if (segment.startsWith(':')) {
      return paramArbitrary(route.url, segment.slice(1), route.schema.params, pool);
    }
    if (segment === '*') return paramArbitrary(route.url, '*', route.schema.params, pool);
    return fc.constant(segment);
  });
  const path = fc.tuple(...paramParts).map((parts) => parts.join('/'));
  const query = route.schema.querystring
    ? queryArbitrary(route.schema.querystring, pool)
    : fc.oneof(
        { weight: 5, arbitrary: fc.constant('') },
        { weight: 1, arbitrary: queryArbitrary(undefined, pool) },
      );
  const hasBody = route.method !== 'GET';
  const body = hasBody
    ? route.schema.body
      ? bodyArbitrary(route.schema.body, pool).map((text) => text as string | undefined)
      : fc.oneof(
          { weight: 4, arbitrary: fc.constant(undefined) },
          { weight: 1, arbitrary: bodyArbitrary(undefined, pool) },
        )
    : fc.constant(undefined);
  const auth = fc.oneof(
    { weight: 38, arbitrary: fc.constant('role' as const) },
    { weight: 1, arbitrary: fc.constant('none' as const) },
    { weight: 1, arbitrary: fc.constant('garbage' as const) },
  );
  return fc.tuple(path, query, body, CONTENT_TYPES, auth).map(([p, q, b, contentType, who]) => ({
    url: p + q,
    ...(b === undefined ? {} : { body: b, contentType }),
    auth: who,
  }));
}
