import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { deckDraftSchema, insertedValue, type DeckDraftInput } from '@deck-portal/domain';
import JSZip from 'jszip';
import { afterAll, describe, expect, it } from 'vitest';
import { buildDeck } from '../src/build-deck.ts';
import { getFont, shapeWord } from '../src/layout/fonts.ts';
import { layoutText } from '../src/layout/text-layout.ts';
import { officePdf } from '../src/import/office-render.ts';
import type { Deck, SlideElement, TextElement } from '../src/layout/model.ts';
import { SLIDE_HEIGHT, SLIDE_WIDTH } from '../src/layout/model.ts';
import { renderDeck, type RenderedDeck } from '../src/render/render-deck.ts';
import { SEED_PRICE_BOOK } from '@deck-portal/domain/seed-price-book';
import { GOLDEN_DRAFT_INPUT } from './fixtures.ts';
import { library } from './render-fixture.ts';

// Issue 18: a client's name, contact and a custom slide's words in any script come out of every
// renderer as typed: drawn with a font that has them, in reading order, never as empty boxes.

interface Sample {
  name: string;
  contact: string;
  text: string;
  /** The family the script falls back to, named by the PPTX runs (none: the deck's font has it). */
  family?: string;
  rightToLeft?: boolean;
}

const SAMPLES: Record<string, Sample> = {
  Japanese: {
    name: '株式会社トヨタ自動車',
    contact: '山田 花子',
    text: '東京本社のご担当者様へ、コールドチェーンのご提案です。',
    family: 'Noto Sans JP',
  },
  'Simplified Chinese': {
    name: '北京华为技术有限公司',
    contact: '王小明',
    text: '我们为您的冷链提供完整的解决方案。',
    family: 'Noto Sans SC',
  },
  Korean: {
    name: '삼성전자 주식회사',
    contact: '김민수 부장',
    text: '냉장 물류를 위한 맞춤 제안입니다.',
    family: 'Noto Sans KR',
  },
  Arabic: {
    name: 'شركة النور للتجارة',
    contact: 'أحمد الحسن',
    text: 'حلول متكاملة لسلسلة التبريد',
    family: 'Noto Sans Arabic',
    rightToLeft: true,
  },
  Hebrew: {
    name: 'חברת אלקטרה',
    contact: 'דנה כהן',
    text: 'שָׁלוֹם, פתרון מלא לשרשרת הקירור',
    family: 'Noto Sans Hebrew',
    rightToLeft: true,
  },
  Hindi: {
    name: 'टाटा कंसल्टेंसी सर्विसेज',
    contact: 'राहुल शर्मा',
    text: 'कोल्ड चेन के लिए पूरा समाधान',
    family: 'Noto Sans Devanagari',
  },
  Thai: {
    name: 'บริษัท ปตท. จำกัด',
    contact: 'สมชาย ใจดี',
    text: 'โซลูชันห้องเย็นครบวงจรสำหรับธุรกิจของคุณ',
    family: 'Noto Sans Thai',
  },
  Greek: {
    name: 'Ελληνικά Τρόφιμα Α.Ε.',
    contact: 'Γιώργος Παπαδόπουλος',
    text: 'Λύσεις ψυχρής αλυσίδας για κάθε αποθήκη',
  },
  Vietnamese: {
    name: 'Công ty Thực phẩm Việt Nam',
    contact: 'Nguyễn Thị Hương',
    text: 'Giải pháp chuỗi lạnh toàn diện cho doanh nghiệp',
  },
  emoji: {
    name: 'Frozen Joy 🍦🎉',
    contact: 'Sam Rivera 👋',
    text: 'Cold chain, sorted ✅ 🚚❄️',
    family: 'Noto Emoji',
  },
};

function draftFor(sample: Sample) {
  const input: DeckDraftInput = structuredClone(GOLDEN_DRAFT_INPUT);
  input.basicInfo.clientName = sample.name;
  input.basicInfo.primaryContact = sample.contact;
  // The cover and one custom slide: the slides where the client's words are.
  input.productSelection.includePricing = false;
  input.templateCustomization.selectedSlides = ['title'];
  // The golden deck's first custom slide (title and body), with the client's words in it.
  const [custom] = input.templateCustomization.customSlides!;
  input.templateCustomization.customSlides = [
    { ...custom!, placeholderContent: { title: sample.name, body: sample.text } },
  ];
  return deckDraftSchema.parse(input);
}

