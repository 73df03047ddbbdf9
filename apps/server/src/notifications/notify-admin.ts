import { and, eq } from 'drizzle-orm';
import { notifications } from '../db/schema.ts';
import type { Services } from '../services.ts';
import type { User } from '../auth/sessions.ts';
import { notifyAdminsOfSignUp } from './notify-admins-of-sign-up.ts';

/**
 * The spec's client calls this after sign-up. It acts only for the caller's own pending
 * account, and never adds a second notification: sign-up has already made one.
 */
export async function notifyAdminOfOwnSignUp(services: Services, caller: User): Promise<boolean> {
  if (caller.status !== 'pending_approval') return false;
  const isNew = await services.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.subjectUserId, caller.id)))
      .limit(1);
    if (existing) return false;
    await notifyAdminsOfSignUp(tx, { user: caller, config: services.config });
    return true;
  });
  return isNew;
}
