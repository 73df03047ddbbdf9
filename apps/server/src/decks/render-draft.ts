import {
  findProduct,
  type DeckDraft,
  type DeckPresenter,
  type DeckPriceBook,
  type PriceBook,
  type TemplateLibraryDocuments,
} from '@deck-portal/domain';
import type {
  DeckIdentity,
  DeckRenderer,
  RenderedDeck,
  RenderProgress,
  TemplateLibrary,
} from '@deck-portal/deck-engine/library';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { brandFiles, loadLibraryPictures } from '../library/library-pictures.ts';
import { currentPriceBook, productsNamedBy, recordPriceBook } from '../price-book/price-book.ts';
import { assertPicturesUsable, loadDraftUploads, refusedPictures } from './draft-pictures.ts';
import { decideClearance } from '../deal-desk/version-clearance.ts';
import { versionSources } from './version-sources.ts';
import { renderEditedAgain } from '../deck-edits/render-edited.ts';
import type { DeckVersionRow } from './deck-versions.ts';
import { storeDrawn, type FilesTarget, type StoredDeck } from './version-files.ts';
import {
  assertDeckInputsInMarket,
  assertPricedInMarket,
  enginePricing,
  pricingContextFor,
  type PricingContext,
} from '../markets/pricing-context.ts';

type RenderInput = {
  draft: DeckDraft;
  presenter: DeckPresenter | undefined;
  /** Whose uploads the draft may name. */
  uploaderIds: readonly string[];
  onProgress?: (progress: RenderProgress) => void;
  /**
   * The deck and the version number its files will most likely be, written into the PowerPoint
   * file so an edited copy brought back is known for this deck's (issue 49).
   */
  identity?: DeckIdentity;
};

type DraftInput = RenderInput & {
  /** The deck and owner whose limits the prices are checked against (the watermark). */
  dealDesk: { deckId: string | null; ownerId: string; approvalRequestId?: string | null };
};

/** The options a deck is drawn with (`DeckRenderer['generate']`'s). */
type DrawOptions = NonNullable<Parameters<DeckRenderer['generate']>[1]>;

/** How a checked draft is drawn: its files answered, or written to the store. */
type Draw<T> = (draft: DeckDraft, options: DrawOptions) => Promise<T>;

/** Drawn by the renderer, its files answered. */
const drawFiles =
  (services: Services): Draw<RenderedDeck> =>
  (draft, options) =>
    services.deckRenderer.generate(draft, options);

/**
 * Checks the draft against the newest library version and renders it from that version on the
 * worker pool, with the owner's uploaded pictures and the library's pictures on the slides it
 * uses (the answer says which version); refuses the result (422) when a picture is missing and
 * not kept as a frame. The deck's files are written to the object store where `target` says (the
 * bytes before the version's rows, as `FileStore.upload`): by the render process itself when it
 * can, so they never reach this process (ADRs 084, 085). Only their rows come back. Once `signal`
 * is aborted, no file is written.
 */
export function renderDraftStored(
  services: Services,
  input: DraftInput,
  target: FilesTarget,
  signal?: AbortSignal,
) {
  const { deckRenderer } = services;
  return renderChecked(services, input, (draft, options) =>
    deckRenderer.generateStored
      ? deckRenderer.generateStored(target, draft, options, signal)
      : storeDrawn(
          () => services.objects,
          deckRenderer.generate(draft, options),
          target,
          () => signal?.throwIfAborted(),
        ),
  );
}

async function renderChecked<T extends Pick<RenderedDeck, 'missingPictures'>>(
  services: Services,
  { dealDesk, ...input }: DraftInput,
  draw: Draw<T>,
) {
  const current = await services.currentLibrary();
  assertKnownTemplates(current, input.draft);
  const prices = await currentPriceBook(services.db, services.clock.now());
  assertProductsSold(prices.book, input.draft);
  // Its market and the price lists as they are now: recorded with the version.
  const pricing = await pricingContextFor(services.db, input.draft);
  assertPricedInMarket(prices.book, input.draft, pricing);
  assertDeckInputsInMarket(current.library.slides, prices.book, input.draft, pricing);
  // The entries the deck uses: its products', and those of products its slides or its
  // products' terms speak of (`{{product.battery_monitoring.price}}`).
  const selectedIds = input.draft.productSelection.selectedProducts.map((product) => product.id);
  const priceBook = recordPriceBook(prices.entries, [
    ...selectedIds,
    ...productsNamedBy(usedDocuments(current.documents, input.draft)),
    ...productsNamedBy(prices.book.products.filter((product) => selectedIds.includes(product.id))),
  ]);
  const clearance = await decideClearance(services.db, {
    ...dealDesk,
    selection: input.draft.productSelection,
    priceBook,
    pricing,
  });
  const rendered = await renderFrom(
    services,
    input,
    { library: current, priceBook, pricing, watermark: clearance.watermark },
    draw,
  );
  return {
    ...rendered,
    libraryVersion: current.number,
    priceBook,
    pricingContext: pricing,
    clearance,
  };
}

/**
 * Renders a stored version again as it was made — from its draft (or its edited slides), the
 * library version and the price book it was drawn from — with or without the watermark: a
 * restore or a duplicate whose clearance is no longer what its files show. Versions made before decks recorded their library
 * version or prices are drawn from the current ones.
 */
