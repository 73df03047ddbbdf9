import type { ResolvedImage } from './images/image-store.ts';
import { normaliseImage } from './images/resolve-images.ts';
import { sniffImage } from './images/sniff-image.ts';
import {
  drawOriginals,
  importPptx,
  type ImportedSlide,
  type PptxImport,
  type ReadPptx,
} from './import/import-pptx.ts';
import { officePdf, type OfficeRenderer } from './import/office-render.ts';
import type { HouseFont } from './import/slide-read.ts';
import { withFontFamily } from './layout/fonts.ts';
import type { Deck, Slide } from './layout/model.ts';
import { brandTypeface, type BrandDefinition } from './library/brand.ts';
import { createTemplateLibrary } from './library/template-library.ts';
import { seedLibraryDocuments } from './library/template-seed.ts';
import { placeImages } from './render/place-images.ts';
import { renderDeck, type RenderedDeck } from './render/render-deck.ts';
import { renderSlideSvg } from './render/render-svg.ts';
import { drawTemplateSample, THUMBNAIL_SAMPLE } from './thumbnails.ts';

// An import as the portal makes it: the file read into template slides by the importer, then
// each slide drawn by the engine as a deck made of it would be. It sits above both, so that the
// importer and the renderers never import each other.

/**
 * Imported slides composed as a deck would draw them (sample deck values; text that names no
 * family in the house font, when there is one), with their pictures (at a thumbnail's size for
 * a `preview`).
 */
async function composeImportedSlides(
  slides: readonly ImportedSlide[],
  houseFont: HouseFont | undefined,
  preview: boolean,
) {
  const seed = seedLibraryDocuments();
  const library = createTemplateLibrary(undefined, {
    ...seed,
    slides: slides.map((slide) => slide.document),
  });
  // The imported slides alone: the library adds the pricing slides a deck draws by itself.
  const drawn: Slide[] = withFontFamily(houseFont?.family, () =>
    slides.map((slide) => drawTemplateSample(library, slide.document.id)!),
  );
  const images = new Map<string, ResolvedImage>();
  for (const slide of slides) {
    for (const [src, bytes] of slide.pictures) {
      const kind = sniffImage(bytes);
      if (kind && !images.has(src)) {
        images.set(src, await normaliseImage(Buffer.from(bytes), kind, { preview }));
      }
    }
  }
  const deck: Deck = {
    title: 'Imported slides',
    clientName: THUMBNAIL_SAMPLE.clientName,
    date: '2026-01-15',
    author: 'Deck Portal',
    company: library.brand.name,
    slides: drawn,
    warnings: [],
  };
  return { deck, images };
}

/** Draws imported slides in PDF, PPTX and SVG, as a deck made of them would be. */
export async function renderImportedSlides(
  slides: readonly ImportedSlide[],
  houseFont?: HouseFont,
): Promise<RenderedDeck> {
  const { deck, images } = await composeImportedSlides(slides, houseFont, false);
  return renderDeck(deck, images);
}

/** Each imported slide drawn as its thumbnail (an SVG document), in order. */
export async function drawImportedSlides(
  slides: readonly ImportedSlide[],
  houseFont?: HouseFont,
): Promise<string[]> {
  const { deck, images } = await composeImportedSlides(slides, houseFont, true);
  return deck.slides.map((slide) => renderSlideSvg(placeImages(slide, images)));
}

/** An imported slide as it crosses threads: its pictures as a plain record, and its drawing. */
export type ImportedSlideResult = Omit<ImportedSlide, 'pictures'> & {
  pictures: Record<string, Uint8Array>;
  /** The slide drawn by our engine (an SVG document). */
  thumbnail: string;
  /** The slide as the office renderer drew the original (a PNG), when it was there. */
  original?: Uint8Array;
};

export type ImportTaskResult =
  ({ ok: true; slides: ImportedSlideResult[] } & ReadPptx) | { ok: false; reason: string };

/** What an import is told besides the file. */
export interface ImportOptions {
  /** Told after each slide is read, with how many there are. */
  onProgress?: (done: number, total: number) => void;
  /** The office renderer (`soffice`), for the originals and charts as pictures. */
  office?: OfficeRenderer;
  /**
   * The library's brand, for its font (its files by address in `files`): the slides are read,
   * measured and drawn in it as decks of that library are.
   */
  brand?: Pick<BrandDefinition, 'font'>;
  files?: Readonly<Record<string, Uint8Array>>;
}

/** A file read, its slides not yet drawn: what {@link finishImport} takes. */
export type ReadPresentation = Extract<PptxImport, { ok: true }>;

/** The file's slides read as template slides, in the brand's font when it has one. */
export async function readPresentation(
  bytes: Uint8Array,
  { onProgress, brand, files }: Omit<ImportOptions, 'office'> = {},
): Promise<PptxImport> {
  // A brand font that cannot be read leaves the slides in Inter, as the decks would be.
  const houseFont = brand ? brandTypeface(brand, files) : undefined;
  return importPptx(bytes, {
    ...(onProgress ? { onProgress } : {}),
    ...(houseFont ? { houseFont } : {}),
  });
}

/**
 * A file read by {@link readPresentation}, finished: with the office renderer's PDF of it (when
 * there is one), each slide's original and what was left out put back as pictures; then each
 * slide's thumbnail.
 */
export async function finishImport(
  imported: ReadPresentation,
  officePdf: Uint8Array | undefined,
  { brand, files }: Pick<ImportOptions, 'brand' | 'files'> = {},
): Promise<ImportTaskResult> {
  const houseFont = brand ? brandTypeface(brand, files) : undefined;
  // The office renderer's part is a help, never a reason to fail the import.
  const originals = officePdf
    ? await drawOriginals(officePdf, imported).catch(() => new Map<number, Uint8Array>())
    : new Map<number, Uint8Array>();
  const thumbnails = await drawImportedSlides(imported.slides, houseFont);
  return {
    ok: true,
    width: imported.width,
    height: imported.height,
    ...(imported.created ? { created: imported.created } : {}),
    slides: imported.slides.map((slide, i) => ({
      ...slide,
      pictures: Object.fromEntries(slide.pictures),
      thumbnail: thumbnails[i]!,
      ...(originals.has(slide.number) ? { original: originals.get(slide.number) } : {}),
    })),
  };
}

/** Imports a file and draws each slide's thumbnail, in one call (the CLI's, the tests'). */
export async function importPresentation(
  bytes: Uint8Array,
  { office, ...options }: ImportOptions = {},
): Promise<ImportTaskResult> {
  const imported = await readPresentation(bytes, options);
  if (!imported.ok) return imported;
  // The office renderer's part is a help, never a reason to fail the import.
  const pdf = office ? await officePdf(bytes, office).catch(() => undefined) : undefined;
  return finishImport(imported, pdf, options);
}
