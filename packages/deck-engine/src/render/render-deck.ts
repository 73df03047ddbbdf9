import type { PlannedSlideKey, SlideLink, SlideProducts } from '@deck-portal/domain';
import type { DeckIdentity } from '../edited/deck-identity.ts';
import { slidePlanOf } from '../edited/slide-plan.ts';
import { imageUrls } from '../images/resolve-images.ts';
import type { ImageStore } from '../images/image-store.ts';
import type { Deck } from '../layout/model.ts';
import { placeImages } from './place-images.ts';
import { renderPdf } from './render-pdf.ts';
import { renderPptx } from './render-pptx.ts';
import { renderSlideSvg } from './render-svg.ts';
import { slideLinks } from './slide-links.ts';
import { layoutWatermark } from './watermark.ts';

export interface RenderedDeck {
  pptx: Buffer;
  pdf: Buffer;
  /** One standalone SVG document per slide, in deck order. */
  svgs: string[];
  /** Each slide's title, in deck order (analytics name slides by them). */
  slideTitles: string[];
  /** Each slide's linked words, in deck order: the web view lays them over its picture. */
  slideLinks: SlideLink[][];
  warnings: string[];
  /** Picture addresses the deck names that could not be used (drawn as marked frames). */
  /** Pictures the deck names that could not be used (drawn as marked frames), and why. */
  missingPictures: { url: string; reason: string }[];
  /**
   * Each slide's key and whether its figures are the quote's, in deck order: what a version
   * records so an edited copy of its files can be told slide by slide (issue 49).
   */
  slidePlan: PlannedSlideKey[];
  /**
   * Which products each slide is about, with shares of its time, in deck order (issue 51): a
   * version keeps them so a visit's seconds are given to products. Empty for an edited deck.
   */
  slideProducts: SlideProducts;
}

/** A stage of rendering as it starts, for a progress display (`layout` counts slides). */
export type RenderProgress =
  { stage: 'layout'; done: number; total: number } | { stage: 'pictures' | 'pptx' | 'pdf' | 'web' };

export interface RenderDeckOptions {
  /**
   * Text drawn as a large see-through diagonal band over every PDF page and web view slide
   * (a deck awaiting approval: `APPROVAL_WATERMARK`). Never in the PPTX: the editable file
   * stays clean.
   */
  watermark?: string;
  /** The deck and version the PPTX is, written into it (see `stampIdentity`). */
  identity?: DeckIdentity;
}

/** Draws one laid-out deck three ways. Pictures missing from `images` become marked frames. */
export async function renderDeck(
  deck: Deck,
  images: ImageStore = new Map(),
  warnings: readonly string[] = [],
  /** Why each picture missing from `images` could not be used, by its address. */
  failures: Readonly<Record<string, string>> = {},
  onProgress?: (progress: RenderProgress) => void,
  { watermark, identity }: RenderDeckOptions = {},
): Promise<RenderedDeck> {
  const slides = deck.slides.map((slide) => placeImages(slide, images));
  // Laid out once for the deck; the PDF and the web view draw it, the PPTX never does.
  const mark = watermark ? layoutWatermark(watermark) : undefined;
  const slidePlan = deck.slidePlan ?? slidePlanOf(deck.slides);
  const keys = slidePlan.map(({ key }) => key);
  // The PPTX's markup first: its parts are then deflated on libuv's thread pool while this
  // thread draws the PDF and the web view (ADR 062), and zipped when the last one is done.
  onProgress?.({ stage: 'pptx' });
  const pptxWritten = renderPptx(deck, slides, identity, keys);
  // A failure is the render's (Promise.all below), also when drawing the rest throws first.
  pptxWritten.catch(() => {});
  onProgress?.({ stage: 'pdf' });
  const pdfWritten = renderPdf(deck, slides, mark);
  pdfWritten.catch(() => {});
  onProgress?.({ stage: 'web' });
  const svgs = slides.map((slide) => renderSlideSvg(slide, mark?.band));
  const [pptx, pdf] = await Promise.all([pptxWritten, pdfWritten]);
  return {
    pptx,
    pdf,
    svgs,
    slideTitles: deck.slides.map((slide) => slide.title),
    slideLinks: slides.map((slide) => slideLinks(slide)),
    warnings: [...deck.warnings, ...warnings],
    missingPictures: imageUrls(deck)
      .filter((url) => !images.has(url))
      .map((url) => ({ url, reason: failures[url] ?? 'the picture is not available' })),
    slidePlan,
    slideProducts: deck.slideProducts ?? [],
  };
}
