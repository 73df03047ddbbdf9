import { and, eq } from 'drizzle-orm';
import { deckLinks, type DeckDetails } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { deckVersions, users } from '../db/schema.ts';
import { productNames } from '../price-book/price-book.ts';
import type { Services } from '../services.ts';
import { loadDeckAccessFor } from './deck-access.ts';

/** Everything the preview page shows of a deck the caller may see. */
export async function getDeckDetails(
  services: Services,
  { user, deckId }: { user: User; deckId: string },
): Promise<DeckDetails> {
  const { deck, access } = await loadDeckAccessFor(services, {
    user,
    deckId,
    need: 'view',
    allowUnready: true,
  });
  const [owner] = await services.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, deck.ownerId));
  if (!owner) throw new Error(`deck ${deck.id} has no owner row`);
  const [version] = await services.db
    .select({
      libraryVersion: deckVersions.libraryVersion,
      priceBook: deckVersions.priceBook,
      editKind: deckVersions.editKind,
      pricingContext: deckVersions.pricingContext,
    })
    .from(deckVersions)
    .where(and(eq(deckVersions.deckId, deck.id), eq(deckVersions.number, deck.currentVersion)));
  const newest = await services.currentLibrary();
  // Versions made before the price book was data recorded no entries: today's names stand in.
  const names = version?.priceBook
    ? new Map(version.priceBook.products.map((product) => [product.id, product.name]))
    : await productNames(services.db);
  const productIds = deck.draft.productSelection.selectedProducts.map((product) => product.id);
  return {
    id: deck.id,
    owner,
    status: deck.status,
    createdAt: deck.createdAt.toISOString(),
    updatedAt: deck.updatedAt.toISOString(),
    slideCount: deck.slideCount,
    warnings: deck.warnings,
    generationError: deck.status === 'failed' ? (deck.generationError ?? null) : null,
    draft: deck.draft,
    ...deckLinks(deck.id),
    canManage: access === 'manage',
    access,
    currentVersion: deck.currentVersion,
    archivedAt: deck.archivedAt?.toISOString() ?? null,
    libraryVersion: version?.libraryVersion ?? null,
    newestLibraryVersion: newest.number,
    productNames: Object.fromEntries(productIds.map((id) => [id, names.get(id) ?? id])),
    acceptedAt: deck.acceptedAt?.toISOString() ?? null,
    editKind: version?.editKind ?? null,
    currency: version?.pricingContext?.market.currency ?? 'USD',
  };
}
