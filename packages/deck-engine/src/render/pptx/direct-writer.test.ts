import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DeckDraft } from '@deck-portal/domain';
import { XMLValidator } from 'fast-xml-parser';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { benchDraft, japaneseBenchDraft, makePictures } from '../../../../../bench/bench-deck.ts';
import { slidePlanOf } from '../../edited/slide-plan.ts';
import { importPptx } from '../../index.ts';
import { buildDeck, createTemplateLibrary, seedLibraryDocuments } from '../../library-entry.ts';
import { resolveImages } from '../../images/resolve-images.ts';
import type { Deck, TableElement, TextElement } from '../../layout/model.ts';
import { DEFAULT_BRAND } from '../../library/brand.ts';
import { table } from '../../library/slide-kit.ts';
import { placeImages, type RenderSlide } from '../place-images.ts';
import { renderPptx, renderPptxWithPptxgenjs, writesDirectly } from '../render-pptx.ts';

// The direct writer's proof (ADR 059): every deck it writes, the pptxgenjs writer writes to the
// same zip entries, in the same order, with the same bytes, but for the parts that never change
// (the direct writer's are its own): those are well-formed, and the importer reads the file back
// to the same slides as pptxgenjs's.

const CORPUS = process.env.PPTX_CORPUS ?? '/work/shared/pptx-corpus';
/** Each deck is written twice and read back twice: slow on a loaded machine. */
const SLOW = 180_000;

type Pictures = Awaited<ReturnType<typeof makePictures>>;

async function laidOut(deck: Deck, pictures?: Pictures): Promise<RenderSlide[]> {
  const { images } = await resolveImages(deck, {
    fetcher: async (url) => {
      const p = pictures?.get(url);
      return p ? { ok: true, bytes: p.bytes, kind: p.kind } : { ok: false, reason: 'missing' };
    },
  });
  return deck.slides.map((slide) => placeImages(slide, images));
}

/** Each entry of a zip, in order, as name and bytes. */
function entries(zip: Buffer): [string, Buffer][] {
  return Object.entries(unzipSync(zip)).map(([name, bytes]) => [name, Buffer.from(bytes)]);
}

/** The parts every deck has the same of: the direct writer's own, not pptxgenjs's. */
const FIXED_PARTS = new Set([
  '_rels/.rels',
  'ppt/theme/theme1.xml',
  'ppt/theme/theme2.xml',
  'ppt/presProps.xml',
  'ppt/tableStyles.xml',
  'ppt/viewProps.xml',
  'ppt/slideLayouts/slideLayout1.xml',
  'ppt/slideLayouts/_rels/slideLayout1.xml.rels',
  'ppt/slideMasters/slideMaster1.xml',
  'ppt/slideMasters/_rels/slideMaster1.xml.rels',
  'ppt/notesMasters/notesMaster1.xml',
  'ppt/notesMasters/_rels/notesMaster1.xml.rels',
]);

/** What the importer reads from a file: its slides, or why it could not. */
async function readBack(file: Buffer) {
  const imported = await importPptx(file);
  if (!imported.ok) return imported;
  return {
    ok: true,
    width: imported.width,
    height: imported.height,
    slides: imported.slides.map((slide) => ({
      document: slide.document,
      pictures: [...slide.pictures],
    })),
  };
}

async function expectSameFile(deck: Deck, slides: RenderSlide[], withIdentity = false) {
  const keys = withIdentity
    ? (deck.slidePlan ?? slidePlanOf(deck.slides)).map((s) => s.key)
    : undefined;
  const identity = withIdentity
    ? { deckId: '6b3c1b0e-0000-4000-8000-000000000001', version: 3 }
    : undefined;
  const direct = await renderPptx(deck, slides, identity, keys);
  const old = await renderPptxWithPptxgenjs(deck, slides, identity, keys);
  const ours = entries(direct);
  const theirs = entries(old);
  expect(ours.map(([name]) => name)).toEqual(theirs.map(([name]) => name));
  for (const [i, [name, bytes]] of ours.entries()) {
    if (FIXED_PARTS.has(name)) {
      expect(XMLValidator.validate(bytes.toString('utf8')), name).toBe(true);
      continue;
    }
    const expected = theirs[i]![1];
    if (!bytes.equals(expected)) {
      // The first difference, readable.
      let at = 0;
      while (at < bytes.length && bytes[at] === expected[at]) at += 1;
      const around = (b: Buffer) => b.subarray(Math.max(0, at - 200), at + 200).toString('utf8');
      expect(around(bytes), name).toBe(around(expected));
    }
  }
  expect(ours.filter(([name]) => FIXED_PARTS.has(name))).toHaveLength(FIXED_PARTS.size);
  const back = await readBack(direct);
  expect(back.ok).toBe(true);
  expect(back).toEqual(await readBack(old));
}

/** A text box with every option the writer has, in one. */
function text(over: Partial<TextElement>): TextElement {
  return {
    kind: 'text',
    x: 40,
    y: 40,
    w: 300,
    h: 120,
    weight: 'regular',
    size: 14,
    color: '1F3864',
    align: 'left',
    valign: 'top',
    lineHeight: 18,
    paragraphGap: 4,
    bullets: false,
    paragraphs: ['One'],
    lines: [],
    truncated: false,
    ...over,
  };
}

