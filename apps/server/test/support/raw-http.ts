import net from 'node:net';

/** One HTTP answer read off a raw socket; `error` is the socket's error code, if any. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** What the socket did at the end: closed cleanly, was reset, or timed out. */
  ending: 'end' | 'reset' | 'timeout';
  error?: string;
}

/** Splits the bytes of one or more HTTP/1.1 answers (Content-Length bodies only). */
export function parseAnswers(raw: Buffer): Omit<RawAnswer, 'ending' | 'error'>[] {
  const answers: Omit<RawAnswer, 'ending' | 'error'>[] = [];
  let rest = raw;
  while (rest.length > 0) {
    const headEnd = rest.indexOf('\r\n\r\n');
    if (headEnd === -1) break;
    const [statusLine = '', ...lines] = rest.subarray(0, headEnd).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    const bodyStart = headEnd + 4;
    if (rest.length < bodyStart + length) break;
    answers.push({
      status: Number(statusLine.split(' ')[1]),
      headers,
      body: rest.subarray(bodyStart, bodyStart + length).toString('utf8'),
    });
    rest = rest.subarray(bodyStart + length);
  }
  return answers;
}

/**
 * Writes `request` (bytes as given, nothing added) to a new connection and reads until the
 * server closes it, resets it or `timeoutMs` passes; answers the first HTTP answer read.
 */
export function rawExchange(
  port: number,
  request: string | Buffer | (string | Buffer)[],
  timeoutMs = 5_000,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (ending: RawAnswer['ending'], error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const [answer] = parseAnswers(Buffer.concat(chunks));
      if (!answer) {
        reject(new Error(`no answer (${ending}${error ? ` ${error}` : ''})`));
        return;
      }
      resolve({ ...answer, ending, ...(error ? { error } : {}) });
    };
    const timer = setTimeout(() => finish('timeout'), timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => finish('end'));
    socket.on('error', (error: NodeJS.ErrnoException) => finish('reset', error.code));
    for (const part of Array.isArray(request) ? request : [request]) socket.write(part);
  });
}

/** Collects the answers arriving on one connection as they come (Content-Length bodies only). */
export class AnswerReader {
  readonly answers: Omit<RawAnswer, 'ending' | 'error'>[] = [];
  private rest: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): void {
    this.rest = this.rest.length === 0 ? chunk : Buffer.concat([this.rest, chunk]);
    for (;;) {
      const headEnd = this.rest.indexOf('\r\n\r\n');
      if (headEnd === -1) return;
      const head = this.rest.subarray(0, headEnd + 4);
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head.toString('latin1'))?.[1] ?? 0);
      if (this.rest.length < headEnd + 4 + length) return;
      const [answer] = parseAnswers(this.rest.subarray(0, headEnd + 4 + length));
      if (answer) this.answers.push(answer);
      this.rest = this.rest.subarray(headEnd + 4 + length);
    }
  }
}
