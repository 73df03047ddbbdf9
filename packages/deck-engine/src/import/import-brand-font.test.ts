import { beforeAll, describe, expect, it } from 'vitest';
import { paragraphText, type TemplateElement } from '@deck-portal/domain';
import { withFontFamily } from '../layout/fonts.ts';
import { layoutText } from '../layout/text-layout.ts';
import { brandTypeface } from '../library/brand.ts';
import { importPresentation, type ImportTaskResult } from '../import-presentation.ts';
import { LORA_FONT, loraFiles } from '../../test/lora.ts';
import { buildPptx, paragraph, shape } from './test-fixtures.ts';

// A library whose brand has its own font (Lora here, as a company's font would be): a
// PowerPoint written in that font is read, measured and drawn in it, as the decks made of its
// slides are set in it, and the editor is told the font is the brand's own rather than that
// it was replaced by Inter.
const brand = { font: LORA_FONT };
let files: Record<string, Uint8Array>;

beforeAll(async () => {
  files = await loraFiles();
});

type TextElement = Extract<TemplateElement, { kind: 'text' }>;

const CLOSING = 'Prepared for Northwind';
const BODY =
  'Cold-chain monitoring and battery storage that keep every degree and every kilowatt in check';

/** A slide in the theme font Lora: a bold paragraph over a closing line, and a line in Futura. */
const file = buildPptx({
  theme: { majorFont: 'Lora', minorFont: 'Lora' },
  slides: [
    shape({
      id: 5,
      box: [60, 40, 420, 300],
      paragraphs:
        paragraph(BODY, { rPr: 'sz="2400" b="1"' }) + paragraph(CLOSING, { rPr: 'sz="2400"' }),
    }) +
      shape({
        id: 6,
        box: [60, 420, 600, 60],
        paragraphs: paragraph('Set in Futura', {
          rPr: '<a:rPr lang="en-US" sz="2000"><a:latin typeface="Futura"/></a:rPr>',
        }),
      }),
  ],
});

function onlySlide(result: ImportTaskResult) {
  if (!result.ok) throw new Error(result.reason);
  return result.slides[0]!;
}

function textStarting(elements: readonly TemplateElement[], line: string): TextElement {
  const found = elements.find(
    (e): e is TextElement =>
      e.kind === 'text' && paragraphText(Array.isArray(e.text) ? e.text[0]! : e.text) === line,
  );
  if (!found) throw new Error(`no text starts with "${line}"`);
  return found;
}

/** How many lines the paragraph takes in its box's width, in a family (the built-in one: none). */
function linesOf(element: TextElement, family: string | undefined) {
  return withFontFamily(
    family,
    () =>
      layoutText({
        ...element,
        ...element.style,
        color: '000000',
        text: element.text as string,
        h: 1_000,
      }).lines.length,
  );
}

describe('importing into a library with its own font', () => {
  it('keeps text in the brand font in it and draws a font without a stand-in in it, saying so', async () => {
    const plain = onlySlide(await importPresentation(file));
    expect(plain.report.fonts).toEqual([
      { from: 'Lora', to: 'Inter' },
      { from: 'Futura', to: 'Inter' },
    ]);
    expect(plain.report.notImported.map((n) => n.why)).toEqual([
      'Lora is drawn in Inter: its lines may break in other places',
      'Futura is drawn in Inter: its lines may break in other places',
    ]);

    const branded = onlySlide(await importPresentation(file, { brand, files }));
    // Lora is the brand's own: drawn in itself, nothing to warn of. Futura has no stand-in of
    // its kind, so it takes the deck's font, which is Lora now.
    expect(branded.report.fonts).toEqual([
      { from: 'Lora', to: 'Lora' },
      { from: 'Futura', to: 'Lora' },
    ]);
    expect(branded.report.notImported.map((n) => n.why)).toEqual([
      'Futura is drawn in Lora: its lines may break in other places',
    ]);
    // The text names no family of its own: it is set in whatever the brand's font is.
    expect(textStarting(branded.document.elements, BODY).style.font).toBeUndefined();
  });

  it("draws the brand font's weights, named as Office names them, in the brand font", async () => {
    const weighted = buildPptx({
      theme: { majorFont: 'Lora', minorFont: 'Lora' },
      slides: [
        shape({
          id: 5,
          box: [60, 40, 600, 80],
          paragraphs: paragraph('Our heading', {
            rPr: '<a:rPr lang="en-US" sz="3200"><a:latin typeface="Lora SemiBold"/></a:rPr>',
          }),
        }),
      ],
    });
    const slide = onlySlide(await importPresentation(weighted, { brand, files }));
    const heading = textStarting(slide.document.elements, 'Our heading');
    expect(heading.style.font).toBeUndefined();
    expect(heading.style.weight).toBe('semibold');
    expect(slide.report.fonts).toEqual([{ from: 'Lora SemiBold', to: 'Lora' }]);
    expect(slide.report.notImported.filter((n) => n.kind === 'font')).toEqual([]);
  });

  it('stacks paragraphs as the brand font sets them, and draws the thumbnail in it', async () => {
    const family = brandTypeface(brand, files)!.family;
    const stackOf = (result: ImportTaskResult) => {
      const slide = onlySlide(result);
      const body = textStarting(slide.document.elements, BODY);
      const closing = textStarting(slide.document.elements, CLOSING);
      return { slide, body, closing };
    };
    const plain = stackOf(await importPresentation(file));
    const branded = stackOf(await importPresentation(file, { brand, files }));
    // The closing line stands below the paragraph's lines as each font sets them (Lora's lines
    // are taller than Inter's): measured in Inter, it would overlap the paragraph set in Lora.
    const below = ({ body }: { body: TextElement }, family: string | undefined) =>
      body.y + linesOf(body, family) * body.style.size * (body.style.lineHeight ?? 1);
    expect(branded.body.y).toBe(plain.body.y);
    expect(branded.closing.y).toBeCloseTo(below(branded, family), 1);
    expect(plain.closing.y).toBeCloseTo(below(plain, undefined), 1);
    expect(branded.closing.y).toBeGreaterThan(plain.closing.y + 2);

    expect(branded.slide.thumbnail).toContain(`id="${family}-r`);
    expect(plain.slide.thumbnail).not.toContain(`id="${family}-r`);
  });
});
