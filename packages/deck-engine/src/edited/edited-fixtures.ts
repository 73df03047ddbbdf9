import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import sharp from 'sharp';
import {
  deckDraftSchema,
  elementWords,
  type DeckDraft,
  type EditedSlide,
} from '@deck-portal/domain';

// What the edited deck's tests share: a priced deck of the seeded library, its words as the PDF
// reads them, and a PowerPoint file changed as a person would in PowerPoint.

/** A site photo the rep uploaded, by the address the draft names it with. */
export const SITE_PHOTO = 'upload:site-photo';

export const sitePhoto = () =>
  sharp({ create: { width: 96, height: 64, channels: 3, background: '#3a7bd5' } })
    .png()
    .toBuffer();

/** A priced deck of the seeded library: two products, the ROI slide, a custom picture slide. */
export function pricedDraft(selectedSlides: string[]): DeckDraft {
  return deckDraftSchema.parse({
    basicInfo: {
      deckTitle: 'Edited deck',
      clientName: 'Northwind Cold Storage',
      date: '2026-03-05',
      primaryContact: 'Dana Reyes',
    },
    productSelection: {
      selectedProducts: [
        { id: 'controller', quantity: 11, customPricing: 199 },
        { id: 'battery_backup', quantity: 1, customPricing: 5995 },
      ],
      includePricing: true,
    },
    templateCustomization: {
      selectedSlides,
      customSlides: [
        {
          id: 'site',
          layoutId: 'image-caption',
          placeholderContent: { title: 'Your site', image: SITE_PHOTO },
        },
      ],
    },
  });
}

/** Each PDF page's words as poppler's pdftotext reads them, sorted. */
export function pdfPageWords(pdf: Uint8Array): string[][] {
  const dir = mkdtempSync(join(tmpdir(), 'edited-deck-'));
  try {
    const file = join(dir, 'deck.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
      .split('\f')
      .slice(0, -1)
      .map((page) => page.split(/\s+/).filter(Boolean).sort());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A word on a PDF page and its box, in points from the page's top left. */
export interface PdfWord {
  word: string;
  x: number;
  y: number;
  h: number;
}

/** Each PDF page's words with their boxes, as poppler's `pdftotext -bbox` reads them, in order. */
export function pdfPageWordBoxes(pdf: Uint8Array): PdfWord[][] {
  const dir = mkdtempSync(join(tmpdir(), 'edited-deck-'));
  try {
    const file = join(dir, 'deck.pdf');
    writeFileSync(file, pdf);
    const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], {
      encoding: 'utf8',
    });
    return html
      .split('<page ')
      .slice(1)
      .map((page) =>
        [
          ...page.matchAll(
            /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/g,
          ),
        ].map(([, x, yMin, yMax, word]) => ({
          word: word!,
          x: Number(x),
          y: Number(yMin),
          h: Number(yMax) - Number(yMin),
        })),
      );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every word an edited slide's document shows (its elements' texts). */
export function slideWords(slide: EditedSlide): Set<string> {
  return new Set(
    slide.document.elements
      .map((element) => elementWords(element))
      .join(' ')
      .split(/\s+/)
      .filter(Boolean),
  );
}

/** A PowerPoint file's parts changed as a person would, zipped again. */
export function editPptx(
  pptx: Uint8Array,
  change: (parts: Record<string, Uint8Array>, text: (name: string) => string) => void,
): Uint8Array {
  const parts = unzipSync(pptx);
  change(parts, (name) => strFromU8(parts[name]!));
  return zipSync(parts);
}

/** The slide ids of a file's slide list, in order. */
export const slideIdsOf = (presentationXml: string) =>
  [...presentationXml.matchAll(/<p:sldId id="(\d+)"/g)].map((m) => Number(m[1]));

export { strToU8 };