/** Slides with what the bench deck and the corpus have little or none of. */
function everyOption(): RenderSlide[] {
  const grid = table({ brand: DEFAULT_BRAND }, { x: 60, y: 300, w: 300, h: 120 }, {
    columns: [1, 1, 1],
    header: ['Quarterly figures & <regions>', '', ''],
    rows: [
      ['North', '12', '14'],
      ['South', '9', '11'],
    ],
    headerFill: '1F3864',
    borders: {
      horizontal: [
        [{ color: '4472C4', width: 1 }, null, null],
        [null, null, null],
        [null, null, null],
        [{ color: '4472C4', width: 2 }, null, null],
      ],
      vertical: [
        [null, null, null, null],
        [null, { color: 'FF0000', width: 0.5 }, null, null],
        [null, null, null, null],
      ],
    },
    merges: [
      { row: 0, column: 0, rows: 1, columns: 3 },
      { row: 1, column: 0, rows: 2, columns: 1 },
    ],
  } as Parameters<typeof table>[2]);
  const listed: TableElement = {
    ...grid,
    y: 450,
    rows: grid.rows.map((row, r) =>
      row.map((cell, c) =>
        r === 1 && c === 1
          ? {
              ...cell,
              text: { ...cell.text, paragraphs: ['First', 'Second', 'Third'] },
              paragraphIndents: [
                { indent: 18, bullet: '•', hanging: 9 },
                { indent: 36, bullet: '2.', hanging: 9 },
                { indent: 0, bullet: '→→' },
              ],
            }
          : cell,
      ),
    ),
  };
  const picture = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
  return [
    {
      id: 'a',
      kind: 'custom',
      title: 'Every option',
      background: 'F2F2F2',
      elements: [
        text({
          paragraphs: ['Numbered', '', 'Again', 'Tabbed\tthere'],
          bullets: true,
          numbering: { scheme: 'arabicParenR', startAt: 3 },
          bulletColor: 'FF0000',
          bulletSize: 0.8,
          tabStops: [{ at: 72, align: 'right' }],
          name: 'Listed',
        }),
        text({
          paragraphs: ['שלום עולם', 'Line\u2028broken'],
          rightToLeft: true,
          align: 'right',
          valign: 'middle',
          rotation: 30,
          italic: true,
          underline: true,
        }),
        text({
          paragraphs: ['H2O and E=mc2, see the site'],
          valign: 'bottom',
          spans: [
            [
              { text: 'H', style: {} },
              { text: '2', style: { script: 'sub', scale: 0.66 } },
              { text: 'O and E=mc', style: { weight: 'bold' } },
              { text: '2', style: { script: 'super', scale: 0.66 } },
              { text: ', see ', style: { italic: true, color: '00B050' } },
              {
                text: 'the site',
                style: { link: 'https://example.com/?a=1&b=2', underline: true },
              },
            ],
          ],
          bullets: true,
          bulletChar: '■',
          wrapUnderBullet: true,
        }),
        {
          kind: 'rect',
          x: 400,
          y: 40,
          w: 120,
          h: 60,
          fill: 'FFC000',
          fillOpacity: 0.5,
          radius: 12,
          stroke: { color: '000000', width: 2, dash: true, opacity: 0.4 },
          shadow: { color: '000000', opacity: 0.3, blur: 0, dx: 3, dy: 0 },
          flipH: true,
          rotation: 200,
        },
        {
          kind: 'ellipse',
          x: 540,
          y: 40,
          w: 80,
          h: 80,
          gradient: {
            kind: 'radial',
            cx: 0.3,
            cy: 0.4,
            stops: [
              { at: 0, color: 'FFFFFF', opacity: 1 },
              { at: 1, color: '4472C4', opacity: 0.5 },
            ],
          },
        },
        {
          kind: 'path',
          x: 640,
          y: 40,
          w: 100,
          h: 100,
          path: 'M 0 0 L 100 0 C 100 50 50 100 0 100 Z',
          fill: '00B050',
          flipV: true,
        },
        {
          kind: 'line',
          x1: 700,
          y1: 300,
          x2: 600,
          y2: 200,
          color: 'C00000',
          width: 0,
          startArrow: 'triangle',
          endArrow: 'oval',
          dash: true,
        },
        grid,
        listed,
        {
          kind: 'placed-image',
          x: 420,
          y: 200,
          w: 200,
          h: 150,
          alt: 'A "quoted" <picture>',
          frame: { x: 420, y: 200, w: 150, h: 150 },
          image: { mime: 'image/png', data: picture, width: 4, height: 3 },
          shadow: { color: '333333', opacity: 0.5, blur: 4, dx: 0, dy: 4 },
          rotation: 90,
        },
        {
          kind: 'placed-image',
          x: 420,
          y: 380,
          w: 100,
          h: 50,
          alt: '',
          frame: { x: 420, y: 380, w: 100, h: 50 },
          image: { mime: 'image/png', data: picture, width: 2, height: 1 },
        },
      ],
    },
    { id: 'b', kind: 'custom', title: 'Empty', background: 'FFFFFF', elements: [] },
    {
      id: 'c',
      kind: 'custom',
      title: 'Text boxes and shapes written from their elements, and those that are not',
      background: 'FFFFFF',
      elements: [
        // Words a fallback family draws, soft returns (one ending a paragraph), an empty line.
        text({
          paragraphs: ['Tokyo 東京 office', 'First\u2028日本\u2028', '', 'x < y & "z"'],
          family: 'Arimo',
          weight: 'bold',
          name: 'Client <name> & co',
        }),
        // Numbers from 0, a bullet outside the basic plane, a bullet indent of 0, no spacing.
        text({
          paragraphs: ['Zero', 'One'],
          bullets: true,
          numbering: { scheme: 'arabicPeriod', startAt: 0 },
          lineHeight: 0,
          paragraphGap: 0,
        }),
        text({
          paragraphs: ['Wide bullet', ''],
          bullets: true,
          bulletChar: '𝔘',
          bulletIndent: 0,
          valign: 'middle',
          align: 'center',
        }),
        // The options' way: a line feed in a paragraph, no alignment, an empty text, no size.
        text({ paragraphs: ['Fed\nline'] }),
        text({ paragraphs: ['Unaligned', 'twice'], align: '' as never, bullets: true }),
        text({ paragraphs: [] }),
        text({ paragraphs: ['Sizeless'], size: 0, color: '' }),
        { kind: 'rect', x: 10, y: 400, w: 50, h: 0, radius: 8, stroke: { color: '', width: 0 } },
        { kind: 'path', x: 80, y: 400, w: 40, h: 40, path: 'M 0 0 L 1000 1000 L 0 1000' },
        {
          kind: 'line',
          x1: 10,
          y1: 500,
          x2: 200,
          y2: 500,
          color: '',
          width: 3,
          opacity: 0.5,
        },
      ],
    },
  ] as unknown as RenderSlide[];
}

