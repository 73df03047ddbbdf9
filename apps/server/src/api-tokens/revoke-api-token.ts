import { and, eq } from 'drizzle-orm';
import type { ApiTokenView } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { apiTokens, users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { recordAudit } from '../users/record-audit.ts';
import { toApiTokenView } from './api-token-view.ts';

/**
 * Revokes a token: its very next request answers 401. A user revokes their own tokens; an
 * administrator (`asAdmin`) anyone's. Revoking a revoked token changes nothing and says so
 * by answering it as it is.
 */
export async function revokeApiToken(
  services: Pick<Services, 'db' | 'clock'>,
  { actor, tokenId, asAdmin }: { actor: Pick<User, 'id'>; tokenId: string; asAdmin: boolean },
): Promise<ApiTokenView> {
  const now = services.clock.now();
  return services.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ token: apiTokens, owner: { id: users.id, email: users.email } })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(
        asAdmin
          ? eq(apiTokens.id, tokenId)
          : and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, actor.id)),
      )
      .for('update', { of: apiTokens });
    // Another user's token is as unknown to a non-administrator as a token that never was.
    if (!found) throw new AppError('not_found', 'There is no such token.');
    if (found.token.revokedAt) return toApiTokenView(found.token);
    const [revoked] = await tx
      .update(apiTokens)
      .set({ revokedAt: now, revokedBy: actor.id })
      .where(eq(apiTokens.id, tokenId))
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'api_token.revoked',
      target: found.owner,
      subject: { kind: 'api_token', id: found.token.id, label: found.token.name },
      oldValue: JSON.stringify({
        id: found.token.id,
        name: found.token.name,
        prefix: found.token.prefix,
      }),
      at: now,
    });
    return toApiTokenView(revoked!);
  });
}
