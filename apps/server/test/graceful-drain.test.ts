import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { tempDir } from './support/app.js';
import { startChildServer } from './support/child-server.js';
import { DIALECTS, createTestDatabase } from './support/databases.js';
import { AnswerReader } from './support/raw-http.js';

const KEEP_ALIVE_CONNECTIONS = 12;
const FRESH_CONNECTIONS = 12;
const BATCH = 4;
const MAX_OUTSTANDING = 24;
const EXIT_BOUND_MS = 10_000;

const TARGETS = ['/api/health', '/api/ready', '/api/does-not-exist'];
const request = (index: number) =>
  `GET ${TARGETS[index % TARGETS.length]} HTTP/1.1\r\nHost: focusroom.test\r\n\r\n`;

/** One connection: what it wrote (and the kernel took), what it read, how it ended. */
interface Client {
  name: string;
  socket: net.Socket;
  reader: AnswerReader;
  written: number;
  /** Requests whose write had completed: handed to the kernel, so sent. */
  flushed: number;
  /** `flushed` when the signal was sent. */
  sentBeforeSignal: number;
  /** Whether it goes on writing after the signal (its later requests may be refused). */
  writesAfterSignal: boolean;
  stopped: boolean;
  ended: Promise<{ how: 'end' | 'error'; code?: string }>;
}

function connect(port: number, name: string, writesAfterSignal: boolean): Client {
  const socket = net.connect(port, '127.0.0.1');
  const reader = new AnswerReader();
  socket.on('data', (chunk: Buffer) => reader.push(chunk));
  const ended = new Promise<{ how: 'end' | 'error'; code?: string }>((resolve) => {
    socket.once('error', (error: NodeJS.ErrnoException) =>
      resolve({ how: 'error', ...(error.code ? { code: error.code } : {}) }),
    );
    socket.once('close', () => resolve({ how: 'end' }));
  });
  return {
    name,
    socket,
    reader,
    written: 0,
    flushed: 0,
    sentBeforeSignal: 0,
    writesAfterSignal,
    stopped: false,
    ended,
  };
}

function send(client: Client, count: number): Promise<void> {
  let text = '';
  for (let i = 0; i < count; i += 1) text += request(client.written + i);
  client.written += count;
  return new Promise((resolve) => {
    client.socket.write(text, (error) => {
      if (!error) client.flushed += count;
      resolve();
    });
  });
}

/** Keeps up to MAX_OUTSTANDING pipelined requests in flight until stopped. */
function pump(client: Client): void {
  const tick = () => {
    if (client.stopped || client.socket.destroyed) return;
    if (client.written - client.reader.answers.length < MAX_OUTSTANDING) void send(client, BATCH);
    setTimeout(tick, 1);
  };
  client.socket.once('connect', tick);
}

describe.each(DIALECTS)(
  'SIGTERM under a burst of keep-alive and pipelined requests on %s',
  (dialect) => {
    it('answers every request sent before the signal (never reset, never 503), closes each connection cleanly and exits 0', async () => {
      const env: Record<string, string> = { DATA_DIR: tempDir(), LOG_LEVEL: 'info' };
      const database = dialect === 'postgres' ? await createTestDatabase('postgres') : undefined;
      if (database?.config.kind === 'postgres') env.DATABASE_URL = database.config.url;
      const server = startChildServer(env);
      try {
        await server.listening;
        const port = server.port();
        const clients: Client[] = [];
        for (let i = 0; i < KEEP_ALIVE_CONNECTIONS; i += 1) {
          const client = connect(port, `keep-alive #${i}`, i % 2 === 1);
          pump(client);
          clients.push(client);
        }
        await sleep(600);

        // New connections whose one request is sent just before the signal: they may still be
        // in the listener's backlog when it lands.
        const fresh: Client[] = [];
        for (let i = 0; i < FRESH_CONNECTIONS; i += 1) {
          fresh.push(connect(port, `fresh #${i}`, false));
        }
        await Promise.all(fresh.map((client) => send(client, 1)));
        clients.push(...fresh);

        for (const client of clients) {
          client.sentBeforeSignal = client.flushed;
          if (!client.writesAfterSignal) client.stopped = true;
        }
        const signalledAt = Date.now();
        server.child.kill('SIGTERM');
        await sleep(300);
        for (const client of clients) client.stopped = true;

        const code = await Promise.race([server.exited, sleep(EXIT_BOUND_MS + 5_000, 'late')]);
        expect(code).toBe(0);
        expect(Date.now() - signalledAt).toBeLessThan(EXIT_BOUND_MS);

        const problems: string[] = [];
        let sentBefore = 0;
        for (const client of clients) {
          const ending = await Promise.race([client.ended, sleep(2_000, { how: 'open' })]);
          const answers = client.reader.answers;
          sentBefore += client.sentBeforeSignal;
          if (answers.length < client.sentBeforeSignal) {
            problems.push(
              `${client.name}: ${client.sentBeforeSignal} sent before the signal, ` +
                `${answers.length} answered (ended: ${JSON.stringify(ending)})`,
            );
          }
          const refused = answers
            .slice(0, client.sentBeforeSignal)
            .filter((answer) => answer.status >= 500);
          if (refused.length > 0) {
            problems.push(`${client.name}: ${refused.length} answered ${refused[0]?.status}`);
          }
          if (!client.writesAfterSignal && ending.how !== 'end') {
            problems.push(`${client.name}: did not end cleanly: ${JSON.stringify(ending)}`);
          }
        }
        expect(problems).toEqual([]);
        // The burst really was in flight: hundreds of requests sent before the signal.
        expect(sentBefore).toBeGreaterThan(200);
        expect(server.output().stdout).toContain('shutting down');
      } finally {
        server.stop();
        await database?.drop();
      }
    }, 60_000);
  },
);
