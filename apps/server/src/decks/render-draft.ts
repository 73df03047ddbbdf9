import {
  findProduct,
  type DeckDraft,
  type DeckPresenter,
  type PriceBook,
} from '@deck-portal/domain';
import type { RenderProgress, TemplateLibrary } from '@deck-portal/deck-engine';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { brandFiles, loadLibraryPictures } from '../library/library-pictures.ts';
import { currentPriceBook, productsNamedBy, recordPriceBook } from '../price-book/price-book.ts';
import { assertPicturesUsable, loadDraftUploads, refusedPictures } from './draft-pictures.ts';
import { decideClearance } from '../deal-desk/version-clearance.ts';

/**
 * Checks the draft against the newest library version and renders it from that version on the
 * worker pool, with the owner's uploaded pictures and the library's pictures on the slides it
 * uses (the answer says which version); refuses the result (422) when a picture is missing and
 * not kept as a frame.
 */
export async function renderDraft(
  services: Services,
  {
    draft,
    presenter,
    uploaderIds,
    onProgress,
    dealDesk,
  }: {
    draft: DeckDraft;
    presenter: DeckPresenter | undefined;
    /** Whose uploads the draft may name. */
    uploaderIds: readonly string[];
    onProgress?: (progress: RenderProgress) => void;
    /** The deck and owner whose limits the prices are checked against (the watermark). */
    dealDesk: { deckId: string | null; ownerId: string; approvalRequestId?: string | null };
  },
) {
  const current = await services.currentLibrary();
  assertKnownTemplates(current, draft);
  const prices = await currentPriceBook(services.db, services.clock.now());
  assertProductsSold(prices.book, draft);
  const { slides, layouts, parts } = current.documents;
  const chosen = new Set(draft.templateCustomization.selectedSlides);
  const layoutIds = new Set(draft.templateCustomization.customSlides.map((s) => s.layoutId));
  const documents = [
    ...slides.filter((slide) => chosen.has(slide.id)),
    ...layouts.filter((layout) => layoutIds.has(layout.id)),
    ...parts,
  ];
  // The entries the deck uses: its products', and those of products its slides speak of.
  const priceBook = recordPriceBook(prices.entries, [
    ...draft.productSelection.selectedProducts.map((product) => product.id),
    ...productsNamedBy(documents),
  ]);
  const pictures = {
    ...(await loadLibraryPictures(services, documents, [
      ...brandFiles(current.documents.brand),
      // The pictures of the draft's products, as the price book has them now.
      ...priceBook.products.map((product) => product.picture),
    ])),
    ...(await loadDraftUploads(services, draft, uploaderIds)),
  };
  const clearance = await decideClearance(services.db, {
    ...dealDesk,
    selection: draft.productSelection,
    priceBook,
  });
  const rendered = await services.deckRenderer.generate(draft, {
    ...(clearance.watermark ? { watermark: clearance.watermark } : {}),
    ...(presenter ? { presenter } : {}),
    ...(onProgress ? { onProgress } : {}),
    pictures,
    library: { key: `library-${current.number}`, documents: current.documents },
    priceBook,
  });
  assertPicturesUsable(draft, refusedPictures(draft, rendered.missingPictures));
  return { ...rendered, libraryVersion: current.number, priceBook, clearance };
}

/** Every product of the draft must be in the price book and still sold. */
export function assertProductsSold(book: PriceBook, draft: DeckDraft) {
  const fields: Record<string, string> = {};
  draft.productSelection.selectedProducts.forEach((selected, index) => {
    const product = findProduct(book, selected.id);
    if (!product) {
      fields[`productSelection.selectedProducts.${index}.id`] =
        `The price book has no product “${selected.id}”.`;
    } else if (!product.active) {
      fields[`productSelection.selectedProducts.${index}.id`] =
        `${product.name} is no longer sold: remove it from the deck.`;
    }
  });
  if (Object.keys(fields).length > 0) {
    throw new AppError('validation_failed', Object.values(fields).join(' '), { fields });
  }
}

/** Every chosen slide and layout must exist in the library, or the deck would silently lack it. */
export function assertKnownTemplates({ library }: { library: TemplateLibrary }, draft: DeckDraft) {
  const fields: Record<string, string> = {};
  const slideIds = new Set(library.slides.map((slide) => slide.id));
  const unknownSlides = draft.templateCustomization.selectedSlides.filter(
    (id) => !slideIds.has(id),
  );
  if (unknownSlides.length > 0) {
    fields['templateCustomization.selectedSlides'] =
      `Unknown template slides: ${unknownSlides.join(', ')}`;
  }
  const layoutIds = new Set(library.layouts.map((layout) => layout.id));
  draft.templateCustomization.customSlides.forEach((slide, index) => {
    if (!layoutIds.has(slide.layoutId)) {
      fields[`templateCustomization.customSlides.${index}.layoutId`] =
        `Unknown layout: ${slide.layoutId}`;
    }
  });
  if (Object.keys(fields).length > 0) {
    throw new AppError('validation_failed', Object.values(fields).join(' '), { fields });
  }
}
