import { eq } from 'drizzle-orm';
import { roleInfo, type AdminUser, type AssignableRole } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { users } from '../db/schema.ts';
import { enqueueMail } from '../mail/mailer.ts';
import type { Services } from '../services.ts';
import { toAdminUser } from './admin-user.ts';
import { recordAudit } from './record-audit.ts';
import { lockApprovableUser } from './target-user.ts';

/**
 * Approves a pending account with a role, or a declined one an administrator reconsiders. The user's session stays: the next request loads
 * the approved account. The user is told by e-mail.
 */
export async function approveUser(
  services: Services,
  { actor, userId, role }: { actor: User; userId: string; role: AssignableRole },
): Promise<AdminUser> {
  const now = services.clock.now();
  const approved = await services.db.transaction(async (tx) => {
    const user = await lockApprovableUser(tx, userId);
    const [updated] = await tx
      .update(users)
      .set({ status: 'approved', role, approvedAt: now, roleUpdatedAt: now })
      .where(eq(users.id, user.id))
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.approved',
      target: user,
      oldValue: user.role,
      newValue: role,
      at: now,
    });
    await enqueueMail(tx, {
      to: user.email,
      subject: 'Your Deck Portal account is approved',
      text: [
        `Hello ${user.name},`,
        '',
        `An administrator approved your Deck Portal account as ${roleInfo[role].label}.`,
        '',
        `Sign in: ${services.config.publicUrl}/auth`,
      ].join('\n'),
    });
    return updated!;
  });
  return toAdminUser(approved);
}
