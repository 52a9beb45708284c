import { errorCodes, type FastifyInstance, type preParsingHookHandler } from 'fastify';
import { Transform, pipeline, type Readable } from 'node:stream';

/**
 * A body over its route's limit is read and thrown away up to this many bytes before the 413
 * (closing a connection the client is still writing to resets it and can lose the answer);
 * a longer one is cut off (decision 032).
 */
export const OVERSIZE_BODY_DISCARD_MAX_BYTES = 16 * 1024 * 1024;

/** Fastify's own error, so the error handlers word it as before (the themes say their limit). */
function tooLarge(): Error {
  return new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
}

/**
 * Reads and throws away what is left of `payload`, up to the discard bound, then calls `done`:
 * with nothing left unread, closing the connection after the 413 is a clean close instead of a
 * reset that can destroy the answer before the client reads it.
 */
function discard(payload: Readable, done: () => void): void {
  let read = 0;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    payload.off('data', onData);
    done();
  };
  const onData = (chunk: Buffer) => {
    read += chunk.length;
    // Past the bound the client is cut off: the answer may then be lost, the server's time not.
    if (read > OVERSIZE_BODY_DISCARD_MAX_BYTES) finish();
  };
  payload.on('data', onData);
  payload.once('end', finish);
  payload.once('error', finish);
  payload.once('close', finish);
  payload.resume();
}

/**
 * A stream that passes `payload` through while it stays within `limit` bytes; past it, it
 * reads and throws away the rest (up to the discard bound) and then fails with a 413, so the
 * parser answers only once the body is read.
 */
function limited(payload: Readable, limit: number): Transform {
  let seen = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen <= limit) callback(null, chunk);
      else if (seen > limit + OVERSIZE_BODY_DISCARD_MAX_BYTES) callback(tooLarge());
      else callback();
    },
    flush(callback) {
      callback(seen > limit ? tooLarge() : null);
    },
  });
  pipeline(payload, stream, () => undefined);
  return stream;
}

/**
 * Over-limit bodies (decision 032): a body whose Content-Length passes its route's limit is read
 * and thrown away before the 413, and a chunked one is passed on only up to the limit, then
 * read to its end the same way; either answer closes the connection (`Connection: close`). A
 * Content-Length past the limit and the discard bound together is answered at once (decision
 * 060).
 * Fastify's own check would answer at once and close while the client is still sending, which
 * resets the connection and often loses the 413.
 */
export function registerBodyLimit(app: FastifyInstance): void {
  // Only on routes whose bodies Fastify reads: a GET or HEAD body is never parsed (Node reads
  // and drops it after the answer), and other requests then skip the hook.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => method === 'GET' || method === 'HEAD')) return;
    const existing = route.preParsing;
    route.preParsing = [
      preParseWithinLimit,
      ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
    ];
  });
}

const preParseWithinLimit: preParsingHookHandler = (request, reply, payload, done) => {
  const limit = request.routeOptions.bodyLimit;
  const declared = request.headers['content-length'];
  if (declared !== undefined) {
    if (Number(declared) > limit + OVERSIZE_BODY_DISCARD_MAX_BYTES) {
      // More than would ever be read: answered at once, without waiting for a body that may
      // never come (a client announcing 1 GB and sending 2 bytes was left hanging). The
      // connection closes after the answer; one still sending may see it reset, as past the
      // discard bound below.
      void reply.header('connection', 'close');
      done(tooLarge());
      return;
    }
    if (Number(declared) > limit) {
      void reply.header('connection', 'close');
      discard(payload, () => done(tooLarge()));
      return;
    }
    done(null, payload);
    return;
  }
  if (request.headers['transfer-encoding'] === undefined) {
    done(null, payload);
    return;
  }
  done(null, limited(payload, limit));
};
