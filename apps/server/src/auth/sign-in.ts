import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { authMessages, type signInRequestSchema } from '@deck-portal/domain';
import { users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { verifyPassword } from './passwords.ts';
import { createSession, type User } from './sessions.ts';
import { consumeAttempt } from './throttled.ts';

/** Whether an account may get a session once its credentials check out. */
export function maySignIn(user: Pick<User, 'status' | 'role'>) {
  return user.status === 'approved' && user.role !== 'pending';
}

/** Refuses an account that may not get a session, after its credentials checked out. */
export function assertMaySignIn(user: Pick<User, 'status' | 'role'>) {
  // Status first: a declined sign-up keeps its `pending` role but is deactivated.
  if (user.status === 'declined' || user.status === 'removed') {
    throw new AppError('deactivated', authMessages.deactivated);
  }
  if (user.status === 'pending_approval' || user.role === 'pending') {
    throw new AppError('pending_approval', authMessages.pendingApproval);
  }
}

/**
 * Unknown e-mail and wrong password take the same path, the same time and the same answer;
 * the account's status is told only once the password checks out.
 */
export async function signIn(
  services: Services,
  { input, ip }: { input: z.output<typeof signInRequestSchema>; ip: string },
): Promise<{ user: User; token: string }> {
  // The address first: an address past its limit cannot spend an account's.
  const checks = [
    { key: `sign-in:ip:${ip}`, rule: services.throttleRules.signInPerIp },
    { key: `sign-in:email:${input.email}`, rule: services.throttleRules.signInPerEmail },
  ];
  // Counted before the password is checked, atomically, so a burst of parallel guesses cannot
  // all pass the limit; a right password gives its attempt back.
  const attempt = await consumeAttempt(services, checks);

  const [user] = await services.db.select().from(users).where(eq(users.email, input.email));
  const isValid = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !isValid) {
    throw new AppError('invalid_credentials', authMessages.wrongCredentials);
  }
  await attempt.giveBack();
  assertMaySignIn(user);
  const token = await createSession(services.db, services.clock, user.id);
  return { user, token };
}
