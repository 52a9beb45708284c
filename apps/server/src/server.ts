import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { migrateToLatest, openDatabase } from './db/index.js';
import { ConnectionDrain } from './plugins/drain.js';
import { connectionCap, processOpenFileLimit } from './lib/connection-cap.js';

const SHUTDOWN_DEADLINE_MS = 15_000;
/**
 * After SIGTERM the server keeps accepting and reading this long, so every request sent before
 * the signal is read and answered before the listener closes (decision 032).
 */
const SHUTDOWN_ACCEPT_GRACE_MS = 200;
/**
 * Then it connects to itself and waits at most this long to accept that connection: the
 * listener's queue is first in, first out, so every connection made before it is accepted.
 */
const SHUTDOWN_BACKLOG_WAIT_MAX_MS = 3_000;

/** Production entry: config, database, migrations, listen; drains and closes on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = openDatabase(config.database);
  await migrateToLatest(database.db);
  const app = await buildApp({ config, db: database.db, databaseWaiting: database.waiting });

  const drain = new ConnectionDrain(app.server);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining in-flight requests');
    const deadline = setTimeout(() => {
      app.log.error('shutdown deadline passed; exiting with requests still open');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    let sweep: NodeJS.Timeout | undefined;
    try {
      // Every request sent before the signal is read and being answered before anything
      // closes; the last answer each connection owes then closes it (decision 032).
      await drain.closeAfterGrace({
        graceMs: SHUTDOWN_ACCEPT_GRACE_MS,
        backlogWaitMaxMs: SHUTDOWN_BACKLOG_WAIT_MAX_MS,
      });
      // A connection whose answers are all sent turns idle but stays open under keep-alive;
      // close such connections as they appear.
      sweep = setInterval(() => app.server.closeIdleConnections(), 100);
      // Stops accepting connections and waits for in-flight requests and background mail.
      await app.close();
      clearInterval(sweep);
      await database.close();
      process.exit(0);
    } catch (error) {
      clearInterval(sweep);
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  // Past the cap a new connection is refused at once, leaving the instance open files of its own.
  const cap = connectionCap(config.maxConnections, processOpenFileLimit());
  if (cap !== null) app.server.maxConnections = cap;
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.error({ err: error }, 'could not listen');
    await database.close();
    process.exit(1);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
