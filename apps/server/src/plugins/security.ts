import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The app's Content-Security-Policy: scripts from our origin and never inline, plus the two
 * hosts the YouTube IFrame Player API loads its script from (the music player loads it on
 * demand, decision 016); styles may be inline because Mantine injects them at run time; YouTube
 * frames for the player.
 */
export const YOUTUBE_SCRIPT_HOSTS = ['https://www.youtube.com', 'https://s.ytimg.com'];

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", ...YOUTUBE_SCRIPT_HOSTS],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:', 'https:'],
  frameSrc: ['https://www.youtube.com', 'https://www.youtube-nocookie.com'],
  workerSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  scriptSrcAttr: null,
  upgradeInsecureRequests: null,
};

/**
 * Paths whose URL or answer carries a secret token: never leak it in a Referer. /oauth-callback
 * carries the sign-in's token, code and state in its query.
 */
const NO_REFERRER_PATHS = [
  /^\/api\/auth(\/|$)/,
  /^\/reset-password(\/|$)/,
  /^\/verify-email(\/|$)/,
  /^\/+oauth-callback(\/|$)/i,
];

/** Options for Helmet: the policy above, and nothing that depends on the request. */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // Cross-origin isolation would block YouTube embeds and remote artwork.
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-origin' },
  hsts: false,
};

/**
 * The headers Helmet sets with our options, by lower-case name. Our policy has no per-request
 * part (no nonce), so Helmet runs once against a recording response instead of on every request
 * (decision 009). Throws for a policy that depends on the request (a directive computed per
 * request, such as a nonce) and if Helmet failed or did not finish at once.
 */
export function helmetHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const csp = options.contentSecurityPolicy;
  const directives = typeof csp === 'object' ? Object.values(csp.directives ?? {}) : [];
  if (
    directives.some((value) => Array.isArray(value) && value.some((v) => typeof v === 'function'))
  ) {
    throw new Error('A per-request CSP directive needs Helmet to run on every request');
  }
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    finished = true;
  });
  if (!finished) throw new Error('Helmet did not set its headers synchronously');
  return headers;
}

/** Whether answers under `path` must send no Referer at all (see NO_REFERRER_PATHS). */
function hidesReferrer(path: string): boolean {
  return NO_REFERRER_PATHS.some((pattern) => pattern.test(path));
}

export function registerSecurity(app: FastifyInstance): void {
  const page = helmetHeaders();
  // API answers hold tokens and personal data: no shared or browser cache keeps them unless a
  // route says otherwise (a route's own cache-control, set later, replaces this one).
  const api = { ...page, 'cache-control': 'no-store' };

  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const isApi = path.startsWith('/api/') && !path.startsWith('/api/docs');
    void reply.headers(isApi ? api : page);
    if (hidesReferrer(path)) void reply.header('referrer-policy', 'no-referrer');
    done();
  });
}
