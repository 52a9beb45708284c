import net from 'node:net';

/**
 * How the proxy treats connections while it is down: `refuse` closes each one as it arrives (a
 * database restarting: nothing listens, or it hangs up at once); `blackhole` accepts and never
 * answers (a host gone off the network), which only a connection timeout ends.
 */
export type DownMode = 'refuse' | 'blackhole';

export interface TcpProxy {
  port: number;
  /** Connections open through the proxy now. */
  openConnections(): number;
  /** Destroys every connection and treats new ones by `mode` until `up()`. */
  down(mode?: DownMode): void;
  up(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy on 127.0.0.1 in front of `target` (PostgreSQL in the fault tests), so a test can
 * "restart" the database the server uses without touching the machine's own PostgreSQL, which
 * other suites share. The port stays bound while down, so nothing else can take it.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: DownMode | undefined;
  const sockets = new Set<net.Socket>();

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // A peer reset is what the test asks for; it must not become an uncaught error.
    socket.on('error', () => socket.destroy());
  };

  const server = net.createServer((client) => {
    track(client);
    if (mode === 'refuse') {
      client.destroy();
      return;
    }
    if (mode === 'blackhole') return;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    port,
    openConnections: () => sockets.size,
    down(next: DownMode = 'refuse') {
      mode = next;
      for (const socket of sockets) socket.destroy();
    },
    up() {
      // Held blackholed connections stay dead: a real host coming back does not revive them.
      for (const socket of sockets) socket.destroy();
      mode = undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
