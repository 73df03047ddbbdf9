import { and, eq, isNull } from 'drizzle-orm';
import {
  invitationLifetimeDays,
  type Invitation,
  type inviteUserRequestSchema,
} from '@deck-portal/domain';
import type { z } from 'zod';
import type { User } from '../auth/sessions.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { invitations, users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { withMailQuota } from '../auth/mail-quota.ts';
import { sendMail } from '../mail/send-mail.ts';
import { invitationMail } from '../mail/templates/invitation-mail.tsx';
import type { Services } from '../services.ts';
import { recordAudit } from './record-audit.ts';

export const invitationLifetimeMs = invitationLifetimeDays * 24 * 3600_000;

/**
 * Invites an address: a single-use link, valid for seven days, through which the invitee sets
 * a password and arrives approved with the given role. A newer invitation voids older ones.
 */
export async function inviteUser(
  services: Services,
  { actor, input }: { actor: User; input: z.output<typeof inviteUserRequestSchema> },
): Promise<Invitation> {
  const token = newToken();
  const now = services.clock.now();
  const expiresAt = new Date(now.getTime() + invitationLifetimeMs);
  const link = `${services.config.publicUrl}/auth/invite?token=${token}`;
  await withMailQuota(services, actor.id, () =>
    services.db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, input.email));
      if (existing) {
        throw new AppError('email_taken', 'An account with this email address already exists.', {
          status: 409,
          fields: { email: 'An account with this email address already exists.' },
        });
      }
      await tx
        .delete(invitations)
        .where(and(eq(invitations.email, input.email), isNull(invitations.acceptedAt)));
      await tx.insert(invitations).values({
        tokenHash: hashToken(token),
        email: input.email,
        name: input.name,
        role: input.role,
        invitedBy: actor.id,
        createdAt: now,
        expiresAt,
      });
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'user.invited',
        target: { id: null, email: input.email },
        newValue: input.role,
        at: now,
      });
      // The link sets a password: the template is secret, kept only until SMTP has it.
      await sendMail(
        tx,
        services.config,
        invitationMail,
        { name: input.name, inviterName: actor.name, role: input.role, acceptUrl: link },
        { to: input.email },
      );
    }),
  );
  return {
    email: input.email,
    name: input.name,
    role: input.role,
    expiresAt: expiresAt.toISOString(),
  };
}
