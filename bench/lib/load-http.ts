/**
 * A lean HTTP/1.1 client for the load generator: a pool of keep-alive sockets, one request in
 * flight per socket (no pipelining, so one slow answer never delays another on its socket), a
 * FIFO queue of requests waiting for a free socket, and a parser that reads only the status,
 * Content-Length, chunked framing and Connection: close. Against a bare node:http server here it
 * cost half of node:http's client in CPU per request (0.06 against 0.10-0.11 ms at 2,000
 * requests a second, 0.15-0.23 against 0.38-0.48 ms at 500); the load generator shares the two
 * cores with the server, so every millisecond it spends is taken from the server.
 */
import net from 'node:net';

const CRLFCRLF = Buffer.from('\r\n\r\n');

/** What the load generator reads of an answer. */
export interface LeanAnswer {
  status: number;
  etag: string | undefined;
  /** Retry-After of a 503 or 429 (seconds), when it has one. */
  retryAfter: number | undefined;
  /** The body text: when asked for, and of every 503 or 429 (its `code` says why). */
  body: string | undefined;
}

interface Pending {
  queuedAt: number;
  head: string;
  body: string | undefined;
  /** Read the answer's ETag too (only then: most requests need no header but the status). */
  wantEtag: boolean;
  /** Keep the answer's body (a login's token). */
  wantBody: boolean;
  resolve: (answer: LeanAnswer) => void;
  reject: (error: Error) => void;
}

class Connection {
  private readonly socket: net.Socket;
  private buf: Buffer = Buffer.alloc(0);
  private current: Pending | undefined;
  private status = 0;
  private etag: string | undefined;
  private retryAfter: number | undefined;
  private bodyParts: Buffer[] | undefined;
  /** Bytes of body still to skip; -1 while reading chunk sizes; undefined while in the head. */
  private remaining: number | undefined;
  private chunked = false;
  private closeAfter = false;
  dead = false;

  constructor(
    host: string,
    port: number,
    timeoutMs: number,
    private readonly onIdle: (c: Connection) => void,
    private readonly onDead: (c: Connection) => void,
  ) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.setTimeout(timeoutMs);
    this.socket.on('data', (data: Buffer) => this.read(data));
    this.socket.on('timeout', () => this.fail(new Error('timeout')));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail(new Error('socket closed')));
  }

  get busy(): boolean {
    return this.current !== undefined;
  }

  start(p: Pending): void {
    this.current = p;
    this.status = 0;
    this.etag = undefined;
    this.retryAfter = undefined;
    this.bodyParts = undefined;
    this.remaining = undefined;
    this.chunked = false;
    this.closeAfter = false;
    this.socket.write(p.body === undefined ? p.head : p.head + p.body);
  }

  private fail(error: Error): void {
    if (this.dead) return;
    this.dead = true;
    this.socket.destroy();
    const p = this.current;
    this.current = undefined;
    if (p) p.reject(Object.assign(error, { code: (error as NodeJS.ErrnoException).code }));
    this.onDead(this);
  }

  private read(data: Buffer): void {
    this.buf = this.buf.length === 0 ? data : Buffer.concat([this.buf, data]);
    for (;;) {
      if (!this.current) return;
      if (this.remaining === undefined) {
        const end = this.buf.indexOf(CRLFCRLF);
        if (end < 0) return;
        const head = this.buf.toString('latin1', 0, end);
        this.buf = this.buf.subarray(end + 4);
        this.status = Number(head.slice(9, 12));
        const lower = head.toLowerCase();
        this.chunked = lower.includes('\r\ntransfer-encoding: chunked');
        this.closeAfter = lower.includes('\r\nconnection: close');
        const length = /\r\ncontent-length:\s*(\d+)/.exec(lower);
        // A 304 or 204 has no body whatever its headers say.
        const bodiless = this.status === 304 || this.status === 204;
        this.remaining = bodiless ? 0 : this.chunked ? -1 : length ? Number(length[1]) : 0;
        if (this.current.wantEtag) this.etag = /\r\netag:[ \t]*([^\r]*)/i.exec(head)?.[1];
        const refused = this.status === 503 || this.status === 429;
        if (refused) {
          const after = /\r\nretry-after:[ \t]*(\d+)/.exec(lower)?.[1];
          this.retryAfter = after === undefined ? undefined : Number(after);
        }
        this.bodyParts = this.current.wantBody || refused ? [] : undefined;
      }
      if (this.remaining > 0) {
        const take = Math.min(this.remaining, this.buf.length);
        this.bodyParts?.push(this.buf.subarray(0, take));
        this.buf = this.buf.subarray(take);
        this.remaining -= take;
        if (this.remaining > 0) return;
        // A chunk's data is followed by CRLF; then the next size line.
        if (this.chunked) this.remaining = -2;
        else {
          this.finish();
          continue;
        }
      }
      if (this.remaining === -2) {
        if (this.buf.length < 2) return;
        this.buf = this.buf.subarray(2);
        this.remaining = -1;
      }
      if (this.remaining === -1) {
        const line = this.buf.indexOf('\r\n');
        if (line < 0) return;
        const size = parseInt(this.buf.toString('latin1', 0, line), 16);
        if (size === 0) {
          // The last chunk: no trailers from this server, so CRLF follows at once.
          if (this.buf.length < line + 4) return;
          this.buf = this.buf.subarray(line + 4);
          this.finish();
          continue;
        }
        this.buf = this.buf.subarray(line + 2);
        this.remaining = size;
        continue;
      }
      if (this.remaining === 0) {
        this.finish();
        continue;
      }
      return;
    }
  }

  private finish(): void {
    const p = this.current!;
    this.current = undefined;
    this.remaining = undefined;
    p.resolve({
      status: this.status,
      etag: this.etag,
      retryAfter: this.retryAfter,
      body: this.bodyParts ? Buffer.concat(this.bodyParts).toString('utf8') : undefined,
    });
    if (this.closeAfter) {
      this.dead = true;
      this.socket.destroy();
      this.onDead(this);
    } else this.onIdle(this);
  }

  destroy(): void {
    this.dead = true;
    this.socket.destroy();
  }
}

