import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { clientLinkMessages } from '@deck-portal/domain';
import { hashToken } from '../auth/tokens.ts';
import { clientLinks, clientLinkUnlocks, deckVersions, decks } from '../db/schema.ts';
import type { DeckVersionRow } from '../decks/deck-versions.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { linkStatus, type ClientLinkRow } from './client-link-rows.ts';
import type { DeckRow } from '../decks/deck-access.ts';
import { clearedVersionSql, proposalUpdating } from '../deal-desk/client-visibility.ts';
import { requireVerifiedViewer } from './verify-viewer-proof.ts';

/**
 * An open link, its deck, and the version it shows: the pinned one, else the newest; opened
 * by a viewer who proved an address (a link that asks for one, issue 51), that address.
 */
export type OpenClientLink = {
  link: ClientLinkRow;
  deck: DeckRow;
  version: DeckVersionRow;
  verifiedEmail?: string | null;
};

/** Tokens are 32 random bytes in base64url; anything else cannot be one. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** Whether `value` has the shape of a token this module makes (32 random bytes, base64url). */
export const isTokenShaped = (value: string) => tokenPattern.test(value);

type LinkServices = Pick<Services, 'db' | 'clock' | 'throttle' | 'throttleRules'>;

/**
 * The one answer for every refused token (unknown, expired, revoked, deck deleted), so the
 * answer says nothing about which it was.
 */
export function linkUnavailable() {
  return new AppError('link_unavailable', clientLinkMessages.unavailable, { status: 404 });
}

/**
 * The refusal of a token, counted against the caller's address: past `unknownTokenPerIp` the
 * answer is 429 with Retry-After instead of 404, so nobody can try tokens by the thousand.
 * Every refusal counts, not only tokens that name no link: an address past the limit then gets
 * 429 whatever the token, so the answers still say nothing about which tokens exist.
 */
export async function refuseLink(
  services: Pick<Services, 'throttle' | 'throttleRules'>,
  ip: string,
) {
  const { retryAfterSeconds } = await services.throttle.consume([
    { key: `client-link-refused:ip:${ip}`, rule: services.throttleRules.unknownTokenPerIp },
  ]);
  if (retryAfterSeconds !== undefined) {
    return new AppError('too_many_requests', clientLinkMessages.tooManyRefused, {
      headers: { 'retry-after': String(retryAfterSeconds) },
    });
  }
  return linkUnavailable();
}

/** The link a token opens and its deck, while the link is active; refused as `refuseLink` says. */
export async function resolveClientLink(
  services: LinkServices,
  { token, ip }: { token: string; ip: string },
): Promise<OpenClientLink> {
  const row = tokenPattern.test(token)
    ? (
        await services.db
          .select({ link: clientLinks, deck: decks, version: deckVersions })
          .from(clientLinks)
          .innerJoin(decks, eq(decks.id, clientLinks.deckId))
          // A client sees only a version whose prices need no approval or have it: the newest
          // such, or the pinned one if it is such (deal-desk/client-visibility.ts).
          .leftJoin(
            deckVersions,
            and(
              eq(deckVersions.deckId, decks.id),
              eq(
                deckVersions.number,
                sql`coalesce(${clientLinks.pinnedVersion}, (select max(v.number) from deck_versions v where v.deck_id = ${decks.id} and ${clearedVersionSql('v')}))`,
              ),
              clearedVersionSql('deck_versions'),
            ),
          )
          .where(eq(clientLinks.tokenHash, hashToken(token)))
      )[0]
    : undefined;
  if (!row || linkStatus(row.link, services.clock.now()) !== 'active') {
    throw await refuseLink(services, ip);
  }
  if (!row.version) throw proposalUpdating();
  return { ...row, version: row.version };
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
        // A verified address's proof is not a passcode's.
        isNull(clientLinkUnlocks.verifiedEmail),
        gt(clientLinkUnlocks.expiresAt, clock.now()),
      ),
    );
  return unlock !== undefined;
}

/**
 * Resolves the token and, for a link that asks for the viewer's e-mail, requires the cookie of
 * a verified address first (401 `email_required`), then for a link with a passcode the unlock
 * cookie (401 `passcode_required`).
 */
export async function openClientLink(
  services: LinkServices,
  {
    token,
    proof,
    emailProof,
    ip,
  }: { token: string; proof: string | undefined; emailProof?: string | undefined; ip: string },
): Promise<OpenClientLink> {
  const open = await resolveClientLink(services, { token, ip });
  const verifiedEmail = await requireVerifiedViewer(services, open.link, emailProof);
  if (!(await isUnlocked(services, open.link, proof))) {
    throw new AppError('passcode_required', clientLinkMessages.passcodeRequired, { status: 401 });
  }
  return { ...open, verifiedEmail };
}
