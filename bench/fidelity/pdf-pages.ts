import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFPageProxy, PageViewport } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { fitIntoSlide, SLIDE_WIDTH, type SlideFrame } from './slide-frame.ts';

/** A word on the slide, in points on the 960 × 540 slide (top-left origin, `y` the baseline). */
export interface PageWord {
  text: string;
  x: number;
  y: number;
  /** The font size, in slide points. */
  size: number;
}

/** A page drawn on the slide's raster (RGBA), and the part of it the page covers. */
export interface PageRaster {
  data: Uint8ClampedArray;
  width: number;
  height: number;
  content: { x: number; y: number; width: number; height: number };
}

export interface PdfPages {
  pageCount: number;
  /** The page's words (1-based page number), placed on our slide as the importer places it. */
  words(pageNumber: number): Promise<PageWord[]>;
  /** The page drawn `width` pixels wide on a 16:9 white raster, letter-boxed as on our slide. */
  rasterise(pageNumber: number, width: number): Promise<PageRaster>;
  close(): Promise<void>;
}

// Fonts a PDF names without embedding them (pdfkit's Helvetica), and CJK character maps.
const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const assets = (folder: string) => `${join(pdfjsRoot, folder)}/`;

export async function openPdf(bytes: Uint8Array): Promise<PdfPages> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    verbosity: 0,
    isEvalSupported: false,
    standardFontDataUrl: assets('standard_fonts'),
    cMapUrl: assets('cmaps'),
    cMapPacked: true,
    wasmUrl: assets('wasm'),
    iccUrl: assets('iccs'),
  }).promise;

  async function pageAndFrame(pageNumber: number) {
    const page = await doc.getPage(pageNumber);
    const viewport = page.getViewport({ scale: 1 });
    return { page, viewport, frame: fitIntoSlide(viewport.width, viewport.height) };
  }

  return {
    pageCount: doc.numPages,
    async words(pageNumber) {
      const { page, viewport, frame } = await pageAndFrame(pageNumber);
      return wordsOf(page, viewport, frame);
    },
    async rasterise(pageNumber, width) {
      const { page, viewport, frame } = await pageAndFrame(pageNumber);
      return rasterOf(page, viewport, frame, width);
    },
    close: () => doc.destroy(),
  };
}

interface Glyph {
  char: string;
  x: number;
  y: number;
  size: number;
  /** Where the glyph after it would start if the run went on. */
  end: number;
  startsItem: boolean;
}

/**
 * A PDF holds positioned runs of glyphs, not words: pdfjs gives items with a start, a width and
 * a string, and splits a word wherever the producer kerned or changed font. Each character gets
 * its share of its item's width; words are cut at whitespace, and the runs that touch on one
 * baseline are joined.
 */
async function wordsOf(
  page: PDFPageProxy,
  viewport: PageViewport,
  frame: SlideFrame,
): Promise<PageWord[]> {
  const content = await page.getTextContent();
  const toSlide = (x: number, y: number) => {
    const [vx, vy] = viewport.convertToViewportPoint(x, y) as [number, number];
    return { x: frame.offsetX + vx * frame.scale, y: frame.offsetY + vy * frame.scale };
  };
  const glyphs: (Glyph | null)[] = [];
  for (const item of content.items) {
    if (!('str' in item) || item.str === '') continue;
    const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform as number[];
    const length = Math.hypot(a, b) || 1;
    const start = toSlide(e, f);
    const end = toSlide(e + (item.width * a) / length, f + (item.width * b) / length);
    const size = Math.hypot(c, d) * viewport.scale * frame.scale;
    const chars = [...item.str];
    chars.forEach((char, i) => {
      if (/\s/u.test(char)) {
        glyphs.push(null);
        return;
      }
      const at = (k: number) => start.x + ((end.x - start.x) * k) / chars.length;
      glyphs.push({
        char,
        x: at(i),
        y: start.y + ((end.y - start.y) * i) / chars.length,
        size,
        end: at(i + 1),
        startsItem: i === 0,
      });
    });
    if (item.hasEOL) glyphs.push(null);
  }

  const words: PageWord[] = [];
  let word: (PageWord & { end: number }) | null = null;
  const close = () => {
    if (word) words.push({ text: word.text, x: word.x, y: word.y, size: word.size });
    word = null;
  };
  for (const glyph of glyphs) {
    if (!glyph) {
      close();
      continue;
    }
    if (word && glyph.startsItem && !continuesWord(word, glyph)) close();
    if (word) {
      word.text += glyph.char;
      word.end = glyph.end;
    } else {
      word = { text: glyph.char, x: glyph.x, y: glyph.y, size: glyph.size, end: glyph.end };
    }
  }
  close();
  return words.map((w) => ({ ...w, text: w.text.normalize('NFC') }));
}

/**
 * A run that starts on the same baseline where the word stopped goes on with that word; so does
 * a smaller one raised or lowered off it (the "th" of "25th", the "2" of "H2O").
 */
function continuesWord(
  word: { y: number; size: number; end: number },
  glyph: Pick<Glyph, 'x' | 'y' | 'size'>,
) {
  const size = Math.max(word.size, glyph.size, 1);
  const gap = glyph.x - word.end;
  const reach = glyph.size < 0.8 * word.size ? 0.5 : 0.3;
  return Math.abs(glyph.y - word.y) < reach * size && gap > -0.3 * size && gap < 0.15 * size;
}

async function rasterOf(
  page: PDFPageProxy,
  base: PageViewport,
  frame: SlideFrame,
  width: number,
): Promise<PageRaster> {
  const pixelsPerPoint = width / SLIDE_WIDTH;
  const height = Math.round((width * 9) / 16);
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  const viewport = page.getViewport({
    scale: frame.scale * pixelsPerPoint,
    offsetX: frame.offsetX * pixelsPerPoint,
    offsetY: frame.offsetY * pixelsPerPoint,
  });
  // pdfjs types its canvas parameters with the DOM types; @napi-rs/canvas implements them.
  const params = { canvas, canvasContext: context, viewport, background: '#ffffff' };
  await page.render(params as unknown as Parameters<typeof page.render>[0]).promise;
  const x = Math.round(frame.offsetX * pixelsPerPoint);
  const y = Math.round(frame.offsetY * pixelsPerPoint);
  return {
    data: context.getImageData(0, 0, width, height).data,
    width,
    height,
    content: {
      x,
      y,
      width: Math.min(width - x, Math.round(base.width * frame.scale * pixelsPerPoint)),
      height: Math.min(height - y, Math.round(base.height * frame.scale * pixelsPerPoint)),
    },
  };
}
