import { and, eq, lt } from 'drizzle-orm';
import { clientLinkMessages } from '@deck-portal/domain';
import { verifyPassword } from '../auth/passwords.ts';
import { consumeAttempt } from '../auth/throttled.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { clientLinkUnlocks } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { resolveClientLink } from './resolve-client-link.ts';
import { requireVerifiedViewer } from './verify-viewer-proof.ts';

/** How long a right passcode keeps a browser in (never past the link's own expiry). */
export const unlockLifetimeMs = 7 * 24 * 3600_000;

/**
 * Checks a link's passcode; a right one answers the proof the browser keeps in a cookie.
 * Attempts are limited per link and address (10 in 15 minutes), so a guesser elsewhere cannot
 * lock the real client out; per link from everywhere (100), so guesses spread over many
 * addresses stay throttled; and per address over every link.
 */
export async function unlockClientLink(
  services: Services,
  {
    token,
    passcode,
    ip,
    emailProof,
  }: { token: string; passcode: string; ip: string; emailProof?: string | undefined },
): Promise<{ proof: string; expiresAt: Date } | null> {
  const { link } = await resolveClientLink(services, { token, ip });
  // A link that asks for the viewer's e-mail takes passcodes from verified viewers only.
  await requireVerifiedViewer(services, link, emailProof);
  if (link.passcodeHash === null) return null;
  const { throttleRules } = services;
  const checks = [
    {
      key: `link-passcode:link:${link.id}:ip:${ip}`,
      rule: throttleRules.passcodePerLinkAndIp,
    },
    { key: `link-passcode:ip:${ip}`, rule: throttleRules.passcodePerIp },
    // Last: shared with the real client, so only attempts its own limits let through count.
    { key: `link-passcode:link:${link.id}`, rule: throttleRules.passcodePerLink },
  ];
  // Every attempt is counted before the passcode is checked, atomically, so a burst of
  // parallel guesses cannot all pass the limit; a right passcode gives its attempt back.
  const attempt = await consumeAttempt(services, checks);
  if (!(await verifyPassword(link.passcodeHash, passcode))) {
    throw new AppError('wrong_passcode', clientLinkMessages.wrongPasscode, {
      fields: { passcode: clientLinkMessages.wrongPasscode },
    });
  }
  await attempt.giveBack();
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
