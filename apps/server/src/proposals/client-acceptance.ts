import type { ClientAcceptance } from '@deck-portal/domain';
import type { OpenClientLink } from '../client-links/resolve-client-link.ts';
import type { Services } from '../services.ts';
import { readAcceptanceTerms } from './acceptance-terms.ts';
import { proposalSummary, versionPriceBook } from './proposal-summary.ts';
import { findAcceptance, findLatestLinkResponse, toClientAccepted } from './proposal-records.ts';

/**
 * Whether the deck moved on since a link that follows the newest version was made: what the
 * client would accept is then not what the rep sent.
 */
export function changedSinceLink({ link, deck }: Pick<OpenClientLink, 'link' | 'deck'>) {
  return (
    link.pinnedVersion === null &&
    link.versionAtCreation !== null &&
    deck.currentVersion !== link.versionAtCreation
  );
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
    optionalProductIds: link.optionalProductIds,
    chosen: [],
  });
  const declined = !acceptance && latest?.kind === 'declined' ? latest : undefined;
  return {
    state: acceptance ? 'accepted' : declined ? 'declined' : 'open',
    changedSinceLink: changedSinceLink(open),
    termsText: terms.text,
    termsSha256: terms.sha256,
    summary,
    // Another link's acceptance says the deck is taken, not who took it.
    accepted: acceptance && acceptance.linkId === link.id ? toClientAccepted(acceptance) : null,
    declinedAt: declined?.createdAt.toISOString() ?? null,
  };
}
