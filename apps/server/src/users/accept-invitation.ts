import { and, eq, gt, isNull } from 'drizzle-orm';
import { adminMessages, authMessages, type acceptInviteRequestSchema } from '@deck-portal/domain';
import type { z } from 'zod';
import { createAccount } from '../auth/create-account.ts';
import { hashPassword, isCommonPassword } from '../auth/passwords.ts';
import { createSession, type User } from '../auth/sessions.ts';
import { hashToken } from '../auth/tokens.ts';
import { invitations } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { recordAudit } from './record-audit.ts';

/**
 * Turns an invitation into an approved account with the invited role and signs the invitee
 * in. The link works once: the first use claims it, and a reused or expired one is refused.
 */
export async function acceptInvitation(
  services: Services,
  { input }: { input: z.output<typeof acceptInviteRequestSchema> },
): Promise<{ user: User; token: string }> {
  if (await isCommonPassword(input.password)) {
    throw new AppError('common_password', authMessages.commonPassword, {
      fields: { password: authMessages.commonPassword },
    });
  }
  const passwordHash = await hashPassword(input.password);
  const now = services.clock.now();
  return services.db.transaction(async (tx) => {
    // The conditional update is the claim: a concurrent second use finds no open invitation.
    const [invitation] = await tx
      .update(invitations)
      .set({ acceptedAt: now })
      .where(
        and(
          eq(invitations.tokenHash, hashToken(input.token)),
          isNull(invitations.acceptedAt),
          gt(invitations.expiresAt, now),
        ),
      )
      .returning();
    if (!invitation) throw new AppError('invalid_token', adminMessages.invalidInvitation);
    const user = await createAccount(
      { db: tx, clock: services.clock, config: services.config },
      {
        email: invitation.email,
        name: invitation.name,
        passwordHash,
        provider: 'password',
        approvedAs: invitation.role,
      },
    );
    await recordAudit(tx, {
      actorId: user.id,
      action: 'invitation.accepted',
      target: user,
      newValue: user.role,
      at: now,
    });
    const token = await createSession(tx, services.clock, user.id);
    return { user, token };
  });
}
