import {
  chooseOptionalLines,
  quoteSummary,
  type DeckDraft,
  type PriceBook,
  type ProposalSummary,
} from '@deck-portal/domain';
import type { Db } from '../db/database.ts';
import type { DeckVersionRow } from '../decks/deck-versions.ts';
import { currentPriceBook } from '../price-book/price-book.ts';
import { bookInMarket, type PricingContext } from '../markets/pricing-context.ts';

/**
 * The priced summary of a version as the accept step shows it: one line per product, priced
 * as its pricing slide prices it (`quoteSummary`, one product at a time so each line carries
 * its own credit), with its kind, so a subscription is totalled per year apart from what the
 * client pays, as the deck's quote does; optional lines marked, and only the chosen ones counted.
 */
export function proposalSummary(
  draft: DeckDraft,
  book: PriceBook,
  {
    optionalProductIds,
    chosen,
    pricing,
  }: {
    optionalProductIds: readonly string[];
    chosen: readonly string[];
    /** The market and lists the version was priced with: its currency and tax (issue 50). */
    pricing?: PricingContext | null | undefined;
  },
): ProposalSummary {
  const selection = draft.productSelection;
  const lines = selection.selectedProducts.flatMap((selected) => {
    const quote = quoteSummary({ ...selection, selectedProducts: [selected] }, book);
    const line = quote.lines[0];
    if (!line) return [];
    return [
      {
        productId: line.productId,
        name: line.name,
        kind: line.kind,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        amountCents: line.amountCents,
        shippingCents: line.shippingCents,
        creditsCents: quote.creditsCents,
        optional: optionalProductIds.includes(selected.id),
        included: true,
      },
    ];
  });
  const market = pricing?.market;
  return chooseOptionalLines(
    {
      lines,
      ...emptyTotals,
      ...(market ? { currency: market.currency } : {}),
      ...(market?.tax ? { tax: { ...market.tax, cents: 0 } } : {}),
    },
    chosen,
  );
}

const emptyTotals = {
  subtotalCents: 0,
  shippingCents: 0,
  totalCents: 0,
  yearlyCents: 0,
  creditsCents: 0,
  netCents: 0,
};

/**
 * The prices a version was made with: the entries it recorded, or (for versions made before
 * the price book was data) the book as it stood when the version was made; in the currency of
 * the market it was priced for, at the lists' rates then (issue 50).
 */
export async function versionPriceBook(db: Db, version: DeckVersionRow): Promise<PriceBook> {
  const book = version.priceBook ?? (await currentPriceBook(db, version.createdAt)).book;
  return version.pricingContext ? bookInMarket(book, version.pricingContext) : book;
}
