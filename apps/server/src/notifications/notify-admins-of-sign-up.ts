import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { notifications, users } from '../db/schema.ts';
import { enqueueMail } from '../mail/mailer.ts';

/**
 * Tells every approved administrator about a new sign-up: a notification in the portal and an
 * e-mail each. Runs inside the sign-up's transaction.
 */
export async function notifyAdminsOfSignUp(
  tx: Db,
  { user, publicUrl }: { user: { id: string; name: string; email: string }; publicUrl: string },
) {
  const message = `New user sign-up: ${user.name} (${user.email})`;
  await tx.insert(notifications).values({ message, subjectUserId: user.id });
  const admins = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'approved')));
  await enqueueMail(
    tx,
    admins.map((admin) => ({
      to: admin.email,
      subject: `New sign-up waiting for approval: ${user.name}`,
      text: [
        `Hello ${admin.name},`,
        '',
        `${user.name} (${user.email}) has signed up for Deck Portal and is waiting for approval.`,
        '',
        `Review pending accounts: ${publicUrl}/admin`,
      ].join('\n'),
    })),
  );
}
