import { samePricedFigures } from '@deck-portal/domain';
import { Stack, Text } from '@mantine/core';
import { useDealCheck, useDeckApproval } from '../../../lib/deal-desk.ts';
import { loadDeckDraft, type EditingDeck } from '../../../lib/deck-draft-storage.ts';
import { usePriceBook } from '../../../lib/price-book.ts';
import { useDeckLinks } from '../api/get-deck-links.ts';
import { useMarketPricing } from '../market-pricing.ts';

const linkCount = (count: number) => (count === 1 ? '1 client link' : `${count} client links`);

/**
 * Modify's review step, for a deck with active client links: what those links will show once
 * this version is generated, and whether their clients can accept it. A version priced past the
 * limits reaches no client until approved: links that follow the newest version keep showing
 * the current one meanwhile, and accepting waits (the client's page says it is being updated).
 */
export function VersionLinksNotice({ editing }: { editing: EditingDeck }) {
  const query = useDeckLinks(editing.deckId);
  const draft = loadDeckDraft();
  const selection = draft.productSelection;
  // As the server decides it: against the deck owner's limits, whoever modifies, in the deck's
  // currency, and cleared already when its priced figures are those the newest approval cleared.
  const dollarBook = usePriceBook().data;
  const pricing = useMarketPricing(draft.basicInfo?.market).data;
  const check = useDealCheck(
    selection,
    pricing?.book,
    editing.deckId,
    pricing && { currency: pricing.currency, ...(dollarBook ? { dollarBook } : {}) },
  );
  const approved = useDeckApproval(editing.deckId).data?.approvedSelection;
  const awaitsApproval =
    check?.needsApproval === true &&
    !(approved && selection && samePricedFigures(approved, selection));
  const active = (query.data?.links ?? []).filter((link) => link.status === 'active');
  if (active.length === 0) return null;
  const following = active.filter((link) => link.pinnedVersion === null);
  const pinned = active.length - following.length;
  const accepting = following.filter((link) => link.acceptance?.enabled).length;
  const next = editing.version + 1;
  const whoAccepts =
    accepting === following.length ? 'their clients' : `the clients of ${accepting} of them`;
  return (
    <Stack gap={4} mt="sm" role="group" aria-label="What the client links will show">
      {following.length > 0 &&
        (awaitsApproval ? (
          <Text size="sm" c="orange.9" fw={500}>
            {linkCount(following.length)} that follow{following.length === 1 ? 's' : ''} the newest
            version will show version {next} only once its prices are approved. Until then they keep
            showing the current version
            {accepting > 0 ? ', and clients cannot accept the proposal' : ''}.
          </Text>
        ) : (
          <Text size="sm">
            {linkCount(following.length)} that follow{following.length === 1 ? 's' : ''} the newest
            version will show version {next} as soon as it is generated
            {accepting > 0 ? `, and ${whoAccepts} can accept it there` : ''}.
          </Text>
        ))}
      {pinned > 0 && (
        <Text size="sm">
          {linkCount(pinned)} pinned to a version keep{pinned === 1 ? 's' : ''} showing that
          version.
        </Text>
      )}
    </Stack>
  );
}
