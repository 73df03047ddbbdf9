import { and, eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { notifications, users } from '../db/schema.ts';
import { sendMails } from '../mail/send-mail.ts';
import { signUpWaitingMail } from '../mail/templates/sign-up-waiting-mail.tsx';

/**
 * Tells every approved administrator about a new sign-up: a notification in the portal and an
 * e-mail each. Runs inside the sign-up's transaction.
 */
export async function notifyAdminsOfSignUp(
  tx: Db,
  { user, config }: { user: { id: string; name: string; email: string }; config: Config },
) {
  const message = `New user sign-up: ${user.name} (${user.email})`;
  await tx.insert(notifications).values({ message, subjectUserId: user.id });
  const admins = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'approved')));
  await sendMails(
    tx,
    config,
    signUpWaitingMail,
    admins.map((admin) => ({
      to: admin.email,
      props: {
        adminName: admin.name,
        userName: user.name,
        userEmail: user.email,
        reviewUrl: `${config.publicUrl}/admin`,
      },
    })),
  );
}
