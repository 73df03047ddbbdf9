import { and, eq, gt, lt } from 'drizzle-orm';
import { identities, pendingIdentityLinks } from '../db/schema.ts';
import { sendMail } from '../mail/send-mail.ts';
import { googleLinkedMail } from '../mail/templates/google-linked-mail.tsx';
import type { Services } from '../services.ts';
import type { User } from './sessions.ts';
import { hashToken, newToken } from './tokens.ts';

const pendingLinkLifetimeMs = 10 * 60_000;

/**
 * Keeps a Google identity whose address belongs to an account that has not linked it, for ten
 * minutes: the browser gets the token, and the link is made only when that browser then signs
 * in to the account with its password. An e-mail address alone never joins an identity to an
 * account — whoever controls a Google account that claims the address is not thereby its owner.
 */
export async function holdIdentityForLinking(
  services: Pick<Services, 'db' | 'clock'>,
  login: { issuer: string; subject: string; email: string; userId: string },
): Promise<string> {
  const token = newToken();
  const now = services.clock.now();
  await services.db.delete(pendingIdentityLinks).where(lt(pendingIdentityLinks.expiresAt, now));
  await services.db.insert(pendingIdentityLinks).values({
    tokenHash: hashToken(token),
    userId: login.userId,
    issuer: login.issuer,
    subject: login.subject,
    email: login.email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + pendingLinkLifetimeMs),
  });
  return token;
}

/**
 * After a password sign-in: joins the held identity to the account when it was held for this
 * very account and has not expired, and tells the account's owner by mail. Answers whether it
 * did. A token for another account, or an old one, links nothing.
 */
export async function linkHeldIdentity(
  services: Pick<Services, 'db' | 'clock' | 'mailer' | 'config'>,
  { token, user }: { token: string; user: User },
): Promise<boolean> {
  const now = services.clock.now();
  const isLinked = await services.db.transaction(async (tx) => {
    const [held] = await tx
      .delete(pendingIdentityLinks)
      .where(
        and(
          eq(pendingIdentityLinks.tokenHash, hashToken(token)),
          eq(pendingIdentityLinks.userId, user.id),
          gt(pendingIdentityLinks.expiresAt, now),
        ),
      )
      .returning();
    if (!held) return false;
    const [linked] = await tx
      .insert(identities)
      .values({ issuer: held.issuer, subject: held.subject, userId: user.id, email: held.email })
      .onConflictDoNothing()
      .returning();
    if (!linked) return false;
    await sendMail(
      tx,
      services.config,
      googleLinkedMail,
      {
        name: user.name,
        googleEmail: held.email,
        signInUrl: `${services.config.publicUrl}/auth`,
      },
      { to: user.email },
    );
    return true;
  });
  return isLinked;
}
