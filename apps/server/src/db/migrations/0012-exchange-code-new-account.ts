import { sql, type Kysely } from 'kysely';

/**
 * oauth_exchange_codes.new_account: 1 when the sign-in that issued the code made the account, so
 * the exchange can say so and the web app carries a visitor's set-up into the new account without
 * asking (decision 051). Codes live 60 s: existing rows take 0.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('oauth_exchange_codes')
    .addColumn('new_account', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`new_account in (0, 1)`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('oauth_exchange_codes').dropColumn('new_account').execute();
}
