import { z } from 'zod';
import { ErrorSchema } from '@focusroom/core/schemas';

/**
 * `{ [status]: ErrorSchema }` for each listed status, so OpenAPI documents every failure. A
 * route that may fail with a 500 works with the database, so it may also answer 503 while the
 * database is away or its disk is full (decision 037): listed with it.
 */
export function errorResponses<const S extends number>(
  ...statuses: S[]
): Record<S, typeof ErrorSchema> {
  const out = {} as Record<S, typeof ErrorSchema>;
  const all: number[] = statuses.includes(500 as S) ? [...statuses, 503] : statuses;
  for (const status of all) out[status as S] = ErrorSchema.describe(describeStatus(status));
  return out;
}

function describeStatus(status: number): string {
  switch (status) {
    case 400:
      return 'Invalid request: `errors` maps each bad field to a message';
    case 401:
      return 'Missing, invalid, expired or revoked token';
    case 403:
      return 'Forbidden';
    case 404:
      return 'Not found';
    case 409:
      return 'Already taken';
    case 413:
      return 'Request body too large';
    case 415:
      return 'Content type is not application/json';
    case 429:
      return 'Too many requests; see the Retry-After header (seconds)';
    case 503:
      return 'The database is unreachable or its disk is full, or the instance is overloaded (code OVERLOADED: refused before any work); retry after the Retry-After header (seconds)';
    default:
      return 'Internal server error';
  }
}

/** Security requirement for routes behind a bearer token. */
export const bearerSecurity = [{ bearerAuth: [] }];

/** 204: no body. */
export const NoContentSchema = z.null().describe('No content');
