import { and, eq, lt } from 'drizzle-orm';
import { authMessages, clientLinkMessages } from '@deck-portal/domain';
import { verifyPassword } from '../auth/passwords.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { clientLinkUnlocks } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { resolveClientLink } from './resolve-client-link.ts';

/** How long a right passcode keeps a browser in (never past the link's own expiry). */
export const unlockLifetimeMs = 7 * 24 * 3600_000;

/**
 * Checks a link's passcode; a right one answers the proof the browser keeps in a cookie.
 * Attempts are limited as sign-in failures are: per link and per address.
 */
export async function unlockClientLink(
  services: Services,
  { token, passcode, ip }: { token: string; passcode: string; ip: string },
): Promise<{ proof: string; expiresAt: Date } | null> {
  const { link } = await resolveClientLink(services, token);
  if (link.passcodeHash === null) return null;
  const checks = [
    { key: `link-passcode:link:${link.id}`, rule: services.throttleRules.passcodePerLink },
    { key: `link-passcode:ip:${ip}`, rule: services.throttleRules.passcodePerIp },
  ];
  // Every attempt is counted before the passcode is checked, atomically, so a burst of
  // parallel guesses cannot all pass the limit; a right passcode costs one attempt too.
  const wait = await services.throttle.consume(checks);
  if (wait !== undefined) {
    throw new AppError('too_many_requests', authMessages.tooManyAttempts, {
      headers: { 'retry-after': String(wait) },
    });
  }
  if (!(await verifyPassword(link.passcodeHash, passcode))) {
    throw new AppError('wrong_passcode', clientLinkMessages.wrongPasscode, {
      fields: { passcode: clientLinkMessages.wrongPasscode },
    });
  }
  const now = services.clock.now();
  const lifetimeEnd = now.getTime() + unlockLifetimeMs;
  const expiresAt = new Date(Math.min(lifetimeEnd, link.expiresAt?.getTime() ?? lifetimeEnd));
  const proof = newToken();
  await services.db.transaction(async (tx) => {
    await tx
      .delete(clientLinkUnlocks)
      .where(and(eq(clientLinkUnlocks.linkId, link.id), lt(clientLinkUnlocks.expiresAt, now)));
    await tx
      .insert(clientLinkUnlocks)
      .values({ tokenHash: hashToken(proof), linkId: link.id, createdAt: now, expiresAt });
  });
  return { proof, expiresAt };
}
