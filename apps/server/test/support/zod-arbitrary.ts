import fc from 'fast-check';
import { ID_PATTERN } from '@focusroom/core';

/**
 * fast-check arbitraries from the routes' zod (v4) schemas, for the route fuzzer: `validShaped`
 * walks a schema's definition (`_zod.def`) and builds values of its shape (right types, lengths,
 * ranges, patterns, enums), and `hostileValue` / `hostileString` are what a hostile client sends
 * instead. Valid-shaped values are not always valid (refinements are not inverted): they only
 * have to get past the type checks often enough to reach the handlers.
 */

interface ZodLike {
  _zod: { def: ZodDef };
}

interface ZodDef {
  type: string;
  checks?: ZodLike[];
  shape?: Record<string, ZodLike>;
  catchall?: ZodLike;
  element?: ZodLike;
  innerType?: ZodLike;
  in?: ZodLike;
  out?: ZodLike;
  options?: ZodLike[];
  keyType?: ZodLike;
  valueType?: ZodLike;
  entries?: Record<string, string | number>;
  values?: unknown[];
  format?: string;
  pattern?: RegExp;
  coerce?: boolean;
  getter?: () => ZodLike;
  // the check fields
  check?: string;
  value?: number;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
}

export function isZodSchema(value: unknown): value is ZodLike {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

function defOf(schema: ZodLike): ZodDef {
  return schema._zod.def;
}

/** Ids the fuzzer knows to exist (the signed-in user's own rows and some of others'). */
export interface IdPool {
  ids(): string[];
  /** The ids that fit one path parameter of one route (a playlist's for /playlists/:id). */
  paramIds?(url: string, param: string): string[];
}

/** Values that reach deeper than random text for fields known by name. */
const TINY_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const NAMED: Record<string, fc.Arbitrary<unknown>> = {
  time_zone: fc.constantFrom(
    'UTC',
    'Europe/Paris',
    'America/New_York',
    'Asia/Kolkata',
    'Etc/GMT+12',
  ),
  tz: fc.constantFrom('UTC', 'Europe/Paris', 'Pacific/Kiritimati', 'Etc/GMT-14', 'Asia/Calcutta'),
  // Sessions: instants an hour apart or so, so the span rules pass about half the time.
  start_time: fc
    .integer({ min: Date.UTC(2031, 2, 1), max: Date.UTC(2031, 2, 1, 2) })
    .map((ms) => new Date(ms).toISOString()),
  end_time: fc
    .integer({ min: Date.UTC(2031, 2, 1, 1), max: Date.UTC(2031, 2, 1, 3) })
    .map((ms) => new Date(ms).toISOString()),
  image_url: fc.constantFrom(
    null,
    'https://example.com/a.png',
    TINY_PNG,
    'data:image/png;base64,AAAA',
    'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
    '/uploads/0000000000000000000000000000000000000000000000000000000000000000.webp',
  ),
  background_url: fc.constantFrom(null, 'https://example.com/b.jpg', '/uploads/x.webp', TINY_PNG),
  url: fc.constantFrom(
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ',
    'dQw4w9WgXcQ',
    'http://example.com/a.mp3',
    'javascript:alert(1)',
  ),
  artwork: fc.constantFrom('', 'https://i.ytimg.com/vi/x/default.jpg', null),
  source: fc.constantFrom('youtube', 'audio', 'other', null),
  email: fc.oneof(fc.emailAddress(), fc.constant('Mixed.Case@Example.COM')),
  login: fc.oneof(fc.emailAddress(), fc.stringMatching(/^[a-z0-9_.-]{3,30}$/)),
  username: fc.stringMatching(/^[a-z0-9_.-]{3,30}$/),
  next: fc.constantFrom('/', '/profile', '//evil.example', 'https://evil.example/', '/\\evil'),
  provider: fc.constantFrom('google', 'github', 'oidc', 'facebook'),
  intent: fc.constantFrom('signin', 'connect', 'login'),
};

interface Bounds {
  min?: number;
  max?: number;
  minInclusive: boolean;
  maxInclusive: boolean;
  int: boolean;
  minLength?: number;
  maxLength?: number;
  patterns: RegExp[];
}

function boundsOf(def: ZodDef): Bounds {
  const bounds: Bounds = { minInclusive: true, maxInclusive: true, int: false, patterns: [] };
  for (const check of def.checks ?? []) {
    const c = defOf(check);
    switch (c.check) {
      case 'greater_than':
        bounds.min = c.value;
        bounds.minInclusive = c.inclusive ?? true;
        break;
      case 'less_than':
        bounds.max = c.value;
        bounds.maxInclusive = c.inclusive ?? true;
        break;
      case 'number_format':
        if (c.format === 'safeint' || c.format === 'int32' || c.format === 'uint32') {
          bounds.int = true;
        }
        break;
      case 'min_length':
        bounds.minLength = c.minimum;
        break;
      case 'max_length':
        bounds.maxLength = c.maximum;
        break;
      case 'length_equals':
        bounds.minLength = c.value;
        bounds.maxLength = c.value;
        break;
      case 'string_format':
        if (c.format === 'regex' && c.pattern) bounds.patterns.push(c.pattern);
        break;
    }
  }
  return bounds;
}

const ISO_INSTANT = fc
  .date({
    min: new Date('1970-01-01T00:00:00Z'),
    max: new Date('9999-12-30T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString());
/** Instants near the test clock, so sessions land in the statistics' windows. */
const RECENT_INSTANT = fc
  .integer({ min: Date.UTC(2031, 0, 1), max: Date.UTC(2031, 3, 1) })
  .map((ms) => new Date(ms).toISOString());

function stringArbitrary(def: ZodDef, pool: IdPool | undefined): fc.Arbitrary<unknown> {
  const bounds = boundsOf(def);
  if (def.format === 'email') return fc.emailAddress();
  if (def.format === 'datetime') return fc.oneof(RECENT_INSTANT, ISO_INSTANT);
  if (def.format === 'url') return fc.webUrl();
  if (def.format === 'regex' && def.pattern) bounds.patterns.push(def.pattern);
  const pattern = bounds.patterns[0];
  if (pattern) {
    const matching = fc.stringMatching(pattern);
    if (pattern.source === ID_PATTERN.source && pool) {
      return fc.oneof(fc.constantFrom(...pool.ids()), matching);
    }
    return matching;
  }
  const minLength = bounds.minLength ?? 0;
  const maxLength = Math.min(bounds.maxLength ?? 40, Math.max(minLength, 40));
  const text = fc.string({ minLength, maxLength });
  if (bounds.maxLength !== undefined && bounds.maxLength > 40) {
    // Now and then exactly at the limit, and one over it.
    return fc.oneof(
      { weight: 4, arbitrary: text },
      { weight: 1, arbitrary: fc.constant('x'.repeat(bounds.maxLength)) },
      { weight: 1, arbitrary: fc.constant('é'.repeat(bounds.maxLength + 1)) },
    );
  }
  // Free-form strings (any-string id params, say) are often one of the known ids.
  if (pool && bounds.maxLength === undefined) {
    return fc.oneof(fc.constantFrom(...pool.ids()), text);
  }
  return text;
}

function numberArbitrary(def: ZodDef): fc.Arbitrary<unknown> {
  const bounds = boundsOf(def);
  const min = bounds.min ?? -1e6;
  const max = bounds.max ?? 1e6;
  const edges = [min, max, bounds.minInclusive ? min : min + 1, max - 1, min - 1, max + 1, 0];
  if (bounds.int) {
    return fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) },
      { weight: 1, arbitrary: fc.constantFrom(...edges) },
    );
  }
  return fc.oneof(
    { weight: 4, arbitrary: fc.double({ min, max, noNaN: true, noDefaultInfinity: true }) },
    { weight: 1, arbitrary: fc.constantFrom(...edges, min + 0.5, max - 0.5) },
  );
}

function isOptional(schema: ZodLike): boolean {
  const type = defOf(schema).type;
  return type === 'optional' || type === 'default' || type === 'prefault';
}

/** Values of the schema's shape; `pool` lends real ids to id-shaped strings. */
export function validShaped(
  schema: ZodLike,
  pool?: IdPool,
  key?: string,
  depth = 0,
): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const named = key ? NAMED[key] : undefined;
  if (named && ['string', 'enum', 'nullable', 'optional', 'pipe'].includes(def.type)) {
    return fc.oneof({ weight: 3, arbitrary: named }, { weight: 1, arbitrary: inner() });
  }
  return inner();

  function inner(): fc.Arbitrary<unknown> {
    if (depth > 12) return fc.constant(null);
    switch (def.type) {
      case 'string':
        return stringArbitrary(def, pool);
      case 'number':
        return def.coerce ? numberArbitrary(def).map(String) : numberArbitrary(def);
      case 'bigint':
        return fc.bigInt().map(String);
      case 'boolean':
        return def.coerce ? fc.constantFrom('true', 'false') : fc.boolean();
      case 'enum':
        return fc.constantFrom(...Object.values(def.entries ?? {}));
      case 'literal':
        return fc.constantFrom(...(def.values ?? [null]));
      case 'null':
        return fc.constant(null);
      case 'undefined':
      case 'void':
        return fc.constant(undefined);
      case 'unknown':
      case 'any':
        return fc.jsonValue({ maxDepth: 2 });
      case 'object': {
        const shape = def.shape ?? {};
        const entries = Object.entries(shape);
        const model: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [name, field] of entries)
          model[name] = validShaped(field, pool, name, depth + 1);
        const requiredKeys = entries
          .filter(([, field]) => !isOptional(field))
          .map(([name]) => name);
        return fc.record(model, { requiredKeys });
      }
      case 'array': {
        const bounds = boundsOf(def);
        const minLength = bounds.minLength ?? 0;
        return fc.array(validShaped(def.element as ZodLike, pool, key, depth + 1), {
          minLength,
          maxLength: Math.min(bounds.maxLength ?? 5, Math.max(minLength, 5)),
        });
      }
      case 'record':
        return fc.dictionary(
          fc.string({ maxLength: 10 }),
          validShaped(def.valueType as ZodLike, pool, undefined, depth + 1),
          { maxKeys: 3 },
        );
      case 'optional':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'readonly':
      case 'catch':
        return validShaped(def.innerType as ZodLike, pool, key, depth + 1);
      case 'nullable':
        return fc.oneof(
          { weight: 4, arbitrary: validShaped(def.innerType as ZodLike, pool, key, depth + 1) },
          { weight: 1, arbitrary: fc.constant(null) },
        );
      case 'pipe':
        return validShaped(def.in as ZodLike, pool, key, depth + 1);
      case 'union':
        return fc.oneof(...(def.options ?? []).map((o) => validShaped(o, pool, key, depth + 1)));
      case 'lazy':
        return validShaped((def.getter as () => ZodLike)(), pool, key, depth + 1);
      case 'transform':
        return fc.oneof(fc.string(), fc.integer());
      default:
        throw new Error(`zod-arbitrary: no arbitrary for zod type "${def.type}"`);
    }
  }
}