function hasCommand(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore', timeout: 30_000 });
    return true;
  } catch {
    return false;
  }
}
const hasPdftotext = hasCommand('pdftotext', ['-v']);
const hasOffice = hasCommand('soffice', ['--version']);

const box = { x: 0, y: 0, w: 400, h: 200, size: 20, color: '000000' };
const dir = mkdtempSync(join(tmpdir(), 'deck-portal-scripts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Each page's text as poppler's pdftotext reads it (in reading order, RTL runs reordered). */
function pdfText(pdf: Uint8Array, name: string): string[] {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
    .split('\f')
    .filter((page, i, pages) => i < pages.length - 1 || page.trim() !== '');
}

/** Text compared without line breaks, spaces or the direction marks pdftotext adds around RTL runs. */
const squash = (text: string) => text.replace(/[\s\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');

/** The glyph ids every text-showing operator of the PDF draws (pdfkit writes them as hex). */
function drawnGlyphIds(pdf: Buffer): number[] {
  const raw = pdf.toString('latin1');
  const ids: number[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      for (const hex of array[1]!.matchAll(/<([0-9a-fA-F]*)>/g)) {
        for (const id of hex[1]!.match(/.{4}/g) ?? []) ids.push(Number.parseInt(id, 16));
      }
    }
  }
  return ids;
}

function textElements(deck: Deck): TextElement[] {
  const texts: TextElement[] = [];
  const add = (element: SlideElement) => {
    if (element.kind === 'text') texts.push(element);
    if (element.kind === 'table') for (const row of element.rows) for (const c of row) add(c.text);
  };
  for (const slide of deck.slides) for (const element of slide.elements) add(element);
  return texts;
}

const rendered = new Map<string, Promise<{ deck: Deck; files: RenderedDeck }>>();
/** A deck of one white slide holding the elements given. */
function oneSlideDeck(elements: SlideElement[]): Deck {
  return {
    title: 'Scripts',
    clientName: 'Client',
    date: '2026-11-28',
    author: 'Rep',
    company: 'Company',
    slides: [{ id: 's', kind: 'custom', title: 'S', background: 'FFFFFF', elements }],
    warnings: [],
  };
}

function deckIn(script: string) {
  let entry = rendered.get(script);
  if (!entry) {
    entry = (async () => {
      const deck = buildDeck(draftFor(SAMPLES[script]!), library);
      return { deck, files: await renderDeck(deck, new Map()) };
    })();
    rendered.set(script, entry);
  }
  return entry;
}

describe.each(Object.keys(SAMPLES))('a deck for a client written in %s', (script) => {
  const sample = SAMPLES[script]!;

  it('has a font for every character: no generation note, no empty box in the PDF or the SVG', async () => {
    const { deck, files } = await deckIn(script);
    expect(deck.warnings).toEqual([]);
    const ids = drawnGlyphIds(files.pdf);
    expect(ids.length).toBeGreaterThan(50);
    // Glyph 0 is every font's .notdef, the empty box.
    expect(ids.filter((id) => id === 0)).toEqual([]);
    for (const svg of files.svgs) {
      expect(svg).not.toMatch(/<use href="#(?:[^"]*-)?[rmsb]0"/);
      expect(svg).toContain('<use href=');
    }
  });

  it.skipIf(!hasPdftotext)('reads back from the PDF as typed, in reading order', async () => {
    const { files } = await deckIn(script);
    const [cover, custom] = pdfText(files.pdf, script).map(squash);
    expect(cover).toContain(squash(sample.name));
    expect(cover).toContain(squash(sample.contact));
    expect(custom).toBeDefined();
    expect(custom).toContain(squash(sample.name));
    expect(custom).toContain(squash(sample.text));
  });

  it('keeps every line of text inside its box and every box on its slide', async () => {
    const { deck } = await deckIn(script);
    for (const text of textElements(deck)) {
      expect(text.x).toBeGreaterThanOrEqual(0);
      expect(text.x + text.w).toBeLessThanOrEqual(SLIDE_WIDTH + 0.01);
      expect(text.y + text.h).toBeLessThanOrEqual(SLIDE_HEIGHT + 0.01);
      for (const line of text.lines) {
        expect(line.x).toBeGreaterThanOrEqual(text.x - 0.01);
        expect(line.x + line.width).toBeLessThanOrEqual(text.x + text.w + 0.01);
        for (const run of line.runs ?? []) {
          expect(run.x).toBeGreaterThanOrEqual(line.x - 0.01);
          expect(run.x).toBeLessThanOrEqual(line.x + line.width + 0.01);
        }
      }
    }
    const name = textElements(deck).find((t) => t.name === 'client-name')!;
    expect(name.truncated).toBe(false);
  });

  it('names the fallback family on its PPTX runs, and marks right-to-left paragraphs', async () => {
    const { files } = await deckIn(script);
    const zip = await JSZip.loadAsync(files.pptx);
    const cover = await zip.file('ppt/slides/slide1.xml')!.async('string');
    const runs = [...cover.matchAll(/<a:r>([\s\S]*?)<\/a:r>/g)].map((m) => m[1]!);
    const nameRuns = runs.filter((run) =>
      [...sample.name.replace(/ /g, '')].some(
        (char) => /[^\p{Script=Latin}\p{Script=Common}]/u.test(char) && run.includes(char),
      ),
    );
    if (sample.family) {
      const family = sample.family;
      const withFamily = runs.filter((run) => run.includes(`<a:ea typeface="${family}"`));
      expect(withFamily.length, cover).toBeGreaterThan(0);
      for (const run of withFamily) {
        expect(run).toContain(`<a:cs typeface="${family}"`);
        expect(run).toContain(`<a:latin typeface="${family}"`);
      }
      if (script !== 'emoji') expect(nameRuns.length, cover).toBeGreaterThan(0);
      for (const run of nameRuns) expect(run).toContain(`<a:ea typeface="${family}"`);
    } else {
      expect(cover).not.toContain('Noto Sans');
    }
    const text = [...cover.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => m[1]).join('');
    expect(squash(text)).toContain(squash(sample.name));
    const namePara = [...cover.matchAll(/<a:p>([\s\S]*?)<\/a:p>/g)]
      .map((m) => m[1]!)
      .find((p) => squash(p.replace(/<[^>]+>/g, '')).includes(squash(sample.name)))!;
    if (sample.rightToLeft) expect(namePara).toMatch(/<a:pPr[^>]*rtl="1"/);
    else expect(namePara).not.toMatch(/rtl="1"/);
  });
});

describe('right-to-left lines', () => {
  it('put an Arabic name right to left and a Latin product code after it, left to right', () => {
    const input = draftFor({ ...SAMPLES.Arabic!, name: 'شركة النور ABC-123' });
    const deck = buildDeck(input, library);
    const name = textElements(deck).find((t) => t.name === 'client-name')!;
    const runs = name.lines[0]!.runs!;
    // Reading right to left: شركة, then النور, then the code at the far left.
    expect(runs.map((run) => run.text)).toEqual(['ABC-123', 'النور', 'شركة']);
    expect(runs.map((run) => run.face)).toEqual([
      'bold',
      'Noto Sans Arabic/bold',
      'Noto Sans Arabic/bold',
    ]);
    const xs = runs.map((run) => run.x);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
  });

  it('set a bulleted or numbered paragraph read right to left with its mark at the right', () => {
    const box = { x: 100, y: 50, w: 400, h: 300, size: 20, color: '111111' };
    const list = layoutText({
      ...box,
      text: ['حلول متكاملة لسلسلة التبريد', 'Fast setup'],
      bullets: true,
      align: 'right',
    });
    const [arabic, latin] = list.lines;
    // The Arabic paragraph's words end an indent short of the box's right edge; its bullet
    // stands in that indent, ending at the edge. The Latin paragraph keeps its bullet at the left.
    expect(arabic!.x + arabic!.width).toBeCloseTo(box.x + box.w - 22, 5);
    expect(arabic!.bulletX!).toBeGreaterThan(arabic!.x + arabic!.width);
    const bulletWidth = box.x + box.w - arabic!.bulletX!;
    expect(bulletWidth).toBeGreaterThan(2);
    expect(bulletWidth).toBeLessThan(box.size);
    expect(latin!.bulletX!).toBeLessThan(latin!.x);

    const numbered = layoutText({
      ...box,
      text: ['שָׁלוֹם, פתרון מלא'],
      bullets: true,
      numbering: { scheme: 'arabicPeriod' },
    });
    const line = numbered.lines[0]!;
    expect(line.label).toBe('1.');
    expect(line.x).toBe(box.x);
    expect(line.bulletX!).toBeGreaterThan(line.x + line.width);
  });

  it("set a paragraph in the direction its text's style gives, whatever its first letter", async () => {
    const box = { x: 100, y: 50, w: 400, h: 100, size: 20, color: '111111', bullets: true };
    const latinFirst = layoutText({ ...box, text: ['PowerPoint عرض'], rightToLeft: true });
    const line = latinFirst.lines[0]!;
    expect(line.bulletX!).toBeGreaterThan(line.x + line.width);
    // Read right to left, the Latin word that opens the paragraph stands at the line's right end.
    expect(line.runs![0]!.text).toBe('عرض');
    expect(line.runs!.at(-1)!.text).toBe('PowerPoint');
    const arabicLtr = layoutText({ ...box, text: ['عرض تقديمي'], rightToLeft: false });
    expect(arabicLtr.lines[0]!.bulletX!).toBeLessThan(arabicLtr.lines[0]!.x);

    // The PPTX names the direction on the paragraph.
    const deck = oneSlideDeck([latinFirst, { ...arabicLtr, y: 200 }]);
    const zip = await JSZip.loadAsync((await renderDeck(deck, new Map())).pptx);
    const xml = await zip.file('ppt/slides/slide1.xml')!.async('string');
    expect(xml).toMatch(/<a:pPr[^>]*rtl="1"[^>]*>(?:(?!<\/a:p>).)*PowerPoint/);
    expect(xml).not.toMatch(/<a:pPr[^>]*rtl="1"[^>]*>(?:(?!<\/a:p>).)*تقديمي/);
  });

  it('keep a left-to-right line in its order with a Hebrew word inside', () => {
    const input = draftFor({ ...SAMPLES.Hebrew!, name: 'Acme חברת אלקטרה Ltd' });
    const deck = buildDeck(input, library);
    const name = textElements(deck).find((t) => t.name === 'client-name')!;
    expect(name.lines[0]!.runs!.map((run) => run.text)).toEqual(['Acme', 'אלקטרה', 'חברת', 'Ltd']);
  });
});

describe('a value inserted into a right-to-left sentence', () => {
  // An Arabic library's footer, "Prepared for {{client.name}} · {{deck.date}}", for a client with
  // a Latin name: each value isolated, the name and the date never trade places.
  const footer = layoutText({
    ...box,
    w: 700,
    text: `أعدت لـ ${insertedValue('client.name', 'Acme Corp')} · ${insertedValue('deck.date', 'March 5, 2026')}`,
  });
  /** Where each part stands in a page's text, as drawn left to right. */
  const order = (page: string) =>
    ['March 5, 2026', 'Acme Corp', 'أعدت'].map((part) => page.indexOf(part));

  it.skipIf(!hasPdftotext)(
    'reads back from our PDF with the name between the words and the date',
    async () => {
      const files = await renderDeck(oneSlideDeck([footer]), new Map());
      const [page] = pdfText(files.pdf, 'isolated-footer');
      // Drawn left to right: the date, the name, then the Arabic words that open the sentence.
      const [date, name, words] = order(page!);
      expect(date).toBeGreaterThanOrEqual(0);
      expect(date).toBeLessThan(name!);
      expect(name).toBeLessThan(words!);
    },
  );

  it('says the same order in the PPTX, isolated, and LibreOffice reads it so', async () => {
    const files = await renderDeck(oneSlideDeck([footer]), new Map());
    const xml = await (
      await JSZip.loadAsync(files.pptx)
    )
      .file('ppt/slides/slide1.xml')!
      .async('string');
    const paragraph = /<a:p>(?:(?!<\/a:p>)[\s\S])*أعدت[\s\S]*?<\/a:p>/.exec(xml)![0];
    expect(paragraph).toMatch(/<a:pPr[^>]*rtl="1"/);
    const words = [...paragraph.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => m[1]).join('');
    expect(words).toBe('أعدت لـ \u2068Acme Corp\u2069 · \u2068March 5, 2026\u2069');
    if (!hasPdftotext || !hasOffice) return;
    const office = await officePdf(files.pptx, { command: 'soffice' });
    const [page] = pdfText(office!, 'isolated-footer-office').map(squash);
    const [ours] = pdfText(files.pdf, 'isolated-footer-ours').map(squash);
    expect(page).toBe(ours);
  }, 180_000);
});

describe('an Arabic name on the cover', () => {
  it('is set on a line as tall as its font needs, so office suites keep it in its box', async () => {
    const { deck } = await deckIn('Arabic');
    const name = textElements(deck).find((t) => t.name === 'client-name')!;
    const { ascent, descent } = getFont(name.lines[0]!.runs![0]!.face);
    expect(name.lines[0]!.runs![0]!.face).toBe('Noto Sans Arabic/bold');
    expect(name.lineHeight).toBeGreaterThanOrEqual((ascent - descent) * name.size - 0.01);
    // The PPTX states that pitch: LibreOffice sets the line's leading above its glyphs.
    const { files } = await deckIn('Arabic');
    const xml = await (
      await JSZip.loadAsync(files.pptx)
    )
      .file('ppt/slides/slide1.xml')!
      .async('string');
    const spacing = Number(/<a:spcPts val="(\d+)"\/>(?:(?!<\/a:p>)[\s\S])*شركة/.exec(xml)![1]);
    expect(spacing / 100).toBeCloseTo(name.lineHeight, 0);
  });
});

describe('a table cell', () => {
  it('names the fallback family on its PPTX runs too (a product named in Japanese)', async () => {
    const priceBook = {
      ...SEED_PRICE_BOOK,
      products: SEED_PRICE_BOOK.products.map((product) =>
        product.id === 'data_logger' ? { ...product, name: '温度ロガー' } : product,
      ),
    };
    const draft = deckDraftSchema.parse({
      ...GOLDEN_DRAFT_INPUT,
      templateCustomization: { selectedSlides: ['title'], customSlides: [] },
    });
    const deck = buildDeck(draft, library, { priceBook });
    const files = await renderDeck(deck, new Map());
    const zip = await JSZip.loadAsync(files.pptx);
    const quote = deck.slides.findIndex((slide) => slide.title === 'Quote summary');
    const xml = await zip.file(`ppt/slides/slide${quote + 1}.xml`)!.async('string');
    const cell = /<a:tc>(?:(?!<\/a:tc>)[\s\S])*温度ロガー[\s\S]*?<\/a:tc>/.exec(xml)![0];
    expect(cell).toContain('<a:ea typeface="Noto Sans JP"');
    expect(drawnGlyphIds(files.pdf).filter((id) => id === 0)).toEqual([]);
  });
});

describe('right-to-left paragraphs', () => {
  const runsOf = (text: string) =>
    layoutText({ x: 0, y: 0, w: 400, h: 200, size: 20, color: '000000', text }).lines.map((line) =>
      line.runs?.map((run) => run.text),
    );

  it('order a line with no right-to-left letter as the paragraph reads', () => {
    expect(runsOf('שלום\u2028Acme Corp!')).toEqual([['שלום'], ['!', 'Acme Corp']]);
  });

  it('reverse punctuation that follows a right-to-left word', () => {
    expect(runsOf('מה?!')).toEqual([['!?', 'מה']]);
    // The brackets are Inter's, each mirrored: the opening one is drawn at the right.
    expect(runsOf('(שלום)')).toEqual([['(', 'שלום', ')']]);
  });

  it('keep Arabic-Indic figures in their order', () => {
    const [line] = layoutText({ ...box, text: 'السعر ٢٠٢٦ ريال' }).lines;
    const figures = line!.runs!.find((run) => run.text === '٢٠٢٦')!;
    const drawn = shapeWord(figures.text, figures.face).glyphs.flatMap((g) => g.codePoints);
    expect(String.fromCodePoint(...drawn)).toBe('٢٠٢٦');
  });
});

describe('a symbol font’s bullet', () => {
  it('is drawn from the symbols family when the text’s font has none, never as an empty box', async () => {
    const text = layoutText({
      ...box,
      text: 'Apprentice conditions\n\nAnnual leave',
      bullets: true,
      bulletChar: '➢',
    });
    expect(text.bulletFace).toBe('Noto Sans Symbols 2/regular');
    // A bullet the text's font has stays in it.
    expect(
      layoutText({ ...box, text: 'Leave', bullets: true, bulletChar: '▪' }),
    ).not.toHaveProperty('bulletFace');
    const files = await renderDeck(oneSlideDeck([text]), new Map());
    const ids = drawnGlyphIds(files.pdf);
    expect(ids.length).toBeGreaterThan(10);
    expect(ids.filter((id) => id === 0)).toEqual([]);
    expect(files.pdf.toString('latin1')).toContain('NotoSansSymbols2');
    expect(files.svgs[0]).not.toMatch(/<use href="#(?:[^"]*-)?[rmsb]0"/);
    // PowerPoint draws it in Wingdings, at the letter Wingdings has it.
    const xml = await (
      await JSZip.loadAsync(files.pptx)
    )
      .file('ppt/slides/slide1.xml')!
      .async('string');
    expect(xml).toContain(
      '<a:buFont typeface="Wingdings" pitchFamily="2" charset="2"/><a:buChar char="Ø"/>',
    );
  });
});

describe('a cut line', () => {
  it('ends on a whole character, an emoji never split', () => {
    const cut = layoutText({ ...box, w: 120, maxLines: 1, text: `ab ${'🎉'.repeat(20)}` });
    expect(cut.truncated).toBe(true);
    expect(cut.lines[0]!.text).toMatch(/^ab (🎉)*…$/u);
  });
});

describe('auto-fit', () => {
  it('shrinks a long Japanese client name on the cover to fit its box, as a long Latin one', () => {
    const long = (name: string) =>
      textElements(buildDeck(draftFor({ ...SAMPLES.Japanese!, name }), library)).find(
        (t) => t.name === 'client-name',
      )!;
    const short = long('株式会社トヨタ');
    const japanese = long(
      '株式会社トヨタ自動車東京本社冷凍物流事業部関東第一センター営業推進グループ',
    );
    const latin = long(
      'Harbor Fresh Foods Cold Storage and Distribution Company of the Greater Northwest Region',
    );
    expect(japanese.size).toBeLessThan(short.size);
    expect(latin.size).toBeLessThan(short.size);
    for (const fitted of [japanese, latin]) {
      expect(fitted.truncated).toBe(false);
      const bottom = fitted.lines.at(-1)!.baseline;
      expect(bottom).toBeLessThanOrEqual(fitted.y + fitted.h);
      for (const line of fitted.lines) {
        expect(line.x + line.width).toBeLessThanOrEqual(fitted.x + fitted.w + 0.01);
      }
    }
    expect(japanese.lines.map((line) => line.text).join('')).toBe(
      '株式会社トヨタ自動車東京本社冷凍物流事業部関東第一センター営業推進グループ',
    );
  });
});

describe.skipIf(!hasPdftotext || !hasOffice)('LibreOffice reads the PPTX', () => {
  it.each(['Arabic', 'Japanese'])(
    'of the %s deck with the same text as our PDF',
    async (script) => {
      const { files } = await deckIn(script);
      const office = await officePdf(files.pptx, { command: 'soffice' });
      expect(office).toBeDefined();
      const theirs = pdfText(office!, `${script}-office`).map(squash);
      const ours = pdfText(files.pdf, script).map(squash);
      expect(theirs.join('\n')).toEqual(ours.join('\n'));
    },
    180_000,
  );
});
