import type { Generated } from 'kysely';

/** Tables of the oauth module; joined into Database in schema.ts. Same column rules as schema.ts. */
export interface ExternalAccountTables {
  external_accounts: ExternalAccountsTable;
  oauth_exchange_codes: OAuthExchangeCodesTable;
}

/**
 * A provider account connected to a user: found by (provider, subject), never by email. One per
 * provider and user.
 */
export interface ExternalAccountsTable {
  id: string;
  user_id: string;
  /** 'google' | 'github' | 'oidc'. */
  provider: string;
  /** The provider's stable id of the person (`sub`; GitHub's numeric user id). */
  subject: string;
  /** The address the provider gave when connected (for the profile's list); may be null. */
  email: string | null;
  created_at: string;
}

/** The one-time code /oauth-callback exchanges for a session: stored hashed, 60 s, used once. */
export interface OAuthExchangeCodesTable {
  code_hash: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
  /** 1 when the sign-in that issued the code made the account (0/1). */
  new_account: Generated<number>;
  created_at: string;
}
