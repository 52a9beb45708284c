import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * Revalidation of answers the web app refreshes every 60 s (decision 040): an `ETag` derived
 * from a version the server reads first, and a 304 with no body while the caller's
 * `If-None-Match` still names it. Answers stay `Cache-Control: no-store`: the app keeps the data
 * in memory and sends the tag itself.
 */

/**
 * A weak ETag for `key` in `namespace` (which carries the answer's format number: raise it when
 * the answer's fields change, so a tag kept from before never matches again). Hashed so that no
 * user id or other key part shows in the header; 128 bits of SHA-256, so two keys never share a
 * tag in practice. Weak, because the body behind a key is not fixed byte for byte.
 */
export function weakTag(namespace: string, key: string): string {
  const digest = createHash('sha256').update(`${namespace} ${key}`).digest();
  return `W/"${digest.subarray(0, 16).toString('base64url')}"`;
}

/**
 * Whether an If-None-Match value names `tag` (RFC 9110 §13.1.2: a list of tags compared weakly,
 * or `*`). Anything unreadable simply does not match, so the answer is a full 200.
 */
export function ifNoneMatchIncludes(header: string | undefined, tag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const opaque = tag.startsWith('W/') ? tag.slice(2) : tag;
  // One scan before any split: a long junk header costs a pass, not an array of pieces.
  if (!header.includes(opaque)) return false;
  return header.split(',').some((entry) => {
    const candidate = entry.trim();
    return (candidate.startsWith('W/') ? candidate.slice(2) : candidate) === opaque;
  });
}

/** The request headers of a revalidating route: If-None-Match (any text; no match is a 200). */
export function ifNoneMatchHeaders(what: string) {
  return z.looseObject({
    'if-none-match': z
      .string()
      .optional()
      .describe(`The \`ETag\` of the ${what} you hold; a 304 answers when it is still current`),
  });
}

/** The 304 of a revalidating route's schema: no body. */
export function notModifiedSchema(what: string) {
  return z.null().describe(`Not modified: your copy of the ${what} is current`);
}

/** 304: headers only. Nothing goes through the serializer, so no Content-Length of "null". */
export function sendNotModified(reply: FastifyReply) {
  return reply.code(304).send();
}
