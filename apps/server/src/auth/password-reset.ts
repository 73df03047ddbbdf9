import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  authMessages,
  type passwordResetConfirmSchema,
  type passwordResetRequestSchema,
} from '@deck-portal/domain';
import { outboxMails, passwordResetTokens, users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import { loadMailContext } from '../mail/load-mail-context.ts';
import { deliverMailJob } from '../mail/mailer.ts';
import { sendMail } from '../mail/send-mail.ts';
import { passwordChangedMail } from '../mail/templates/password-changed-mail.tsx';
import { passwordResetMail } from '../mail/templates/password-reset-mail.tsx';
import { renderMail } from '../mail/templates/render-mail.tsx';
import type { Services } from '../services.ts';
import { hashPassword, isCommonPassword } from './passwords.ts';
import { endUserSessions } from './sessions.ts';
import { maySignIn } from './sign-in.ts';
import { consumeAttempt } from './throttled.ts';
import { hashToken, newToken } from './tokens.ts';

export const resetTokenLifetimeMs = 60 * 60_000;

/** Names no account: where an address has no account that may reset, the writes find no row. */
const noAccount = '00000000-0000-0000-0000-000000000000';

/**
 * Mails a single-use reset link valid for an hour; a newer link voids the older ones. Only an
 * account that could sign in with the new password gets one: an unknown address, and a
 * pending, declined or removed account, get exactly the same answer and no mail (DESIGN.md
 * section 4). Every address takes the same path, too: the same token made, the same statements
 * in one transaction, each writing only for the account it names, so the answer's time does not
 * tell which addresses have accounts either.
 */
export async function requestPasswordReset(
  services: Services,
  { input, ip }: { input: z.output<typeof passwordResetRequestSchema>; ip: string },
) {
  const { resetPerIpPerMinute, resetPerIp, resetPerEmailPerMinute, resetPerEmail } =
    services.throttleRules;
  // The caller's own address first (see Throttle.consume), then the account's.
  const checks = [
    { key: `reset-minute:ip:${ip}`, rule: resetPerIpPerMinute },
    { key: `reset:ip:${ip}`, rule: resetPerIp },
    { key: `reset-minute:email:${input.email}`, rule: resetPerEmailPerMinute },
    { key: `reset:email:${input.email}`, rule: resetPerEmail },
  ];
  await consumeAttempt(services, checks, authMessages.tooManyResetRequests);

  const [user] = await services.db.select().from(users).where(eq(users.email, input.email));
  const userId = user && maySignIn(user) ? user.id : noAccount;
  const token = newToken();
  const now = services.clock.now();
  const link = `${services.config.publicUrl}/auth/reset?token=${token}`;
  // Rendered for every address, whether a mail is written or not.
  const mail = await renderMail(
    passwordResetMail,
    { name: user?.name ?? '', resetUrl: link },
    await loadMailContext(services.db, services.config),
  );
  await services.db.transaction(async (tx) => {
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    await tx.execute(sql`
      insert into ${passwordResetTokens} (token_hash, user_id, created_at, expires_at)
      select ${hashToken(token)}, ${users.id}, ${now.toISOString()}::timestamptz,
        ${new Date(now.getTime() + resetTokenLifetimeMs).toISOString()}::timestamptz
      from ${users} where ${users.id} = ${userId}`);
    // The link sets a password: the mail's text is kept only until an SMTP server has it.
    await tx.execute(sql`
      insert into ${outboxMails} ("to", subject, text, html, is_secret)
      select ${users.email}, ${mail.subject}::text, ${mail.text}::text, ${mail.html}::text,
        ${passwordResetMail.isSecret}::boolean
      from ${users} where ${users.id} = ${userId}`);
    // Delivers whatever is waiting: nothing new when no mail was written.
    await enqueueJob(tx, undefined, deliverMailJob, {});
  });
}

/** Sets a new password with a reset token; exactly one use of a token can win. */
export async function confirmPasswordReset(
  services: Services,
  { input }: { input: z.output<typeof passwordResetConfirmSchema> },
) {
  if (await isCommonPassword(input.password)) {
    throw new AppError('common_password', authMessages.commonPassword, {
      fields: { password: authMessages.commonPassword },
    });
  }
  const passwordHash = await hashPassword(input.password);
  const now = services.clock.now();
  const user = await services.db.transaction(async (tx) => {
    // The conditional update is the claim: a concurrent second use finds no unused row.
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(input.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) throw new AppError('invalid_token', authMessages.invalidResetLink);
    // An account declined or removed since the link was sent may not set a password with it.
    const [updated] = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, claimed.userId), eq(users.status, 'approved')))
      .returning();
    if (!updated || !maySignIn(updated))
      throw new AppError('invalid_token', authMessages.invalidResetLink);
    await endUserSessions(tx, updated.id);
    await sendMail(
      tx,
      services.config,
      passwordChangedMail,
      { name: updated.name, signInUrl: `${services.config.publicUrl}/auth` },
      { to: updated.email },
    );
    return updated;
  });
  // A user throttled for failed sign-ins may sign in with the new password right away.
  await services.throttle.clear(`sign-in:email:${user.email}`);
}
