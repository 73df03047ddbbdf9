import { beforeAll, describe, expect, it } from 'vitest';
import { NOT_CREDIT_ELIGIBLE, PRICING_TEXT_KEYS, resolveDeckPricing } from '@deck-portal/domain';
import { getFont } from '../src/layout/fonts.ts';
import { layoutText } from '../src/layout/text-layout.ts';
import type { Deck } from '../src/layout/model.ts';
import { renderDeck } from '../src/render/render-deck.ts';
import { goldenDraft } from './fixtures.ts';
import { renderGoldenDeck } from './render-fixture.ts';
import { SEED_PRICE_BOOK } from '@deck-portal/domain/seed-price-book';

interface PageText {
  width: number;
  height: number;
  text: string;
}

async function extract(pdf: Buffer): Promise<{ pages: PageText[]; fonts: string[] }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const pages: PageText[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const page = await doc.getPage(n);
    const [x0, y0, x1, y1] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    const text = content.items
      .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
      .join('')
      .replace(/ +/g, ' ');
    pages.push({ width: x1 - x0, height: y1 - y0, text });
  }
  await doc.destroy();
  // Embedded font programs: each subset font carries a FontFile2 stream.
  const raw = pdf.toString('latin1');
  const fonts = [...raw.matchAll(/\/BaseFont \/([A-Z]{6}\+[A-Za-z-]+)/g)].map((m) => m[1]!);
  return { pages, fonts };
}

describe('PDF output', () => {
  let pages: PageText[];
  let fonts: string[];
  let pdf: Buffer;

  beforeAll(async () => {
    pdf = (await renderGoldenDeck()).rendered.pdf;
    ({ pages, fonts } = await extract(pdf));
  });

  it("is titled with the client's headline, and the internal deck title is nowhere in it", async () => {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
    const { info } = (await doc.getMetadata()) as { info: { Title?: string } };
    await doc.destroy();
    expect(info.Title).toBe('Cold-chain resilience proposal');
    expect(
      pages
        .map((page) => page.text)
        .join(' ')
        .toLowerCase(),
    ).not.toContain('internal notes');
  });

  it('has one 13.333 × 7.5 in page per slide', async () => {
    const { deck } = await renderGoldenDeck();
    expect(pages).toHaveLength(deck.slides.length);
    for (const page of pages) {
      expect(page.width).toBeCloseTo(960, 1);
      expect(page.height).toBeCloseTo(540, 1);
    }
  });

  it('contains the titles, the client name and the date as text', async () => {
    const { deck } = await renderGoldenDeck();
    expect(pages[0]!.text).toContain('Harbor Fresh Foods');
    expect(pages[0]!.text).toContain('March 5, 2026');
    expect(pages[0]!.text).toContain('Dana Reyes, Director of Operations');
    deck.slides.forEach((slide, i) => {
      const title = slide.elements.find((e) => e.kind === 'text' && e.name === 'title');
      if (title?.kind === 'text') expect(pages[i]!.text).toContain(title.lines[0]!.text);
    });
    expect(pages[1]!.text).toContain('Agenda');
    expect(pages.at(-1)!.text).toContain('Technical specifications');
  });

  it('contains every pricing text', () => {
    const pricing = resolveDeckPricing(goldenDraft().productSelection, SEED_PRICE_BOOK);
    const pricingPages = pages.filter((p) => p.text.includes('your investment'));
    expect(pricingPages).toHaveLength(4);
    // PDF text has no words, only positioned glyphs: pdfjs may split a kerned run ("$907 .20").
    const squash = (s: string) => s.replace(/\s+/g, '');
    pricing.forEach((product, i) => {
      // A product the credit does not apply to says nothing of it.
      const shown = PRICING_TEXT_KEYS.filter(
        (key) => key !== 'itc' || product.texts.itc !== NOT_CREDIT_ELIGIBLE,
      );
      for (const key of shown) {
        expect(squash(pricingPages[i]!.text), `${product.productId}.${key}`).toContain(
          squash(product.texts[key]),
        );
      }
    });
  });

  it('embeds subset Inter fonts and no standard fonts', () => {
    expect(new Set(fonts.map((f) => f.split('+')[1]))).toEqual(
      new Set(['Inter-Regular', 'Inter-Medium', 'Inter-SemiBold', 'Inter-Bold']),
    );
    expect(pdf.toString('latin1')).toContain('/FontFile2');
    expect(pdf.toString('latin1')).not.toMatch(/\/BaseFont \/Helvetica/);
  });

  it('takes its document date from the deck, not the clock', () => {
    expect(pdf.toString('latin1')).toContain('(D:20260305000000Z)');
  });

  it('draws exactly the glyph advances the layout measured', async () => {
    // Figures with separators: HarfBuzz (the layout's shaper) kerns them differently from
    // fontkit (pdfkit's own shaper), so a PDF that shaped its text again would end elsewhere.
    const text = '$5,500.00 net, $11,250.00 total';
    const element = layoutText({ x: 40, y: 40, w: 880, h: 120, text, size: 40, color: '111111' });
    const line = element.lines[0]!;
    expect(line.text).toBe(text);
    const { font } = getFont('regular');
    const fontkitWidth =
      (text.split(/(?<= )/).reduce((sum, piece) => sum + font.layout(piece).advanceWidth, 0) /
        font.unitsPerEm) *
      element.size;
    expect(Math.abs(fontkitWidth - line.width)).toBeGreaterThan(0.5);

    const deck: Deck = {
      title: 'Advances',
      clientName: 'Test',
      date: '2026-03-05',
      author: 'Test',
      company: 'Test',
      slides: [
        { id: 's', kind: 'custom', title: 'Advances', background: 'FFFFFF', elements: [element] },
      ],
      warnings: [],
    };
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({
      data: new Uint8Array((await renderDeck(deck)).pdf),
      verbosity: 0,
    }).promise;
    const items = (await (await doc.getPage(1)).getTextContent()).items.filter(
      (item) => 'str' in item && item.str.trim() !== '',
    ) as Array<{ transform: number[]; width: number }>;
    await doc.destroy();
    const start = Math.min(...items.map((item) => item.transform[4]!));
    const end = Math.max(...items.map((item) => item.transform[4]! + item.width));
    expect(start).toBeCloseTo(line.x, 2);
    expect(end).toBeCloseTo(line.x + line.width, 1);
  });
});