/** The field names of an object schema (through optional, pipe, ...), or none. */
export function objectKeys(schema: unknown): string[] {
  if (!isZodSchema(schema)) return [];
  const def = defOf(schema);
  if (def.type === 'object') return Object.keys(def.shape ?? {});
  if (def.innerType) return objectKeys(def.innerType);
  if (def.type === 'pipe') return objectKeys(def.in);
  return [];
}

const BIG = 'x'.repeat(100_000);

/** Strings a hostile client sends: control characters, odd unicode, injection, huge, number-ish. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '\uD800',
      '\uDFFF\uD800',
      '\uFEFF',
      '\u202Egnp.exe',
      '\u200B\u200D',
      'é\u0301',
      '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
      '😀'.repeat(50),
      '\r\n\r\nX-Injected: 1',
      '<script>alert(1)</script>',
      "' OR '1'='1",
      '1; DROP TABLE users --',
      '%',
      '_',
      '\\',
      '%_%',
      '../../../../etc/passwd',
      '..',
      '.',
      '%2e%2e%2f',
      '__proto__',
      'constructor',
      'prototype',
      'NaN',
      'Infinity',
      '-Infinity',
      '1e999',
      '-1e999',
      '0x1F',
      '1_000',
      ' 12 ',
      '-0',
      '+1',
      '1e-7',
      '9007199254740993',
      '-9223372036854775809',
      'null',
      'undefined',
      'true',
      '[]',
      '{}',
      '0000-00-00T00:00:00Z',
      '2024-02-30T00:00:00Z',
      '+275760-09-13T00:00:00.000Z',
      '9999-12-31T23:59:59.999Z',
      '1969-12-31T23:59:59.999Z',
      '2031-03-03T09:00:00.000+25:00',
      'Etc/GMT+13',
      'EST5EDT,M3.2.0,M11.1.0',
      'UTC+99',
      '00000000-0000-0000-0000-000000000000',
      'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
      'e4b0c7d2-267a-4c46-860a-e6c48cc0d4e0',
      'x'.repeat(257),
      'x'.repeat(5_000),
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(BIG, 'é'.repeat(30_000), '\u0000'.repeat(1000)) },
);

/** Numbers at the edges of what JSON and the engines hold. */
export const edgeNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    0.5,
    1.5,
    -1.5,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31) - 1,
    2 ** 32,
    2 ** 53,
    Number.MAX_SAFE_INTEGER,
    Number.MIN_SAFE_INTEGER,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.MIN_VALUE,
    1e21,
    1e-7,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Any JSON-able value of the wrong kind for most fields. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: edgeNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constant([]) },
  { weight: 1, arbitrary: fc.constant({}) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 4 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      Array.from({ length: 2000 }, (_, i) => i),
      Array.from({ length: 600 }, () => ({ title: 't', url: 'https://example.com/a' })),
    ),
  },
);
