import { eq, sql } from 'drizzle-orm';
import { API_TOKEN_PREFIX, type ApiTokenScope } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { hashToken } from '../auth/tokens.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { rowsMappedOnce } from '../db/rows-mapped-once.ts';
import { apiTokens, users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { scopesOf } from './api-token-view.ts';

// Writing last-used on every call would cost a write per request; a minute's slack is harmless.
const touchIntervalMs = 60_000;

export type ApiTokenCaller = { user: User; token: { id: string; scopes: ApiTokenScope[] } };

const tokenWithUser = preparedQuery((db) =>
  rowsMappedOnce(
    db
      .select({ token: apiTokens, user: users })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(eq(apiTokens.tokenHash, sql.placeholder('tokenHash')))
      .prepare('api_token_with_user'),
  ),
);

function refused(message: string) {
  return new AppError('unauthenticated', message);
}

/**
 * The user a bearer token speaks for, with the token's scopes; throws 401 with the reason when
 * the token is unknown, revoked or expired, or its user may no longer sign in (the checks a
 * session's user passes, made at once since no route will ask for a password instead).
 */
export async function findApiTokenUser(
  services: Pick<Services, 'db' | 'clock'>,
  bearer: string,
): Promise<ApiTokenCaller> {
  if (!bearer.startsWith(API_TOKEN_PREFIX)) {
    throw refused('This is not an API token of this portal: tokens start with dpt_.');
  }
  const [row] = await tokenWithUser(services.db).execute({ tokenHash: hashToken(bearer) });
  if (!row) throw refused('This API token is not known: it may have been mistyped.');
  const now = services.clock.now();
  if (row.token.revokedAt) throw refused('This API token has been revoked.');
  if (row.token.expiresAt && row.token.expiresAt.getTime() <= now.getTime()) {
    throw refused('This API token has expired: make a new one on your API tokens page.');
  }
  if (row.user.status !== 'approved' || row.user.role === 'pending') {
    throw refused("This API token's account is not active.");
  }
  const lastUsed = row.token.lastUsedAt?.getTime();
  if (lastUsed === undefined || now.getTime() - lastUsed > touchIntervalMs) {
    await services.db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(eq(apiTokens.id, row.token.id));
  }
  return { user: row.user, token: { id: row.token.id, scopes: scopesOf(row.token) } };
}
