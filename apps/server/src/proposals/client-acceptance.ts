import type { ClientAcceptance } from '@deck-portal/domain';
import type { OpenClientLink } from '../client-links/resolve-client-link.ts';
import type { Services } from '../services.ts';
import { readAcceptanceTerms } from './acceptance-terms.ts';
import { proposalSummary, versionPriceBook } from './proposal-summary.ts';
import { findAcceptance, findLatestLinkResponse, toClientAccepted } from './proposal-records.ts';

/**
 * Whether the link cannot take an acceptance now because the deck is being updated. A pinned
 * link shows its version (only once cleared) and accepts it. A link that follows the newest
 * version accepts the version it shows, which is the newest as soon as that one's prices are
 * cleared; while the newest awaits approval the link still shows the one before, which is no
 * longer the proposal, so accepting waits.
 */
export function isAwaitingNewVersion({
  link,
  deck,
  version,
}: Pick<OpenClientLink, 'link' | 'deck' | 'version'>) {
  return link.pinnedVersion === null && deck.currentVersion !== version.number;
}

/** The accept step of the client's page, or null when the link does not offer it. */
export async function getClientAcceptance(
  services: Pick<Services, 'db'>,
  open: OpenClientLink,
): Promise<ClientAcceptance | null> {
  const { link, deck, version } = open;
  if (!link.acceptanceEnabled) return null;
  const [terms, book, acceptance, latest] = await Promise.all([
    readAcceptanceTerms(services.db),
    versionPriceBook(services.db, version),
    findAcceptance(services.db, deck.id),
    findLatestLinkResponse(services.db, link.id),
  ]);
  const summary = proposalSummary(version.draft, book, {
    pricing: version.pricingContext,
    optionalProductIds: link.optionalProductIds,
    chosen: [],
  });
  const declined = !acceptance && latest?.kind === 'declined' ? latest : undefined;
  return {
    state: acceptance ? 'accepted' : declined ? 'declined' : 'open',
    version: version.number,
    isUpdating: isAwaitingNewVersion(open),
    termsText: terms.text,
    termsSha256: terms.sha256,
    summary,
    // Another link's acceptance says the deck is taken, not who took it.
    accepted: acceptance && acceptance.linkId === link.id ? toClientAccepted(acceptance) : null,
    declinedAt: declined?.createdAt.toISOString() ?? null,
  };
}
