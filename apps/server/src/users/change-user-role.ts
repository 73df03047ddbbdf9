import { eq } from 'drizzle-orm';
import type { AdminUser, AssignableRole } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { toAdminUser } from './admin-user.ts';
import { recordAudit } from './record-audit.ts';
import { assertNotLastAdmin, lockTargetUser } from './target-user.ts';

/**
 * Gives an approved user another role. Sessions stay alive: every request loads the user
 * afresh, so the very next one already has the new role.
 */
export async function changeUserRole(
  services: Services,
  { actor, userId, role }: { actor: User; userId: string; role: AssignableRole },
): Promise<AdminUser> {
  const now = services.clock.now();
  const changed = await services.db.transaction(async (tx) => {
    const user = await lockTargetUser(tx, userId);
    if (user.status !== 'approved') {
      throw new AppError('not_approved', `Only approved users can change role.`, { status: 409 });
    }
    if (user.role === role) return user;
    if (role !== 'admin') await assertNotLastAdmin(tx, user, 'demoted');
    const [updated] = await tx
      .update(users)
      .set({ role, roleUpdatedAt: now })
      .where(eq(users.id, user.id))
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.role_changed',
      target: user,
      oldValue: user.role,
      newValue: role,
      at: now,
    });
    return updated!;
  });
  return toAdminUser(changed);
}
