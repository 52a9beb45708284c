import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { tempDir } from './support/app.js';
import { startChildServer } from './support/child-server.js';

const CAP = 3;

/** A keep-alive connection that sends GET /api/health and resolves with what it read. */
function ask(socket: net.Socket): Promise<string> {
  return new Promise((resolve) => {
    let read = '';
    const done = () => {
      socket.off('data', onData);
      resolve(read);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.toString();
      if (/\r\n\r\n[\s\S]*\}$/.test(read)) done();
    };
    socket.on('data', onData);
    socket.once('close', done);
    socket.write('GET /api/health HTTP/1.1\r\nHost: focusroom.test\r\n\r\n');
  });
}

function open(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/**
 * The connection cap (lib/connection-cap.ts, decision 063): past MAX_CONNECTIONS a new
 * connection is closed at once, and the ones held go on being served. Without the cap the same
 * happens at the open-file limit by crashing: the database driver is not involved, so SQLite
 * stands for both engines here.
 */
describe('the connection cap', () => {
  it('refuses a connection past MAX_CONNECTIONS at once and serves the ones it holds', async () => {
    const server = startChildServer({
      DATA_DIR: tempDir(),
      LOG_LEVEL: 'info',
      MAX_CONNECTIONS: String(CAP),
    });
    const sockets: net.Socket[] = [];
    try {
      await server.listening;
      const port = server.port();
      for (let i = 0; i < CAP; i += 1) sockets.push(await open(port));
      for (const socket of sockets) expect(await ask(socket)).toMatch(/^HTTP\/1\.1 200/);

      const extra = await open(port).catch(() => null);
      if (extra) {
        sockets.push(extra);
        // Accepted by the kernel, closed by the server before any answer.
        expect(await ask(extra)).toBe('');
      }
      for (const socket of sockets.slice(0, CAP)) {
        expect(await ask(socket)).toMatch(/^HTTP\/1\.1 200/);
      }

      // One held connection goes: a new one is served.
      sockets[0]!.destroy();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const next = await open(port);
      sockets.push(next);
      expect(await ask(next)).toMatch(/^HTTP\/1\.1 200/);
      expect(server.child.exitCode).toBeNull();
    } finally {
      for (const socket of sockets) socket.destroy();
      server.stop();
    }
  });
});
