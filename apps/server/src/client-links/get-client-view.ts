import { and, eq, max } from 'drizzle-orm';
import { clientHeadline, clientLinkPaths, type ClientView } from '@deck-portal/domain';
import { hashToken } from '../auth/tokens.ts';
import { clientLinkVisits } from '../db/schema.ts';
import type { Services } from '../services.ts';
import { getClientAcceptance } from '../proposals/client-acceptance.ts';
import { loadUserNames } from './client-link-rows.ts';
import { linkLanguageOf } from './deck-language.ts';
import { isTokenShaped, type OpenClientLink } from './resolve-client-link.ts';
import { viewedSlides } from '../decks/slide-links.ts';

/** What the client's page draws: the version the link shows, and who sent it. */
export async function getClientView(
  services: Pick<Services, 'db'>,
  { open, token, viewerToken }: { open: OpenClientLink; token: string; viewerToken?: string },
): Promise<ClientView> {
  const { link, deck, version } = open;
  // The rep who made the link, or the deck's owner once that account is gone.
  const names = await loadUserNames(services.db, [link.createdBy, deck.ownerId]);
  const senderName =
    (link.createdBy && names.get(link.createdBy)) || names.get(deck.ownerId) || 'Your contact';
  return {
    // The client reads the headline; the deck title is the rep's internal reference.
    title: clientHeadline(version.draft.basicInfo),
    clientName: version.clientName,
    recipientName: link.recipientName,
    senderName,
    slides: viewedSlides(version, (number) => clientLinkPaths.slide(token, number)),
    pdfUrl: link.allowDownload ? clientLinkPaths.pdf(token) : null,
    updatedAt: (await sawEarlierVersion(services, open, viewerToken))
      ? version.createdAt.toISOString()
      : null,
    acceptance: await getClientAcceptance(services, open),
    ...linkLanguageOf(version),
  };
}

/**
 * Whether the version shown changed since this browser's (its viewer cookie's) last visit of
 * the link: the newest version it was shown is an earlier one. A link shows ever higher version
 * numbers (a restore, too, is a new number), so the newest seen is the one seen last; once the
 * browser has seen this version, later visits are not told again.
 */
async function sawEarlierVersion(
  { db }: Pick<Services, 'db'>,
  { link, version }: OpenClientLink,
  viewerToken: string | undefined,
) {
  if (!viewerToken || !isTokenShaped(viewerToken)) return false;
  const [seen] = await db
    .select({ newest: max(clientLinkVisits.version) })
    .from(clientLinkVisits)
    .where(
      and(
        eq(clientLinkVisits.linkId, link.id),
        eq(clientLinkVisits.viewerHash, hashToken(viewerToken)),
      ),
    );
  return seen?.newest != null && seen.newest < version.number;
}
