import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_CLI_MESSAGES } from '../src/cli/messages.js';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../src/config.js';
import { openDatabase } from '../src/db/index.js';
import { tempDir } from './support/app.js';
import { npmRun, repoRoot, type Run } from './support/cli.js';
import { DIALECTS, PG_ADMIN_URL, adminQuery, type DialectName } from './support/databases.js';
import { needs } from './support/prerequisites.js';

/** What `npm run admin` runs; CI builds before this suite runs. */
const BUILT_CLI = 'apps/server/dist/cli/admin.js';

/** `npm run -s admin -- ...args` from the repository root, as an operator types it. */
function runAdmin(args: string[], env: Record<string, string>): Promise<Run> {
  return npmRun('admin', args, env);
}

const dropAfter: string[] = [];
afterAll(async () => {
  for (const name of dropAfter.splice(0))
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

/**
 * An empty database the built CLI migrates itself (a database migrated from source would be
 * refused by a build that lacks a newer migration), as the server's configuration names it.
 */
async function emptyDatabase(
  dialect: DialectName,
): Promise<{ env: Record<string, string>; config: DatabaseConfig }> {
  const dataDir = tempDir('focusroom-cli-');
  if (dialect === 'sqlite') {
    const config: DatabaseConfig = { kind: 'sqlite', file: path.join(dataDir, 'focusroom.db') };
    return { env: { DATA_DIR: dataDir }, config };
  }
  const name = `focusroom_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  dropAfter.push(name);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const config: DatabaseConfig = { kind: 'postgres', url: url.toString() };
  return { env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() }, config };
}

describe.each(DIALECTS)('npm run admin on %s', (dialect) => {
  it('grants and revokes the role by email, with audit rows, and says what it did', async (context) => {
    const build = `npm run admin needs the build (${BUILT_CLI}); run npm run build first`;
    context.skip(!needs(fs.existsSync(path.join(repoRoot, BUILT_CLI)), build), build);
    const { env, config } = await emptyDatabase(dialect);
    const email = 'ops@example.com';

    // An unknown email: a clear message, exit code 1; the database is migrated on the way.
    const unknown = await runAdmin(['grant', email], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(ADMIN_CLI_MESSAGES.unknownEmail(email));

    const database = openDatabase(config);
    try {
      const now = new Date().toISOString();
      const id = '0190aaaa-0000-7000-8000-000000000001';
      await database.db
        .insertInto('users')
        .values({
          id,
          name: 'Ops',
          username: 'ops',
          username_lower: 'ops',
          email,
          password_hash: null,
          avatar_url: null,
          bio: null,
          time_zone: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const role = async () =>
        (
          await database.db
            .selectFrom('users')
            .select('role')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).role;

      const granted = await runAdmin(['grant', 'OPS@example.com'], env);
      expect(granted.code, granted.stderr).toBe(0);
      expect(granted.stdout).toContain(ADMIN_CLI_MESSAGES.granted(email));
      expect(await role()).toBe('admin');

      const again = await runAdmin(['grant', email], env);
      expect(again.code).toBe(0);
      expect(again.stdout).toContain(ADMIN_CLI_MESSAGES.alreadyAdmin(email));

      // Revoking while the address is in ADMIN_EMAILS removes the role and says the list stays.
      const revoked = await runAdmin(['revoke', email], { ...env, ADMIN_EMAILS: email });
      expect(revoked.code).toBe(0);
      expect(revoked.stdout).toContain(ADMIN_CLI_MESSAGES.revoked(email));
      expect(revoked.stdout).toContain(ADMIN_CLI_MESSAGES.stillListed(email));
      expect(await role()).toBe('user');

      const audit = await database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('target_id', '=', id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      expect(audit.map((row) => row.action)).toEqual(['user.grant_admin', 'user.revoke_admin']);
      expect(audit[0]).toMatchObject({
        actor_id: null,
        actor_username: 'command line',
        target_type: 'user',
        target_label: 'ops',
        ip: null,
      });
    } finally {
      await database.close();
    }
  });

  it('answers wrong usage with the usage line and exit code 2', async (context) => {
    context.skip(
      !needs(fs.existsSync(path.join(repoRoot, BUILT_CLI)), 'the build'),
      'needs the build',
    );
    for (const args of [[], ['promote', 'a@example.com'], ['grant']]) {
      const run = await runAdmin(args, { DATA_DIR: tempDir('focusroom-cli-') });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(ADMIN_CLI_MESSAGES.usage);
    }
  });
});
