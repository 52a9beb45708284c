import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net, { type Socket } from 'node:net';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';

/** How long the accept step may take and how long the grace lasts, in milliseconds. */
export interface DrainTimings {
  graceMs: number;
  backlogWaitMaxMs: number;
}

/**
 * Graceful shutdown of the HTTP server's connections (decision 032).
 *
 * A request counts as reached once its bytes are in the server's socket buffers or its
 * connection is in the listener's queue. Closing the listener resets the connections still in
 * its queue, and closing an idle keep-alive connection with a request in its buffer resets
 * it: both lose requests the client sent before the signal. So `closeAfterGrace` first keeps
 * accepting and reading for a grace period, then connects to the server itself and waits until
 * it accepts that connection (the queue is first in, first out: everything queued before it
 * has been accepted too), then waits two more turns of the event loop (a connection accepted in
 * one turn has its bytes read in the next). By then every request sent before the signal is
 * being handled. From then on the last answer each connection owes says `Connection: close`,
 * so Node ends the connection after it; answers to requests that still arrive say so too.
 */
export class ConnectionDrain {
  /** Answers not yet sent, per connection, in the order Node will send them. */
  private readonly pending = new Map<Socket, ServerResponse[]>();
  private closing = false;

  constructor(private readonly server: Server) {
    // Before Fastify's own listener, so a route that answers at once is counted too.
    server.prependListener('request', (request: IncomingMessage, response: ServerResponse) =>
      this.track(request.socket, response),
    );
  }

  private track(socket: Socket, response: ServerResponse): void {
    let answers = this.pending.get(socket);
    if (!answers) {
      answers = [];
      this.pending.set(socket, answers);
      socket.once('close', () => this.pending.delete(socket));
    }
    answers.push(response);
    const settle = () => {
      const list = this.pending.get(socket);
      const index = list?.indexOf(response) ?? -1;
      if (list && index !== -1) list.splice(index, 1);
    };
    response.once('finish', settle);
    response.once('close', settle);
    if (this.closing) closeAfter(response);
  }

  /** Whether the grace has ended: answers from now on close their connection. */
  get isClosing(): boolean {
    return this.closing;
  }

  /**
   * Keeps serving through the grace and until the listener's queue is empty, then marks the
   * last answer each connection owes to close it. The caller closes the listener and the idle
   * connections next.
   */
  async closeAfterGrace({ graceMs, backlogWaitMaxMs }: DrainTimings): Promise<void> {
    await sleep(graceMs);
    await this.acceptQueued(backlogWaitMaxMs);
    await nextTurn();
    await nextTurn();
    this.closing = true;
    for (const answers of this.pending.values()) {
      const last = answers.at(-1);
      if (last) closeAfter(last);
    }
  }

  /** Resolves once the server accepts a connection of its own (or after `maxMs`). */
  private acceptQueued(maxMs: number): Promise<void> {
    const address = this.server.address();
    if (address === null || typeof address === 'string') return Promise.resolve();
    const host =
      address.address === '0.0.0.0'
        ? '127.0.0.1'
        : address.address === '::'
          ? '::1'
          : address.address;
    return new Promise((resolve) => {
      const probe = net.connect({ port: address.port, host });
      const onConnection = (socket: Socket) => {
        // Its own end closes when the probe does; the HTTP server handles it like any other.
        if (socket.remotePort === probe.localPort && socket.remoteAddress === probe.localAddress) {
          done();
        }
      };
      const done = () => {
        clearTimeout(timer);
        this.server.off('connection', onConnection);
        probe.destroy();
        resolve();
      };
      const timer = setTimeout(done, maxMs);
      this.server.prependListener('connection', onConnection);
      probe.once('error', done);
    });
  }
}

function closeAfter(response: ServerResponse): void {
  if (!response.headersSent) response.setHeader('connection', 'close');
}
