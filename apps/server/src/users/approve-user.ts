import { eq } from 'drizzle-orm';
import type { AdminUser, AssignableRole } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { users } from '../db/schema.ts';
import { sendMail } from '../mail/send-mail.ts';
import { accountApprovedMail } from '../mail/templates/account-approved-mail.tsx';
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
    await sendMail(
      tx,
      services.config,
      accountApprovedMail,
      { name: user.name, role, signInUrl: `${services.config.publicUrl}/auth` },
      { to: user.email },
    );
    return updated!;
  });
  return toAdminUser(approved);
}
