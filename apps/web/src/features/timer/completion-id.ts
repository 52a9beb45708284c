import type { Completion } from '@focusroom/core';

/**
 * A client_id derived from the finished phase itself rather than drawn at random: two tabs that
 * both see the same pomodoro end, or a tab that records it and a reload that finds it again,
 * produce the same id, and the server's client_id idempotency (product §7) keeps one session.
 * The shape is the plain 8-4-4-4-12 hex the server validates, marked as version 8 (custom).
 */
export function completionClientId(completion: Completion): string {
  const key = `focusroom:${completion.finishedType}:${completion.startedAt}:${completion.endedAt}`;
  const [a, b, c, d] = hash128(key);
  const hex = [a, b, c, d].map((n) => n.toString(16).padStart(8, '0')).join('');
  const version = `8${hex.slice(13, 16)}`;
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16) + hex.slice(17, 20);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${version}-${variant}-${hex.slice(20, 32)}`;
}

/** cyrb128: four independent 32-bit mixes of the string; not cryptographic, just well spread. */
function hash128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}
