import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The app's Content-Security-Policy (DESIGN §6): scripts only from our origin and never inline;
 * styles may be inline because Mantine injects them at run time; YouTube frames for the player.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
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

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  // Helmet's middleware, built once (decision 009: @fastify/helmet builds it per request).
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Cross-origin isolation would block YouTube embeds and remote artwork.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    hsts: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });

  app.addHook('onSend', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (NO_REFERRER_PATHS.some((pattern) => pattern.test(path))) {
      reply.header('referrer-policy', 'no-referrer');
    }
    // API answers hold tokens and personal data: no shared or browser cache keeps them unless
    // a route says otherwise.
    if (
      path.startsWith('/api/') &&
      !path.startsWith('/api/docs') &&
      !reply.hasHeader('cache-control')
    ) {
      reply.header('cache-control', 'no-store');
    }
  });
}
