import { and, eq, gt } from 'drizzle-orm';
import { clientLinkMessages } from '@deck-portal/domain';
import { hashToken } from '../auth/tokens.ts';
import { clientLinks, clientLinkUnlocks, decks } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { linkStatus, type ClientLinkRow } from './client-link-rows.ts';
import type { DeckRow } from '../decks/deck-access.ts';

export type OpenClientLink = { link: ClientLinkRow; deck: DeckRow };

/** Tokens are 32 random bytes in base64url; anything else cannot be one. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/**
 * The one answer for every refused token (unknown, expired, revoked, deck deleted), so the
 * answer says nothing about which it was.
 */
export function linkUnavailable() {
  return new AppError('link_unavailable', clientLinkMessages.unavailable, { status: 404 });
}

/** The link a token opens and its deck, while the link is active. */
export async function resolveClientLink(
  { db, clock }: Pick<Services, 'db' | 'clock'>,
  token: string,
): Promise<OpenClientLink> {
  if (!tokenPattern.test(token)) throw linkUnavailable();
  const [row] = await db
    .select({ link: clientLinks, deck: decks })
    .from(clientLinks)
    .innerJoin(decks, eq(decks.id, clientLinks.deckId))
    .where(eq(clientLinks.tokenHash, hashToken(token)));
  if (!row || linkStatus(row.link, clock.now()) !== 'active') throw linkUnavailable();
  return row;
}

/** The cookie that proves the passcode was given, scoped to the one link's API path. */
export const unlockCookieName = 'deck_link_pass';

/** Whether a passcode-protected link was unlocked by the cookie `proof`. */
export async function isUnlocked(
  { db, clock }: Pick<Services, 'db' | 'clock'>,
  link: ClientLinkRow,
  proof: string | undefined,
): Promise<boolean> {
  if (link.passcodeHash === null) return true;
  if (!proof || !tokenPattern.test(proof)) return false;
  const [unlock] = await db
    .select({ linkId: clientLinkUnlocks.linkId })
    .from(clientLinkUnlocks)
    .where(
      and(
        eq(clientLinkUnlocks.tokenHash, hashToken(proof)),
        eq(clientLinkUnlocks.linkId, link.id),
        gt(clientLinkUnlocks.expiresAt, clock.now()),
      ),
    );
  return unlock !== undefined;
}

/** Resolves the token and, for a link with a passcode, requires the unlock cookie (401). */
export async function openClientLink(
  services: Pick<Services, 'db' | 'clock'>,
  { token, proof }: { token: string; proof: string | undefined },
): Promise<OpenClientLink> {
  const open = await resolveClientLink(services, token);
  if (!(await isUnlocked(services, open.link, proof))) {
    throw new AppError('passcode_required', clientLinkMessages.passcodeRequired, { status: 401 });
  }
  return open;
}
