import {
  API_TOKEN_PREFIX,
  type ApiTokenCreated,
  type apiTokenCreateSchema,
} from '@deck-portal/domain';
import type { z } from 'zod';
import type { User } from '../auth/sessions.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { apiTokens } from '../db/schema.ts';
import type { Services } from '../services.ts';
import { recordAudit } from '../users/record-audit.ts';
import { toApiTokenView } from './api-token-view.ts';

const dayMs = 24 * 3600_000;

/**
 * Makes a personal API token for `user` and answers it once: only its SHA-256 is kept, so
 * nobody, the portal included, can show it again. Its first characters are kept to tell
 * tokens apart in lists.
 */
export async function createApiToken(
  services: Pick<Services, 'db' | 'clock'>,
  {
    user,
    request,
  }: { user: Pick<User, 'id' | 'email'>; request: z.output<typeof apiTokenCreateSchema> },
): Promise<ApiTokenCreated> {
  const secret = newToken();
  const token = `${API_TOKEN_PREFIX}${secret}`;
  const now = services.clock.now();
  const row = await services.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(apiTokens)
      .values({
        userId: user.id,
        name: request.name,
        tokenHash: hashToken(token),
        prefix: secret.slice(0, 8),
        scopes: [...request.scopes],
        createdAt: now,
        expiresAt:
          request.expiresInDays === null
            ? null
            : new Date(now.getTime() + request.expiresInDays * dayMs),
      })
      .returning();
    await recordAudit(tx, {
      actorId: user.id,
      action: 'api_token.created',
      target: user,
      subject: { kind: 'api_token', id: inserted!.id, label: inserted!.name },
      newValue: JSON.stringify({
        id: inserted!.id,
        name: inserted!.name,
        prefix: inserted!.prefix,
        scopes: inserted!.scopes,
        expiresAt: inserted!.expiresAt?.toISOString() ?? null,
      }),
      at: now,
    });
    return inserted!;
  });
  return { token, apiToken: toApiTokenView(row) };
}
