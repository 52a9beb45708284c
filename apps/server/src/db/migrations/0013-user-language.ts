import type { Kysely } from 'kysely';

/**
 * users.language: the language the person chose (one of core's LOCALES), for the web app on
 * every device they sign in on and for the mails sent to them (decision 076). Null until they
 * choose: the app then follows the browser, and a mail the language of the request that sent it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
