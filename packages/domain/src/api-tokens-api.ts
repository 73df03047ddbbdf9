import { z } from 'zod';
import { apiTokenScopes, apiTokenScopeSchema, type ApiTokenScope } from './integrations.ts';
import { plainText } from './text.ts';

/**
 * Personal API tokens (issue 51): a user makes them for scripts and other tools, which then call
 * the same routes a session calls, within the token's scopes. The token itself is shown once.
 */

const isoDateTime = z.iso.datetime({ offset: true });

/** Every token starts with this, so a leaked one is recognised (and found by secret scanners). */
export const API_TOKEN_PREFIX = 'dpt_';

/** How long a new token lasts, in days; null: until it is revoked. */
export const apiTokenExpiryDays = [7, 30, 90, 365] as const;

/** What each scope lets a token do, in the words the token page shows. */
export const apiTokenScopeLabels: Record<ApiTokenScope, string> = {
  'decks:read': 'Read decks and their versions',
  'decks:write': 'Create decks and new versions',
  'links:read': 'List client links',
  'links:write': 'Create and revoke client links',
  'analytics:read': 'Read link and deck analytics',
};

/** `POST /api/tokens`. */
export const apiTokenCreateSchema = z
  .object({
    name: plainText('Name', { requiredMessage: 'Name the token.' })
      .trim()
      .min(1, 'Name the token.')
      .max(80, 'Name must be at most 80 characters.'),
    scopes: z
      .array(apiTokenScopeSchema, { error: 'Scopes must be a list of scopes.' })
      .min(1, 'Choose at least one scope.')
      .transform((scopes) => apiTokenScopes.filter((scope) => scopes.includes(scope))),
    expiresInDays: z
      .literal(apiTokenExpiryDays, {
        error: `Expiry must be ${apiTokenExpiryDays.join(', ')} days, or none.`,
      })
      .nullable(),
  })
  .strict();
export type ApiTokenCreate = z.input<typeof apiTokenCreateSchema>;

/** A token as its owner sees it in the list: never the token itself. */
export const apiTokenViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The token's first characters after `dpt_`, to tell tokens apart. */
  prefix: z.string(),
  scopes: z.array(apiTokenScopeSchema),
  createdAt: isoDateTime,
  expiresAt: isoDateTime.nullable(),
  lastUsedAt: isoDateTime.nullable(),
  revokedAt: isoDateTime.nullable(),
});
export type ApiTokenView = z.infer<typeof apiTokenViewSchema>;

/** `POST /api/tokens` answers the token once, beside what the list shows. */
export const apiTokenCreatedSchema = z.object({
  token: z.string(),
  apiToken: apiTokenViewSchema,
});
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;

/** `GET /api/tokens`: the caller's own tokens, newest first. */
export const apiTokensResponseSchema = z.object({ tokens: z.array(apiTokenViewSchema) });
export type ApiTokensResponse = z.infer<typeof apiTokensResponseSchema>;

/** A token in the administrators' list: with its owner, and who revoked it. */
export const adminApiTokenViewSchema = apiTokenViewSchema.extend({
  owner: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  revokedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type AdminApiTokenView = z.infer<typeof adminApiTokenViewSchema>;

/** `GET /api/admin/tokens`: every user's tokens, newest first. */
export const adminApiTokensResponseSchema = z.object({
  tokens: z.array(adminApiTokenViewSchema),
});
export type AdminApiTokensResponse = z.infer<typeof adminApiTokensResponseSchema>;

/** `/api/tokens/:id` and `/api/admin/tokens/:id`. */
export const apiTokenParamsSchema = z.object({ id: z.uuid({ error: 'No such token.' }) });

/** The state a token is in, for lists. */
export function apiTokenState(token: Pick<ApiTokenView, 'expiresAt' | 'revokedAt'>, now: Date) {
  if (token.revokedAt) return 'revoked' as const;
  if (token.expiresAt && new Date(token.expiresAt).getTime() <= now.getTime()) {
    return 'expired' as const;
  }
  return 'active' as const;
}
