// `npm run admin -- grant <email>` / `revoke <email>`: the admin role from the command line, on
// the database the server is configured with (DATA_DIR's SQLite file, or DATABASE_URL). Exit
// codes: 0 done (or nothing to change), 1 no account has that email, 2 wrong usage or bad
// configuration.
import { ADMIN_CLI_MESSAGES } from './messages.js';
import { ConfigError, loadConfig } from '../config.js';
import { migrateToLatest, openDatabase } from '../db/index.js';
import { systemClock } from '../lib/clock.js';
import { setAdminRoleByEmail } from '../modules/admin/service.js';
import { UsersService } from '../modules/users/service.js';

export const EXIT_OK = 0;
export const EXIT_UNKNOWN_EMAIL = 1;
export const EXIT_USAGE = 2;

async function main(args: string[]): Promise<number> {
  const [command, rawEmail, ...rest] = args;
  if ((command !== 'grant' && command !== 'revoke') || !rawEmail || rest.length > 0) {
    console.error(ADMIN_CLI_MESSAGES.usage);
    return EXIT_USAGE;
  }
  const email = rawEmail.trim().toLowerCase();

  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return EXIT_USAGE;
    }
    throw error;
  }
  const database = openDatabase(config.database);
  try {
    // A database the server has not started on yet gets its tables first.
    await migrateToLatest(database.db);
    const ctx = { config, db: database.db, clock: systemClock };
    const users = new UsersService(ctx);
    const grant = command === 'grant';
    const outcome = await setAdminRoleByEmail(ctx, users, email, grant);
    if (outcome === 'unknown') {
      console.error(ADMIN_CLI_MESSAGES.unknownEmail(email));
      return EXIT_UNKNOWN_EMAIL;
    }
    if (grant) {
      console.log(
        outcome === 'changed'
          ? ADMIN_CLI_MESSAGES.granted(email)
          : ADMIN_CLI_MESSAGES.alreadyAdmin(email),
      );
    } else {
      console.log(
        outcome === 'changed'
          ? ADMIN_CLI_MESSAGES.revoked(email)
          : ADMIN_CLI_MESSAGES.notAdmin(email),
      );
      if (config.adminEmails.has(email)) console.log(ADMIN_CLI_MESSAGES.stillListed(email));
    }
    return EXIT_OK;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(EXIT_USAGE);
  },
);
