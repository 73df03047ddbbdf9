import { apiTokenScopes, type ApiTokenScope, type ApiTokenView } from '@deck-portal/domain';
import type { apiTokens } from '../db/schema.ts';

export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** The scopes a row names that the portal still knows (a stored list is read, not trusted). */
export function scopesOf(row: Pick<ApiTokenRow, 'scopes'>): ApiTokenScope[] {
  return apiTokenScopes.filter((scope) => row.scopes.includes(scope));
}

/** A token as lists show it: never the token, nor its hash. */
export function toApiTokenView(row: ApiTokenRow): ApiTokenView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: scopesOf(row),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
