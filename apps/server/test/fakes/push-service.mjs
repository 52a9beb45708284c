// A local stand-in for a Web Push service (FCM, Mozilla's autopush, Apple's): it takes what the
// server sends to a subscription's endpoint (RFC 8030) and keeps it, so a test can read it back
// and decrypt it with the browser's keys it made (RFC 8291, aes128gcm). Plain ESM JavaScript so
// vitest, the e2e server starter and the e2e tests can all import it.
import crypto from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** The content coding web-push itself uses (its dependency), here to undo it. */
const ece = require('http_ece');

/**
 * @typedef {{ name: string, contentEncoding: string | undefined, ttl: string | undefined,
 *   urgency: string | undefined, authorization: string | undefined, body: string,
 *   receivedAt: number }} FakePush
 *   body is base64; receivedAt is Date.now() when it arrived.
 * @typedef {{ endpoint: string, keys: { p256dh: string, auth: string },
 *   ecdh: crypto.ECDH, authSecret: Buffer }} FakeBrowserKeys
 */

/** Endpoint names starting with this answer 410 Gone (an expired subscription). */
export const GONE_PREFIX = 'gone-';
/** Endpoint names starting with this answer 500 (the push service is having trouble). */
export const FAILING_PREFIX = 'failing-';
/** Endpoint names starting with this answer 403 (what Apple answers to a VAPID it refuses). */
export const REFUSING_PREFIX = 'refusing-';

/**
 * Starts the fake on `port` (0: any free port).
 * - POST /push/:name stores the message and answers 201 (410 for `gone-…`, 500 for `failing-…`);
 * - GET /received/:name answers the messages stored for `name` as JSON (FakePush[]);
 * - DELETE /received/:name forgets them.
 * @param {{ port?: number }} [options]
 */
export async function startFakePushService(options = {}) {
  /** @type {FakePush[]} */
  const received = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const [, area, name] = url.pathname.split('/');
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      if (area === 'push' && request.method === 'POST' && name) {
        received.push({
          name,
          contentEncoding: header(request, 'content-encoding'),
          ttl: header(request, 'ttl'),
          urgency: header(request, 'urgency'),
          authorization: header(request, 'authorization'),
          body: Buffer.concat(chunks).toString('base64'),
          receivedAt: Date.now(),
        });
        const status = name.startsWith(GONE_PREFIX)
          ? 410
          : name.startsWith(FAILING_PREFIX)
            ? 500
            : name.startsWith(REFUSING_PREFIX)
              ? 403
              : 201;
        response.writeHead(status).end();
        return;
      }
      if (area === 'received' && name && request.method === 'GET') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(received.filter((push) => push.name === name)));
        return;
      }
      if (area === 'received' && name && request.method === 'DELETE') {
        for (let i = received.length - 1; i >= 0; i -= 1) {
          if (received[i].name === name) received.splice(i, 1);
        }
        response.writeHead(204).end();
        return;
      }
      response.writeHead(404).end();
    });
  });
  await new Promise((resolve) =>
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve(undefined)),
  );
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const origin = `http://127.0.0.1:${address.port}`;
  return {
    origin,
    /** The endpoint a fake browser subscribed as `name` gets. */
    endpointFor: (/** @type {string} */ name) => `${origin}/push/${name}`,
    /** What was sent to `name` so far, oldest first. */
    received: (/** @type {string} */ name) => received.filter((push) => push.name === name),
    clear: () => received.splice(0, received.length),
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

/**
 * What a browser makes when it subscribes: a P-256 key pair and a 16-byte auth secret, with the
 * public parts as PushSubscription.toJSON() gives them.
 * @param {string} endpoint
 * @returns {FakeBrowserKeys}
 */
export function fakeBrowserKeys(endpoint) {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = crypto.randomBytes(16);
  return {
    endpoint,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: authSecret.toString('base64url'),
    },
    ecdh,
    authSecret,
  };
}

/**
 * Decrypts a stored push (aes128gcm) as the browser would, and parses its JSON.
 * @param {FakePush} push
 * @param {FakeBrowserKeys} browser
 */
export function decryptPush(push, browser) {
  if (push.contentEncoding !== 'aes128gcm')
    throw new Error(`unexpected coding ${push.contentEncoding}`);
  const plain = ece.decrypt(Buffer.from(push.body, 'base64'), {
    version: 'aes128gcm',
    privateKey: browser.ecdh,
    authSecret: browser.authSecret,
  });
  return JSON.parse(plain.toString('utf8'));
}

/**
 * Checks a stored push's VAPID signature (RFC 8292) as a push service does: `vapid t=<JWT>,
 * k=<public key>`, an ES256 JWT signed by that key, for `audience` (the endpoint's origin),
 * expiring within 24 hours of `now`, with a mailto: or https: subject. Answers the claims, or
 * throws saying what is wrong.
 * @param {FakePush} push
 * @param {string} audience
 * @param {number} [now]
 */
export function verifyVapid(push, audience, now = Date.now()) {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(push.authorization ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${push.authorization}`);
  const [, head, body, signature, key] = match;
  const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
  if (header.alg !== 'ES256') throw new Error(`VAPID alg ${header.alg}`);
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4)
    throw new Error('VAPID key is no uncompressed P-256 point');
  const publicKey = crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  if (claims.aud !== audience) throw new Error(`VAPID audience ${claims.aud}, not ${audience}`);
  const seconds = now / 1000;
  if (!(claims.exp > seconds && claims.exp <= seconds + 24 * 3600)) {
    throw new Error(`VAPID expiry ${claims.exp} not within 24 h of ${Math.floor(seconds)}`);
  }
  if (!/^(mailto:|https:\/\/)/.test(claims.sub ?? ''))
    throw new Error(`VAPID subject ${claims.sub}`);
  return { ...claims, key };
}

function header(request, name) {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
