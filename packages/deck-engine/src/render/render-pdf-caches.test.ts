import { describe, expect, it } from 'vitest';
import type { Deck } from '../layout/model.ts';
import { layoutText } from '../layout/text-layout.ts';
import type { RenderSlide } from './place-images.ts';
import { keptWordRuns, renderPdf, WORD_RUNS_KEPT } from './render-pdf.ts';

// A render worker lives for days and draws every client's names, figures and dates: what it
// keeps of one document's words for the next stays bounded however many distinct words it drew.

const deck: Deck = {
  title: 'Words',
  clientName: 'Harbor Fresh Foods',
  date: '2026-03-05',
  author: 'Dana Reyes',
  company: 'Deck Portal',
  slides: [],
  warnings: [],
};

/** A document of `count` words no other document has (`d3w1200`), set in one face. */
function documentOfNewWords(document: number, count: number): RenderSlide[] {
  const slides: RenderSlide[] = [];
  const perText = 200;
  for (let first = 0; first < count; first += perText * 10) {
    const elements = [];
    for (let text = 0; text < 10 && first + text * perText < count; text += 1) {
      const start = first + text * perText;
      const words = Array.from({ length: perText }, (_, i) => `d${document}w${start + i}`);
      elements.push(
        layoutText({
          x: 10,
          y: 10 + text * 50,
          w: 940,
          h: 48,
          size: 3,
          color: '000000',
          text: words.join(' '),
        }),
      );
    }
    slides.push({ id: `s${first}`, kind: 'custom', title: '', background: 'FFFFFF', elements });
  }
  return slides;
}

describe('the PDF writer across documents', () => {
  it('keeps a bounded number of shaped word runs however many distinct words it drew', async () => {
    const perDocument = Math.ceil(WORD_RUNS_KEPT * 0.6);
    for (let document = 0; document < 3; document += 1) {
      const pdf = await renderPdf(deck, documentOfNewWords(document, perDocument));
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    // Three documents drew 1.8 times the bound in new words; at most one document's words
    // are kept beyond it.
    expect(keptWordRuns()).toBeLessThanOrEqual(WORD_RUNS_KEPT + perDocument);
  }, 120_000);
});