export async function renderVersionAgain(
  services: Services,
  {
    version,
    draft = version.draft,
    uploaderIds,
    watermark,
  }: {
    version: DeckVersionRow;
    /** The draft to render, when not the version's own (a duplicate's new title). */
    draft?: DeckDraft;
    uploaderIds: readonly string[];
    watermark: string | undefined;
  },
) {
  if (version.edited) {
    return renderEditedAgain(services, {
      deckId: version.deckId,
      from: version,
      draft,
      presenter: version.presenter ?? undefined,
      uploaderIds,
      edited: version.edited,
      versionNumber: version.number,
      watermark,
    });
  }
  const { library, priceBook, pricing } = await versionSources(services, { ...version, draft });
  const input = {
    draft,
    presenter: version.presenter ?? undefined,
    uploaderIds,
    identity: { deckId: version.deckId, version: version.number },
  };
  return renderFrom(
    services,
    input,
    { library, priceBook, pricing, watermark },
    drawFiles(services),
  );
}

/**
 * What a version made from another (a restore, a duplicate) keeps of it: its slides as they were,
 * or as drawn again (`again`, `renderVersionAgain`'s), with the sources it was drawn from.
 */
export function keptVersionContent(
  from: DeckVersionRow,
  again: Awaited<ReturnType<typeof renderVersionAgain>> | undefined,
) {
  return {
    slideCount: again?.svgs.length ?? from.slideCount,
    slideTitles: again?.slideTitles ?? from.slideTitles,
    slideLinks: again?.slideLinks ?? from.slideLinks,
    warnings: again?.warnings ?? from.warnings,
    presenter: from.presenter,
    libraryVersion: from.libraryVersion,
    priceBook: from.priceBook,
    pricingContext: from.pricingContext,
    editKind: from.editKind,
    edited: from.edited,
    slidePlan: again?.slidePlan ?? from.slidePlan,
    slideProducts: again?.slideProducts ?? from.slideProducts,
  };
}

/** The library's slides, layouts and parts a draft uses. */
function usedDocuments(documents: TemplateLibraryDocuments, draft: DeckDraft) {
  const chosen = new Set(draft.templateCustomization.selectedSlides);
  const layoutIds = new Set(draft.templateCustomization.customSlides.map((s) => s.layoutId));
  return [
    ...documents.slides.filter((slide) => chosen.has(slide.id)),
    ...documents.layouts.filter((layout) => layoutIds.has(layout.id)),
    ...documents.parts,
  ];
}

/** Renders a draft from one library version and price book, with the pictures it uses. */
async function renderFrom<T extends Pick<RenderedDeck, 'missingPictures'>>(
  services: Services,
  { draft, presenter, uploaderIds, onProgress, identity }: RenderInput,
  {
    library,
    priceBook,
    pricing,
    watermark,
  }: {
    library: { number: number; documents: TemplateLibraryDocuments };
    priceBook: DeckPriceBook;
    pricing: PricingContext;
    watermark: string | undefined;
  },
  draw: Draw<T>,
) {
  const pictures = {
    ...(await loadLibraryPictures(services, usedDocuments(library.documents, draft), [
      ...brandFiles(library.documents.brand),
      // The pictures of the draft's products, as its price book has them.
      ...priceBook.products.map((product) => product.picture),
    ])),
    ...(await loadDraftUploads(services, draft, uploaderIds)),
  };
  const rendered = await draw(draft, {
    ...(watermark ? { watermark } : {}),
    ...(presenter ? { presenter } : {}),
    ...(onProgress ? { onProgress } : {}),
    ...(identity ? { identity } : {}),
    pictures,
    library: { key: `library-${library.number}`, documents: library.documents },
    priceBook,
    ...enginePricing(pricing),
  });
  assertPicturesUsable(draft, refusedPictures(draft, rendered.missingPictures));
  return rendered;
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
  // The deck inputs' bounds are in the deck's currency: checked with its pricing
  // (assertDeckInputsInMarket).
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

/**
 * What a rendered deck gives the version that keeps it (`writeDeckVersion`'s content), apart
 * from the draft and the presenter, which the caller knows.
 */
export function renderedVersionContent(
  rendered: ({ svgs: string[] } | Pick<StoredDeck, 'slideCount'>) &
    Pick<
      Awaited<ReturnType<typeof renderDraftStored>>,
      | 'slideTitles'
      | 'slideLinks'
      | 'warnings'
      | 'libraryVersion'
      | 'priceBook'
      | 'pricingContext'
      | 'clearance'
      | 'slidePlan'
      | 'slideProducts'
    >,
) {
  return {
    slideCount: 'slideCount' in rendered ? rendered.slideCount : rendered.svgs.length,
    slideTitles: rendered.slideTitles,
    slideLinks: rendered.slideLinks,
    warnings: rendered.warnings,
    libraryVersion: rendered.libraryVersion,
    priceBook: rendered.priceBook,
    pricingContext: rendered.pricingContext,
    dealCheck: rendered.clearance.dealCheck,
    approvedBy: rendered.clearance.approvedByRequest,
    slidePlan: rendered.slidePlan,
    slideProducts: rendered.slideProducts,
  };
}
