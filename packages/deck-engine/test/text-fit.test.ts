import { describe, expect, it } from 'vitest';
import { buildDeck } from '../src/build-deck.ts';
import { getFont } from '../src/layout/fonts.ts';
import type { Slide, TextElement } from '../src/layout/model.ts';
import { SLIDE_HEIGHT, SLIDE_WIDTH } from '../src/layout/model.ts';
import { renderDeck } from '../src/render/render-deck.ts';
import { goldenDraft } from './fixtures.ts';
import { library } from './render-fixture.ts';

const LONG_CLIENT =
  'The Consolidated Northern Pacific Refrigerated Warehousing, Cold Storage and Pharmaceutical Distribution Cooperative of Oregon, Washington, Idaho and British Columbia (Members Only)';
const CLIENT_200 = (LONG_CLIENT + ' Holdings Incorporated Group').slice(0, 200);

const WORDS =
  'Our cold rooms hold fresh produce, dairy and vaccines. Night shifts check temperatures by hand, and outages have cost us stock twice this year. We want alerts, audit reports and backup power for every freezer bank.';
function bodyOf(length: number): string {
  let out = '';
  let paragraph = 0;
  while (out.length < length) {
    out += (paragraph % 3 === 2 ? '\n\n' : ' ') + WORDS;
    paragraph += 1;
  }
  return out.slice(0, length).trim();
}

function textElements(slide: Slide): TextElement[] {
  return slide.elements.flatMap((e) =>
    e.kind === 'text' ? [e] : e.kind === 'table' ? e.rows.flat().map((c) => c.text) : [],
  );
}

/** Every line's ink (the glyph outlines' real bounds) sits inside its box. */
function expectInside(element: TextElement, where: string): void {
  const { font } = getFont(element.weight);
  const scale = element.size / font.unitsPerEm;
  for (const line of element.lines) {
    if (line.text.trim() === '') continue;
    const ink = font.layout(line.text).bbox;
    const context = `${where}: "${line.text.slice(0, 40)}"`;
    expect(line.x + ink.minX * scale, context).toBeGreaterThanOrEqual(element.x - 0.5);
    expect(line.x + line.width, context).toBeLessThanOrEqual(element.x + element.w + 0.01);
    expect(line.x + ink.maxX * scale, context).toBeLessThanOrEqual(element.x + element.w + 0.5);
    expect(line.baseline - ink.maxY * scale, context).toBeGreaterThanOrEqual(element.y - 0.5);
    expect(line.baseline - ink.minY * scale, context).toBeLessThanOrEqual(
      element.y + element.h + 0.5,
    );
  }
  expect(element.x + element.w).toBeLessThanOrEqual(SLIDE_WIDTH);
  expect(element.y + element.h).toBeLessThanOrEqual(SLIDE_HEIGHT);
}

describe('text fit', () => {
  it('keeps a 200-character client name inside every box, whole on the title slide', async () => {
    expect(CLIENT_200).toHaveLength(200);
    const deck = buildDeck(
      goldenDraft((d) => (d.basicInfo.clientName = CLIENT_200)),
      library,
    );
    for (const slide of deck.slides) for (const t of textElements(slide)) expectInside(t, slide.id);
    const name = deck.slides[0]!.elements.find(
      (e) => e.kind === 'text' && e.name === 'client-name',
    ) as TextElement;
    expect(name.truncated).toBe(false);
    expect(name.lines.map((l) => l.text).join(' ')).toBe(CLIENT_200);
    expect(name.size).toBeLessThan(46);
    // The PDF carries it whole too.
    const { pdf } = await renderDeck(deck);
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
    const content = await (await doc.getPage(1)).getTextContent();
    const text = content.items
      .map((i) => ('str' in i ? i.str : ''))
      .join('')
      .replace(/\s+/g, '');
    expect(text).toContain(CLIENT_200.replace(/\s+/g, ''));
    await doc.destroy();
  });

  it('fits a 2,000-character BODY in its box without cutting it', () => {
    const body = bodyOf(2000);
    expect(body.length).toBeGreaterThan(1990);
    const deck = buildDeck(
      goldenDraft((d) => {
        const slide = d.templateCustomization.customSlides![0]!;
        slide.placeholderContent = { ...slide.placeholderContent, body };
      }),
      library,
    );
    const slide = deck.slides.find((s) => s.id === 'custom-1')!;
    const element = slide.elements.find(
      (e) => e.kind === 'text' && e.name === 'body',
    ) as TextElement;
    expectInside(element, 'custom-1 body');
    expect(element.truncated).toBe(false);
    expect(element.size).toBeLessThan(16);
    expect(element.size).toBeGreaterThanOrEqual(9);
    const laid = element.lines
      .map((l) => l.text)
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(laid).toBe(body.replace(/\s+/g, ' '));
  });

  it('cuts with an ellipsis, inside the box, only when even the smallest size cannot hold the text', () => {
    const body = bodyOf(5000);
    const deck = buildDeck(
      goldenDraft((d) => {
        const slide = d.templateCustomization.customSlides![0]!;
        slide.placeholderContent = { ...slide.placeholderContent, body };
        d.templateCustomization.customSlides![0]!.layoutId = 'text-image';
      }),
      library,
    );
    const slide = deck.slides.find((s) => s.id === 'custom-1')!;
    for (const t of textElements(slide)) expectInside(t, 'custom-1');
  });

  it('keeps every template slide inside its boxes with sample data', () => {
    const deck = buildDeck(
      goldenDraft((d) => {
        d.templateCustomization.selectedSlides = library.slides.map((s) => s.id);
      }),
      library,
    );
    expect(deck.slides.length).toBeGreaterThanOrEqual(24);
    for (const slide of deck.slides) {
      for (const t of textElements(slide)) {
        expectInside(t, slide.id);
        expect(t.truncated, `${slide.id}: "${t.paragraphs.join(' ').slice(0, 50)}" was cut`).toBe(
          false,
        );
      }
    }
  });
});
