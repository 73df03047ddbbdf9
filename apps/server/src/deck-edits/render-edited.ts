import type { DeckDraft, DeckPresenter, EditedDeck, EditedSlide } from '@deck-portal/domain';
import type { DeckRenderer, RenderedDeck, RenderProgress } from '@deck-portal/deck-engine/library';
import type { Services } from '../services.ts';
import { decideClearance } from '../deal-desk/version-clearance.ts';
import type { DeckVersionRow } from '../decks/deck-versions.ts';
import { storeDrawn, type FilesTarget } from '../decks/version-files.ts';
import { versionSources } from '../decks/version-sources.ts';
import { carriedSlideProducts } from '../engagement/carry-slide-products.ts';
import { enginePricing } from '../markets/pricing-context.ts';
import { loadEditedPictures } from './edited-pictures.ts';

/** What drawing an edited deck needs besides its slides. */
type EditedInput = {
  deckId: string;
  /**
   * The version it was edited from: its library, prices and presenter are the deck's look; its
   * slides' products are those of the slides that kept their keys.
   */
  from: Pick<
    DeckVersionRow,
    | 'libraryVersion'
    | 'priceBook'
    | 'pricingContext'
    | 'draft'
    | 'presenter'
    | 'slidePlan'
    | 'slideProducts'
  >;
  /** The draft the version keeps (the version's, or with the prices a file brought back). */
  draft: DeckDraft;
  presenter: DeckPresenter | undefined;
  /** Whose uploads the slides may show. */
  uploaderIds: readonly string[];
  /** The version number the files will most likely be (written into the PowerPoint file). */
  versionNumber?: number;
};

/** The library, prices and pictures an edited deck is drawn with, once per drawing. */
async function editedSources(services: Services, input: EditedInput, edited: EditedDeck) {
  const { library, priceBook, pricing } = await versionSources(services, input.from);
  const pictures = await loadEditedPictures(services, {
    deckId: input.deckId,
    edited,
    library,
    uploaderIds: input.uploaderIds,
  });
  return {
    library: { key: `library-${library.number}`, documents: library.documents },
    libraryVersion: library.number,
    priceBook,
    pricing,
    pictures,
  };
}

/** The options an edited deck is drawn with (`DeckRenderer['generateEdited']`'s). */
type EditedDrawOptions = Parameters<DeckRenderer['generateEdited']>[1];

/** How an edited deck is drawn: its files answered, or written to the store. */
type DrawEdited<T> = (edited: EditedDeck, options: EditedDrawOptions) => Promise<T>;

/**
 * Draws an edited deck as a version's files on the worker pool: its slides as they are, the deck's
 * brand and pictures, the watermark when the deal desk calls for it (its prices are the draft's).
 * Its files are written to the object store where `target` says: by the render process itself
 * when it can, so they never reach this process (ADR 085). Only their rows come back; once
 * `signal` is aborted, no file is written.
 */
export async function renderEditedStored(
  services: Services,
  input: EditedInput & {
    edited: EditedDeck;
    ownerId: string;
    approvalRequestId?: string | null;
    onProgress?: (progress: RenderProgress) => void;
  },
  target: FilesTarget,
  signal?: AbortSignal,
) {
  const sources = await editedSources(services, input, input.edited);
  const clearance = await decideClearance(services.db, {
    deckId: input.deckId,
    ownerId: input.ownerId,
    approvalRequestId: input.approvalRequestId ?? null,
    selection: input.draft.productSelection,
    priceBook: sources.priceBook,
    pricing: sources.pricing,
  });
  const { deckRenderer } = services;
  const rendered = await drawEdited(input, sources, clearance.watermark, (edited, options) =>
    deckRenderer.generateEditedStored
      ? deckRenderer.generateEditedStored(target, edited, options, signal)
      : storeDrawn(
          () => services.objects,
          deckRenderer.generateEdited(edited, options),
          target,
          () => signal?.throwIfAborted(),
        ),
  );
  return { ...rendered, clearance };
}

/**
 * Draws an edited version's slides again as they were made, with or without the watermark (a
 * restore or a duplicate whose clearance is no longer what its files show).
 */
export async function renderEditedAgain(
  services: Services,
  input: EditedInput & { edited: EditedDeck; watermark: string | undefined },
) {
  const sources = await editedSources(services, input, input.edited);
  return drawEdited(input, sources, input.watermark, (edited, options) =>
    services.deckRenderer.generateEdited(edited, options),
  );
}

async function drawEdited<T extends Pick<RenderedDeck, 'slidePlan'>>(
  input: EditedInput & { edited: EditedDeck; onProgress?: (progress: RenderProgress) => void },
  sources: Awaited<ReturnType<typeof editedSources>>,
  watermark: string | undefined,
  draw: DrawEdited<T>,
) {
  const rendered = await draw(input.edited, {
    draft: input.draft,
    ...(input.presenter ? { presenter: input.presenter } : {}),
    pictures: sources.pictures,
    library: sources.library,
    priceBook: sources.priceBook,
    ...enginePricing(sources.pricing),
    ...(watermark ? { watermark } : {}),
    ...(input.onProgress ? { onProgress: input.onProgress } : {}),
    ...(input.versionNumber
      ? { identity: { deckId: input.deckId, version: input.versionNumber } }
      : {}),
  });
  return {
    ...rendered,
    slideProducts: carriedSlideProducts(input.from, rendered.slidePlan),
    libraryVersion: sources.libraryVersion,
    priceBook: sources.priceBook,
    pricingContext: sources.pricing,
  };
}

/** One slide of an edited deck drawn as the version would draw it (an SVG), for the editor. */
export async function previewEditedSlide(
  services: Services,
  input: EditedInput & { slide: EditedSlide },
): Promise<string> {
  const sources = await editedSources(services, input, { slides: [input.slide] });
  return services.deckRenderer.previewEditedSlide(input.slide, {
    draft: input.draft,
    ...(input.presenter ? { presenter: input.presenter } : {}),
    pictures: sources.pictures,
    library: sources.library,
    priceBook: sources.priceBook,
    ...enginePricing(sources.pricing),
  });
}
