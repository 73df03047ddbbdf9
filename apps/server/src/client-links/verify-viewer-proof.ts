import { and, eq, gt, isNotNull } from 'drizzle-orm';
import { viewerEmailMessages } from '@deck-portal/domain';
import { hashToken } from '../auth/tokens.ts';
import { clientLinkUnlocks } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import type { ClientLinkRow } from './client-link-rows.ts';

/**
 * The cookie that proves the viewer's e-mail address was verified on a link that asks for it
 * (issue 51), scoped to the one link's API path like the passcode's. Its SHA-256 is a row of
 * `clientLinkUnlocks` with the address in `verifiedEmail`; a passcode's row has none, so
 * neither proof stands in for the other.
 */
export const viewerEmailCookieName = 'deck_link_email';

const proofPattern = /^[A-Za-z0-9_-]{43}$/;

/** The address the cookie `proof` verified for `link`, while it holds; else null. */
export async function verifiedEmailOf(
  { db, clock }: Pick<Services, 'db' | 'clock'>,
  link: Pick<ClientLinkRow, 'id'>,
  proof: string | undefined,
): Promise<string | null> {
  if (!proof || !proofPattern.test(proof)) return null;
  const [unlock] = await db
    .select({ verifiedEmail: clientLinkUnlocks.verifiedEmail })
    .from(clientLinkUnlocks)
    .where(
      and(
        eq(clientLinkUnlocks.tokenHash, hashToken(proof)),
        eq(clientLinkUnlocks.linkId, link.id),
        isNotNull(clientLinkUnlocks.verifiedEmail),
        gt(clientLinkUnlocks.expiresAt, clock.now()),
      ),
    );
  return unlock?.verifiedEmail ?? null;
}

/**
 * On a link that asks for the viewer's e-mail, the verified address, or 401 `email_required`
 * before it was verified: nothing of the deck (its title, slides, rep) is served before.
 * On any other link, null.
 */
export async function requireVerifiedViewer(
  services: Pick<Services, 'db' | 'clock'>,
  link: Pick<ClientLinkRow, 'id' | 'requireEmail'>,
  proof: string | undefined,
): Promise<string | null> {
  if (!link.requireEmail) return null;
  const email = await verifiedEmailOf(services, link, proof);
  if (email === null) {
    throw new AppError('email_required', viewerEmailMessages.emailRequired, { status: 401 });
  }
  return email;
}
