import { paragraphText, type TemplateElement } from '@deck-portal/domain';
import { faceOf, getFont } from '../layout/fonts.ts';
import { readSlides } from './read-slides.ts';
import type { ReadSlide } from './slide-read.ts';
import { openFixture, type PptxFixture } from './test-fixtures.ts';

// What the reader's tests ask of a hand-written presentation once read: its slides, and its
// texts by their first line.

export async function readFixture(fixture: PptxFixture): Promise<ReadSlide[]> {
  return (await readSlides(openFixture(fixture))).slides;
}

export type TextElement = Extract<TemplateElement, { kind: 'text' }>;

export function linesOf(element: TextElement): string[] {
  const text = Array.isArray(element.text) ? element.text : [element.text];
  return text.map(paragraphText);
}

/** The text element whose first line is this. */
export function textStarting(slide: ReadSlide, line: string): TextElement {
  const found = slide.elements.find(
    (e): e is TextElement => e.kind === 'text' && linesOf(e)[0] === line,
  );
  if (!found) throw new Error(`no text element starts with "${line}"`);
  return found;
}

/** Carlito's (and Calibri's) own line height as a share of its size (1.22). */
export const CARLITO_LINE = (() => {
  const { ascent, descent } = getFont(faceOf('Carlito', 'regular'));
  return ascent - descent;
})();

/** A line pitch as a template keeps it: a share of the size, to two places. */
export const kept = (share: number) => Math.round(share * 100) / 100;