describe('the direct PPTX writer', () => {
  it(
    'writes every option of a text, shape, line, table and picture as pptxgenjs does',
    async () => {
      const deck = {
        title: 'Options & <more>',
        clientName: 'Harbor "Fresh" Foods',
        date: '2026-03-05',
        author: 'Dana Reyes',
        company: 'Deck Portal',
        slides: [],
        warnings: [],
      } as Deck;
      const slides = everyOption();
      expect(writesDirectly(slides)).toBe(true);
      await expectSameFile(deck, slides);
      await expectSameFile(deck, slides, true);
    },
    SLOW,
  );

  let pictures: Pictures;
  beforeAll(async () => {
    pictures = await makePictures();
  });

  it(
    'writes the bench deck as pptxgenjs does, byte for byte, with and without its identity',
    async () => {
      const deck = buildDeck(benchDraft(), createTemplateLibrary());
      const slides = await laidOut(deck, pictures);
      expect(writesDirectly(slides)).toBe(true);
      await expectSameFile(deck, slides);
      await expectSameFile(deck, slides, true);
    },
    SLOW,
  );

  it(
    'writes the Japanese deck as pptxgenjs does',
    async () => {
      const deck = buildDeck(japaneseBenchDraft(), createTemplateLibrary());
      await expectSameFile(deck, await laidOut(deck, pictures));
    },
    SLOW,
  );

  const files = existsSync(CORPUS)
    ? readdirSync(CORPUS).filter((file) => file.endsWith('.pptx'))
    : [];
  it.skipIf(files.length === 0).each(files)(
    'writes the imported %s as pptxgenjs does',
    async (file) => {
      const imported = await importPptx(readFileSync(join(CORPUS, file)));
      if (!imported.ok) return;
      const seed = seedLibraryDocuments();
      const library = createTemplateLibrary(undefined, {
        ...seed,
        slides: imported.slides.map((slide) => slide.document),
      });
      const draft: DeckDraft = {
        basicInfo: {
          deckTitle: 'Imported deck',
          headline: '',
          clientName: 'Northwind Pharmacies',
          date: '2031-06-15',
          primaryContact: '',
          mode: 'simple',
          locale: 'en-US',
          market: 'US',
          language: 'en',
        },
        productSelection: { selectedProducts: [], includePricing: false, customPricing: {} },
        templateCustomization: {
          selectedSlides: imported.slides.map((slide) => slide.document.id),
          customSlides: [],
        },
      };
      const deck = buildDeck(draft, library);
      const pictured = new Map(
        imported.slides
          .flatMap((slide) => [...slide.pictures])
          .map(([src, bytes]) => [
            src,
            {
              bytes: Buffer.from(bytes),
              kind: bytes[0] === 0x89 ? ('png' as const) : ('jpeg' as const),
            },
          ]),
      );
      const slides = await laidOut(deck, pictured);
      if (!writesDirectly(slides)) return;
      await expectSameFile(deck, slides);
    },
    SLOW,
  );
});
