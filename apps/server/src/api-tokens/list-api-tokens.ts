import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminApiTokenView, ApiTokenView } from '@deck-portal/domain';
import { apiTokens, users } from '../db/schema.ts';
import type { Services } from '../services.ts';
import { toApiTokenView } from './api-token-view.ts';

/** The administrators' list is a page of the newest tokens; older ones are rarely the question. */
const adminListLimit = 500;

/** A user's own tokens, newest first, revoked and expired ones included. */
export async function listOwnApiTokens(
  services: Pick<Services, 'db'>,
  { userId }: { userId: string },
): Promise<ApiTokenView[]> {
  const rows = await services.db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(toApiTokenView);
}

/** Every user's tokens with their owners, newest first (administrators). */
export async function listAllApiTokens(
  services: Pick<Services, 'db'>,
): Promise<AdminApiTokenView[]> {
  const revoker = alias(users, 'revoker');
  const rows = await services.db
    .select({
      token: apiTokens,
      owner: { id: users.id, name: users.name, email: users.email },
      revoker: { id: revoker.id, name: revoker.name },
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(revoker, eq(revoker.id, apiTokens.revokedBy))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
    .limit(adminListLimit);
  return rows.map(({ token, owner, revoker: revokedBy }) => ({
    ...toApiTokenView(token),
    owner,
    revokedBy: revokedBy?.id ? { id: revokedBy.id, name: revokedBy.name } : null,
  }));
}