export class LeanHttpPool {
  private readonly idle: Connection[] = [];
  private readonly all = new Set<Connection>();
  private readonly queue: Pending[] = [];
  private queueHead = 0;
  private readonly hostHeader: string;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly connections: number,
    private readonly timeoutMs = 10_000,
  ) {
    this.hostHeader = `${host}:${port}`;
  }

  /** Sends one request; resolves with the status once the whole answer has been read. */
  async request(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<number> {
    return (await this.send(method, path, headers, body, false, false)).status;
  }

  /** As `request`, with the answer's ETag, Retry-After and (when `wantBody`) its body. */
  requestFull(
    method: string,
    path: string,
    headers: Record<string, string>,
    body: string | undefined,
    wantBody: boolean,
  ): Promise<LeanAnswer> {
    return this.send(method, path, headers, body, true, wantBody);
  }

  private send(
    method: string,
    path: string,
    headers: Record<string, string>,
    body: string | undefined,
    wantEtag: boolean,
    wantBody: boolean,
  ): Promise<LeanAnswer> {
    let head = `${method} ${path} HTTP/1.1\r\nHost: ${this.hostHeader}\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    if (body !== undefined) head += `Content-Length: ${Buffer.byteLength(body)}\r\n`;
    head += '\r\n';
    return new Promise((resolve, reject) => {
      this.queue.push({
        queuedAt: performance.now(),
        head,
        body,
        wantEtag,
        wantBody,
        resolve,
        reject,
      });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queueHead < this.queue.length) {
      let conn = this.idle.pop();
      if (!conn && this.all.size < this.connections) {
        conn = new Connection(
          this.host,
          this.port,
          this.timeoutMs,
          (c) => {
            this.idle.push(c);
            this.dispatch();
          },
          (c) => {
            this.all.delete(c);
            const at = this.idle.indexOf(c);
            if (at >= 0) this.idle.splice(at, 1);
            this.dispatch();
          },
        );
        this.all.add(conn);
      }
      if (!conn) return;
      const next = this.queue[this.queueHead++]!;
      if (this.queueHead > 4096 && this.queueHead * 2 > this.queue.length) {
        this.queue.splice(0, this.queueHead);
        this.queueHead = 0;
      }
      // Waited longer than an answer may take: failed unsent, so an overloaded step drains in
      // bounded time instead of sending requests whose answer no longer counts.
      if (performance.now() - next.queuedAt > this.timeoutMs) {
        this.idle.push(conn);
        next.reject(
          Object.assign(new Error('timeout waiting for a connection'), { code: 'QUEUED' }),
        );
        continue;
      }
      conn.start(next);
    }
  }

  close(): void {
    for (const c of this.all) c.destroy();
    this.all.clear();
    this.idle.length = 0;
  }
}
