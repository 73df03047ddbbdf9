import {
  priceBookForMarket,
  deckFigures,
  draftPictures,
  figurePreflightFinding,
  type PreflightResponse,
  type TemplateSlideDocument,
} from '@deck-portal/domain';
import {
  buildDeck,
  createTemplateLibrary,
  preflightDeckSlides,
  useBrandFonts,
} from '@deck-portal/deck-engine/library';
import type { User } from '../auth/sessions.ts';
import { brandFiles, loadLibraryPictures } from '../library/library-pictures.ts';
import { libraryVersionDocuments } from '../library/library-versions.ts';
import { currentPriceBook } from '../price-book/price-book.ts';
import type { Services } from '../services.ts';
import { loadDeckFor } from './deck-access.ts';
import { loadRequestedVersion } from './deck-versions.ts';
import { checkOne } from './draft-pictures.ts';
import { enginePricing } from '../markets/pricing-context.ts';

/**
 * What preflight finds on a deck's version as its client will read it: the version laid out
 * again from its own draft, library version, prices and sender, in the brand's font, with the
 * picture frames the rep kept empty. Told to the rep before a client link is sent; never blocks.
 */
export async function preflightDeckVersion(
  services: Pick<Services, 'db' | 'clock' | 'objects' | 'currentLibrary' | 'deckRenderer'>,
  { user, deckId, version }: { user: User; deckId: string; version?: number | undefined },
): Promise<PreflightResponse> {
  const deck = await loadDeckFor(services, { user, deckId, need: 'view' });
  const row = await loadRequestedVersion(services.db, deck, version);
  const current = await services.currentLibrary();
  const older =
    row.libraryVersion === null || row.libraryVersion === current.number
      ? undefined
      : await libraryVersionDocuments(services.db, row.libraryVersion);
  const library = older ? createTemplateLibrary(undefined, older) : current.library;
  const files = await loadLibraryPictures(services, [], brandFiles(library.brand));
  const { family } = useBrandFonts(library.brand, files);
  const laid = buildDeck(row.draft, library, {
    ...(row.presenter ? { presenter: row.presenter } : {}),
    ...(row.priceBook ? { priceBook: row.priceBook } : {}),
    ...(row.pricingContext ? enginePricing(row.pricingContext) : {}),
    ...(family ? { fontFamily: family } : {}),
  });
  // Figures a client would not believe (an ROI from the deck's inputs), on the slide they are on.
  const { selectedSlides, inputValues } = row.draft.templateCustomization;
  const dollars = row.priceBook ?? (await currentPriceBook(services.db, services.clock.now())).book;
  const priced = row.pricingContext
    ? priceBookForMarket(dollars, row.pricingContext.market, row.pricingContext.priceLists)
    : undefined;
  const figures = deckFigures(
    (older ?? current.documents).slides as readonly TemplateSlideDocument[],
    priced?.book ?? dollars,
    {
      productSelection: row.draft.productSelection,
      selectedSlides,
      inputValues,
      ...(priced && row.pricingContext
        ? {
            inputRatio: priced.dollarRatio,
            terms: { currency: priced.currency, tax: row.pricingContext.market.tax },
          }
        : {}),
    },
  );
  const figureFindings = figures.findings.flatMap((finding) => {
    const index = laid.slides.findIndex((slide) => slide.id === finding.slideId);
    if (index < 0) return [];
    const slide = laid.slides[index]!;
    return [
      { ...figurePreflightFinding(finding), slideTitle: slide.title, slideNumber: index + 1 },
    ];
  });
  const findings = [
    ...preflightDeckSlides(laid, await keptEmptyFrames(services, user, row.draft)),
    ...figureFindings,
  ].sort((a, b) => a.slideNumber - b.slideNumber);
  return { version: row.number, findings };
}

/**
 * The pictures of custom slides the rep chose to keep as marked empty frames that still cannot
 * be used: the client sees "Picture unavailable" there. Only those are checked (any other
 * missing picture stopped the generation).
 */
async function keptEmptyFrames(
  services: Pick<Services, 'db' | 'objects' | 'deckRenderer'>,
  user: User,
  draft: Parameters<typeof buildDeck>[0],
): Promise<Set<string>> {
  const kept = draftPictures(draft.templateCustomization).filter(
    (picture) => picture.isKeptAsPlaceholder,
  );
  const urls = [...new Set(kept.map((picture) => picture.url))];
  const checks = await Promise.all(urls.map((url) => checkOne(services, user, url)));
  return new Set(urls.filter((_, i) => !checks[i]!.ok));
}
