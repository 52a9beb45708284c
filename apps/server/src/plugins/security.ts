import { EMAIL_LINK_PAGE_LIST, HTTP_MESSAGES, SHARED_PATHS } from '@focusroom/core';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import diagnostics from 'node:diagnostics_channel';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorBody } from '../lib/http-errors.js';

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
  // Every page a mailed link opens (core's EMAIL_LINK_PAGES): the token is in its path.
  ...EMAIL_LINK_PAGE_LIST.map((page) => new RegExp(`^${page}(/|$)`)),
  new RegExp(`^/+${SHARED_PATHS.oauthCallback.slice(1)}(/|$)`, 'i'),
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

type HeaderSet = Readonly<Record<string, string>>;

/** The four sets an answer can need, built once: page or API, Referer kept or hidden. */
function buildHeaderSets() {
  const page: HeaderSet = helmetHeaders();
  // API answers hold tokens and personal data: no shared or browser cache keeps them unless a
  // route says otherwise (a route's own cache-control, set later, replaces this one).
  const api: HeaderSet = { ...page, 'cache-control': 'no-store' };
  const hidden = { 'referrer-policy': 'no-referrer' };
  return {
    page,
    api,
    pageHidden: { ...page, ...hidden } as HeaderSet,
    apiHidden: { ...api, ...hidden } as HeaderSet,
  };
}

let headerSets: ReturnType<typeof buildHeaderSets> | undefined;

/**
 * The security headers every answer to `url` carries, however early it is refused (decision
 * 032): Helmet's set, `no-store` under /api (not the docs), `no-referrer` where the URL or
 * answer holds a token. The same object for every call with the same kind of URL: do not
 * change it.
 */
export function securityHeadersFor(url: string): HeaderSet {
  headerSets ??= buildHeaderSets();
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  const isApi = path.startsWith('/api/') && !path.startsWith('/api/docs');
  if (hidesReferrer(path)) return isApi ? headerSets.apiHidden : headerSets.pageHidden;
  return isApi ? headerSets.api : headerSets.page;
}

const REQUEST_START = 'http.server.request.start';

interface RequestStart {
  request: IncomingMessage;
  response: ServerResponse;
  server: Server;
}

/**
 * Sets the security headers on every answer of `app`: in an onRequest hook (the first hook, so
 * no other hook's refusal comes before it; it also serves app.inject), and on a real socket
 * the moment Node creates the response, before anything can answer it: Node's own refusals
 * (no Host header, an Expect it does not know), Fastify's router errors and its 503 while
 * closing never reach a hook. Headers a route sets later replace these.
 */
export function registerSecurity(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    // On a real socket the response already has them (below); app.inject needs the hook.
    if (!reply.raw.hasHeader('x-content-type-options')) {
      void reply.headers(securityHeadersFor(request.url));
    }
    done();
  });

  const onStart = (message: unknown) => {
    const { request, response, server } = message as RequestStart;
    if (server !== app.server) return;
    const headers = securityHeadersFor(request.url ?? '/');
    for (const name in headers) response.setHeader(name, headers[name] as string);
  };
  diagnostics.subscribe(REQUEST_START, onStart);
  app.addHook('onClose', (_app, done) => {
    diagnostics.unsubscribe(REQUEST_START, onStart);
    done();
  });
}

const CLIENT_ERRORS: Record<string, { status: number; reason: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    message: HTTP_MESSAGES.headersTooLarge,
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    message: HTTP_MESSAGES.requestTimeout,
  },
};
const BAD_REQUEST = { status: 400, reason: 'Bad Request', message: HTTP_MESSAGES.badRequest };
/** How long a refused connection may linger after its answer before it is cut. */
const CLIENT_ERROR_LINGER_MS = 1_000;

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refused (a malformed request line or
 * header, headers over the size limit, a request that took too long) gets `{ message, code }` with
 * the same security headers as any API answer, then the connection closes.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const { status, reason, message } = (error.code && CLIENT_ERRORS[error.code]) || BAD_REQUEST;
    const body = JSON.stringify(errorBody(status, message));
    const headers: Record<string, string | number> = {
      ...securityHeadersFor('/api/'),
      'referrer-policy': 'no-referrer',
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    };
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.end(`HTTP/1.1 ${status} ${reason}\r\n${lines.join('')}\r\n${body}`);
  }
  setTimeout(() => socket.destroy(), CLIENT_ERROR_LINGER_MS).unref();
}
