import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { DeckDraft, TemplateElement } from '@deck-portal/domain';
import { buildDeck } from '../build-deck.ts';
import { generateDeck } from '../generate-deck.ts';
import { createTemplateLibrary } from '../library/template-library.ts';
import { textsOf } from './fields.ts';
import { renderImportedSlides } from '../import-presentation.ts';
import { importPptx, type ImportedSlide } from './import-pptx.ts';

// A deck our engine wrote, imported back: the same slides with the same words, and a slide set
// in an Office font's stand-in names the Office font in the PPTX it becomes.

const draft: DeckDraft = {
  basicInfo: {
    deckTitle: 'Round trip',
    headline: '',
    clientName: 'Northwind Cold Storage',
    date: '2026-03-05',
    primaryContact: 'Dana Reyes',
    mode: 'simple',
    locale: 'en-US',
    market: 'US',
    language: 'en',
  },
  productSelection: { selectedProducts: [], includePricing: false, customPricing: {} },
  templateCustomization: {
    selectedSlides: ['title', 'agenda', 'about-us', 'by-the-numbers', 'next-steps'],
    customSlides: [],
  },
};

const wordsOf = (texts: readonly string[]) =>
  texts
    .join(' ')
    .split(/\s+/)
    .filter((word) => word !== '' && word !== '•')
    .sort();

/** The first slide's XML in a PPTX. */
const slideXmlOf = (pptx: Uint8Array) => strFromU8(unzipSync(pptx)['ppt/slides/slide1.xml']!);

/** A PPTX of ours imported back: its first slide. */
async function firstSlideBack(pptx: Uint8Array) {
  const imported = await importPptx(pptx);
  if (!imported.ok) throw new Error(imported.reason);
  return imported.slides[0]!;
}

/** A text box 600 × 80 pt at (60, `y`). */
function textBox(
  text: Extract<TemplateElement, { kind: 'text' }>['text'],
  style: Extract<TemplateElement, { kind: 'text' }>['style'],
  y = 60,
): TemplateElement {
  return { kind: 'text', x: 60, y, w: 600, h: 80, text, style };
}

/** An imported slide of one element, as the importer would hand it over. */
function slideOf(element: TemplateElement): ImportedSlide {
  return {
    number: 1,
    hidden: false,
    document: {
      format: 1,
      id: 'imported-1',
      title: 'Imported slide',
      description: '',
      category: 'company',
      background: '#FFFFFF',
      elements: [element],
    },
    elements: [element],
    pictures: new Map(),
    fields: [],
    leftOut: [],
    report: { imported: {}, notImported: [], fonts: [] },
  };
}

describe('a deck our engine wrote, imported back', () => {
  it('has the same slides with the same words, and nothing reported missing', async () => {
    const library = createTemplateLibrary();
    const deck = buildDeck(draft, library);
    const { pptx } = await generateDeck(draft, { library });
    const imported = await importPptx(pptx);
    if (!imported.ok) throw new Error(imported.reason);
    expect(imported.width).toBe(960);
    expect(imported.slides).toHaveLength(deck.slides.length);
    imported.slides.forEach((slide, i) => {
      const original = deck.slides[i]!.elements.flatMap((element) => {
        if (element.kind === 'text') return element.paragraphs;
        if (element.kind === 'table') return element.rows.flat().flatMap((c) => c.text.paragraphs);
        return [];
      });
      expect(wordsOf(textsOf(slide.document.elements)), `slide ${i + 1}`).toEqual(
        wordsOf(original),
      );
      expect(slide.report.notImported, `slide ${i + 1}`).toEqual([]);
    });
  }, 60_000);

  it('writes an imported slide set in Carlito as Calibri in its PPTX, and embeds Carlito in its PDF', async () => {
    const slide = slideOf(
      textBox('Set in Calibri', { weight: 'regular', size: 32, color: '#112233', font: 'Carlito' }),
    );
    const rendered = await renderImportedSlides([slide]);
    // The imported slide alone: not the pricing slides a deck adds by itself.
    expect(rendered.svgs).toHaveLength(1);
    expect(rendered.pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
    const xml = slideXmlOf(rendered.pptx);
    expect(xml).toContain('typeface="Calibri"');
    expect(rendered.pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+Carlito/);
  });

  it('writes a slide set in DejaVu Sans (for Lucida Sans or Verdana) as Verdana, and embeds DejaVu Sans', async () => {
    const slide = slideOf(
      textBox('Set in Lucida Sans Unicode', {
        weight: 'regular',
        size: 32,
        color: '#112233',
        font: 'DejaVu Sans',
        italic: true,
      }),
    );
    const rendered = await renderImportedSlides([slide]);
    expect(slideXmlOf(rendered.pptx)).toContain('typeface="Verdana"');
    expect(rendered.pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Oblique/);
  });

  it('sets italic text in italic faces and underlines it, in the web view, the PDF and the PPTX', async () => {
    const slide = slideOf(
      textBox('Slanted and underlined', {
        weight: 'bold',
        size: 32,
        color: '#112233',
        font: 'Tinos',
        italic: true,
        underline: true,
      }),
    );
    const rendered = await renderImportedSlides([slide]);
    const xml = slideXmlOf(rendered.pptx);
    expect(xml).toMatch(/<a:rPr[^>]* b="1" i="1"[^>]* u="sng"/);
    expect(xml).toContain('typeface="Times New Roman"');
    // The PDF embeds Tinos's bold italic face, and draws the underline as a filled bar.
    expect(rendered.pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+Tinos-BoldItalic/);
    // The web view draws the italic face's glyphs, and one bar under the line.
    expect(rendered.svgs[0]).toMatch(/<path id="Tinositalic-b\d+"/);
    expect(rendered.svgs[0]).toMatch(
      /<rect x="60" y="[\d.]+" width="[\d.]+" height="[\d.]+" fill="#112233"\/>/,
    );
  });

  it("writes a list's own bullet and its soft returns into the PPTX", async () => {
    const slide = slideOf(
      textBox(['First point\u2028goes on', 'Second point'], {
        weight: 'regular',
        size: 20,
        color: '#112233',
        bullets: true,
        bulletChar: '–',
      }),
    );
    const rendered = await renderImportedSlides([slide]);
    const xml = slideXmlOf(rendered.pptx);
    expect(xml.match(/<a:buChar char="&#x2013;"\/>/g)).toHaveLength(2);
    // A line break inside the first point is a soft return, not a third bulleted paragraph.
    expect(xml.match(/<a:p>/g)).toHaveLength(2);
    expect(xml.match(/<a:pPr /g)).toHaveLength(2);
    expect(xml).toMatch(/First point<\/a:t><\/a:r><a:br\/><a:r>.*goes on<\/a:t>/);
  });

  it('draws bullets in their own colour and size in the web view and the PPTX, and reads them back', async () => {
    const bulleted: TemplateElement = textBox(['First point', 'Second point'], {
      weight: 'regular',
      size: 20,
      color: '#112233',
      bullets: true,
      bulletColor: '#1CADE4',
      bulletSize: 0.5,
    });
    const plain: TemplateElement = textBox(
      ['Third point'],
      { weight: 'regular', size: 20, color: '#112233', bullets: true },
      300,
    );
    const slide = slideOf(bulleted);
    const rendered = await renderImportedSlides([
      {
        ...slide,
        document: { ...slide.document, elements: [bulleted, plain] },
        elements: [bulleted, plain],
      },
    ]);
    // The web view: two small teal bullets (10 points: Inter's em scaled to half of 20).
    const teal = rendered.svgs[0]!.match(/<g fill="#1CADE4" transform="[^"]+ scale\(0\.0048/g);
    expect(teal).toHaveLength(2);
    // The PPTX: the first text's bullets in their colour and size, the other's as its words.
    const xml = slideXmlOf(rendered.pptx);
    expect(
      xml.match(/<a:buClr><a:srgbClr val="1CADE4"\/><\/a:buClr><a:buSzPct val="50000"\/>/g),
    ).toHaveLength(2);
    expect(xml.match(/<a:buSzPct val="100000"\/>/g)).toHaveLength(1);

    const back = await firstSlideBack(rendered.pptx);
    const texts = back.document.elements.filter((e) => e.kind === 'text');
    expect(texts[0]).toMatchObject({ style: { bulletColor: '#1CADE4', bulletSize: 0.5 } });
    expect(texts[1]!.style).not.toHaveProperty('bulletColor');
    expect(texts[1]!.style).not.toHaveProperty('bulletSize');
  });

  it('writes a bullet without a hanging indent as PowerPoint has it, and reads it back', async () => {
    const words = 'A point long enough to wrap onto a second line under its bullet in this box';
    const flush: TemplateElement = textBox([words], {
      weight: 'regular',
      size: 20,
      color: '#112233',
      bullets: true,
      bulletIndent: 0.35,
      wrapUnderBullet: true,
    });
    const rendered = await renderImportedSlides([slideOf(flush)]);
    const xml = slideXmlOf(rendered.pptx);
    expect(xml).toMatch(/<a:pPr [^>]*marL="0" indent="0"/);
    expect(xml).not.toMatch(/indent="-/);

    const back = await firstSlideBack(rendered.pptx);
    const [text] = back.document.elements.filter((e) => e.kind === 'text');
    expect(text).toMatchObject({ style: { bullets: true, wrapUnderBullet: true } });
  });

  it('writes tabs and their stops as PowerPoint has them, and reads them back', async () => {
    const price: TemplateElement = textBox(['Data logger\t1,250.00', 'Setup\t75.50'], {
      weight: 'regular',
      size: 20,
      color: '#112233',
      tabStops: [{ at: 300, align: 'decimal' }],
      tabSize: 36,
    });
    const rendered = await renderImportedSlides([slideOf(price)]);
    // The web view draws two lines, and reads the tab as a gap.
    const svg = rendered.svgs[0]!;
    expect(svg).toContain('aria-label="Data logger 1,250.00\nSetup 75.50"');
    // (text-paragraphs.test.ts shows where the figures stand.)
    expect(svg.match(/<g fill="#112233"/g)).toHaveLength(2);
    // The PPTX keeps the tab in the words and the stop on each paragraph: PowerPoint sets them.
    const xml = slideXmlOf(rendered.pptx);
    expect(xml).toContain('<a:t>Data logger\t1,250.00</a:t>');
    expect(
      xml.match(
        /<a:pPr [^>]*defTabSz="457200"[^>]*>(?:(?!<\/a:pPr>).)*<a:tabLst><a:tab pos="3810000" algn="dec"\/><\/a:tabLst><\/a:pPr>/g,
      ),
    ).toHaveLength(2);

    // Without an indent of 0 named: LibreOffice would ignore the stops of such a paragraph.
    expect(xml).not.toMatch(/<a:pPr [^>]*indent="0"[^>]*defTabSz/);

    const back = await firstSlideBack(rendered.pptx);
    const [text] = back.document.elements.filter((e) => e.kind === 'text');
    expect(text).toMatchObject({
      text: ['Data logger\t1,250.00', 'Setup\t75.50'],
      style: { tabStops: [{ at: 300, align: 'decimal' }], tabSize: 36 },
    });
  });

  it('sets words in a size and font of their own in the web view and the PPTX, and reads them back', async () => {
    const runs = [
      { text: 'Revenue up ' },
      { text: '42%', size: 40, weight: 'bold' as const },
      { text: ' in print', font: 'Tinos' as const },
    ];
    const slide = slideOf(
      textBox([{ runs }, 'Since 2024'], {
        weight: 'regular',
        size: 20,
        color: '#112233',
        lineHeight: 1.2,
      }),
    );
    const rendered = await renderImportedSlides([slide]);
    // The web view: the figure's glyphs at twice the scale of the words before it.
    const scales = [
      ...rendered.svgs[0]!.matchAll(/<g fill="#112233" transform="[^"]+ scale\(([\d.]+)/g),
    ].map((match) => Number(match[1]));
    expect(Math.max(...scales) / Math.min(...scales)).toBeCloseTo(2);
    // The PPTX: the figure's run in 40 pt, its line spaced as a share of single spacing, so
    // PowerPoint makes it taller too.
    const xml = slideXmlOf(rendered.pptx);
    const figure = /<a:r><a:rPr ([^>]*)>(?:(?!<\/a:r>).)*<a:t>42%<\/a:t>/.exec(xml)?.[1];
    expect(figure).toMatch(/ sz="4000"/);
    expect(figure).toMatch(/ b="1"/);
    expect(xml).toMatch(/<a:lnSpc><a:spcPct val="\d+"\/><\/a:lnSpc>/);
    expect(xml).not.toContain('<a:spcPts');
    // The words in Tinos: its glyphs in the web view, Times New Roman named in the PPTX.
    expect(rendered.svgs[0]).toMatch(/<path id="Tinos-r\d+"/);
    expect(xml).toMatch(
      /<a:latin typeface="Times New Roman"[^>]*\/>(?:(?!<\/a:r>).)*<a:t> in print<\/a:t>/,
    );

    const back = await firstSlideBack(rendered.pptx);
    const [text] = back.document.elements.filter((e) => e.kind === 'text');
    expect(text).toMatchObject({
      text: [{ runs }, 'Since 2024'],
      style: { size: 20 },
    });
    expect(back.report.notImported).toEqual([]);
  });

  it('opens a link on words from the PDF, the PPTX and the web view, and reads it back', async () => {
    const runs = [
      { text: 'Book a call at ' },
      { text: 'example.com', underline: true, link: 'https://example.com/book?from=deck' },
    ];
    const rendered = await renderImportedSlides([
      slideOf(textBox([{ runs }], { weight: 'regular', size: 20, color: '#112233' })),
    ]);
    // The PDF: a link annotation over the words, opening the address.
    const pdf = rendered.pdf.toString('latin1');
    expect(pdf).toMatch(/\/Subtype \/Link/);
    expect(pdf).toContain('/URI (https://example.com/book?from=deck)');
    // The web view: the same place, as shares of the slide, for a link laid over its picture.
    const [a, b, c, d] = /\/Rect \[([\d. -]+)\]/.exec(pdf)![1]!.trim().split(/\s+/).map(Number);
    const [link, ...others] = rendered.slideLinks[0]!;
    expect(others).toEqual([]);
    expect(link).toMatchObject({ href: 'https://example.com/book?from=deck', text: 'example.com' });
    expect(link!.x * 960).toBeCloseTo(a!, 0);
    expect(link!.w * 960).toBeCloseTo(c! - a!, 0);
    expect(link!.y * 540).toBeCloseTo(540 - d!, 0);
    expect(link!.h * 540).toBeCloseTo(d! - b!, 0);
    // The PPTX: the run clicks through a relationship to the address.
    const files = unzipSync(rendered.pptx);
    const xml = strFromU8(files['ppt/slides/slide1.xml']!);
    const id = /<a:hlinkClick r:id="(rId\d+)"/.exec(xml)?.[1];
    expect(id).toBeDefined();
    expect(strFromU8(files['ppt/slides/_rels/slide1.xml.rels']!)).toMatch(
      new RegExp(
        `Id="${id}"[^>]*Target="https://example.com/book\\?from=deck"[^>]*TargetMode="External"`,
      ),
    );

    const back = await firstSlideBack(rendered.pptx);
    const [text] = back.document.elements.filter((e) => e.kind === 'text');
    expect(text).toMatchObject({ text: [{ runs }] });
  });

  it('casts a shape’s soft shadow in the web view, the PDF and the PPTX, and reads it back', async () => {
    const shadowed: TemplateElement = {
      kind: 'rect',
      x: 100,
      y: 100,
      w: 200,
      h: 100,
      fill: '#4472C4',
      shadow: { color: '#000000', opacity: 0.5, blur: 4, dx: 6, dy: 6 },
    };
    const slide = slideOf(shadowed);
    const rendered = await renderImportedSlides([slide]);
    // Beside the shape on the side the shadow falls, grey; farther out and on the other side,
    // the white slide. In the PDF (drawn by poppler) and in the web view (drawn by librsvg).
    const shadeAt = async (png: Buffer, scale: number) => {
      const { data, info } = await sharp(png)
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return (x: number, y: number) =>
        data[
          Math.round(y * scale) * info.width * info.channels + Math.round(x * scale) * info.channels
        ]!;
    };
    const dir = mkdtempSync(join(tmpdir(), 'shadow-'));
    try {
      writeFileSync(join(dir, 'deck.pdf'), rendered.pdf);
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '72',
        '-singlefile',
        join(dir, 'deck.pdf'),
        join(dir, 'page'),
      ]);
      const views = [
        await shadeAt(readFileSync(join(dir, 'page.png')), 1),
        await shadeAt(await sharp(Buffer.from(rendered.svgs[0]!)).png().toBuffer(), 1280 / 960),
      ];
      for (const shade of views) {
        expect(shade(303, 150)).toBeLessThan(215);
        expect(shade(150, 203)).toBeLessThan(215);
        expect(shade(325, 150)).toBeGreaterThan(245);
        expect(shade(97, 150)).toBeGreaterThan(245);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // The PPTX: an outer shadow 4 pt blurred, 8.49 pt away, falling at 45°.
    expect(slideXmlOf(rendered.pptx)).toMatch(
      /<a:outerShdw [^>]*blurRad="50800" dist="107763" dir="2700000">\s*<a:srgbClr val="000000">\s*<a:alpha val="50000"\/>/,
    );

    const [shape] = (await firstSlideBack(rendered.pptx)).document.elements;
    expect(shape).toMatchObject({
      kind: 'rect',
      shadow: { color: '#000000', opacity: 0.5, blur: 4, dx: 6, dy: 6 },
    });
  });

  it('casts a picture’s shadow from its box in the web view and the PPTX, and reads it back', async () => {
    const photo = new Uint8Array(
      await sharp({ create: { width: 40, height: 20, channels: 3, background: '#3366AA' } })
        .jpeg()
        .toBuffer(),
    );
    const pictured: TemplateElement = {
      kind: 'picture',
      x: 100,
      y: 100,
      w: 200,
      h: 100,
      src: 'pptx:photo',
      fit: 'cover',
      alt: 'A photo',
      shadow: { color: '#000000', opacity: 0.4, blur: 4, dx: 0, dy: 5 },
    };
    const rendered = await renderImportedSlides([
      { ...slideOf(pictured), pictures: new Map([['pptx:photo', photo]]) },
    ]);
    expect(rendered.svgs[0]).toMatch(/<filter id="shadow\d+"[^>]*><feDropShadow dx="0" dy="5"/);
    const xml = slideXmlOf(rendered.pptx);
    expect(xml).toMatch(/<p:pic>(?:(?!<\/p:pic>).)*<a:outerShdw [^>]*dist="63500" dir="5400000"/);
    const back = await firstSlideBack(rendered.pptx);
    expect(back.document.elements).toMatchObject([
      { kind: 'picture', shadow: { color: '#000000', opacity: 0.4, blur: 4, dx: 0, dy: 5 } },
    ]);
  });

  it('draws a line’s arrowheads and dashes in the web view and the PPTX, and reads them back', async () => {
    // Up and to the left: the PPTX flips the line both ways so its head stays at (x1, y1).
    const line: TemplateElement = {
      kind: 'line',
      x1: 400,
      y1: 300,
      x2: 100,
      y2: 100,
      color: '#C00000',
      width: 2,
      dash: true,
      startArrow: 'oval',
      endArrow: 'triangle',
    };
    const rendered = await renderImportedSlides([slideOf(line)]);
    const svg = rendered.svgs[0]!;
    expect(svg).toMatch(/<line [^>]*stroke="#C00000" stroke-width="2" stroke-dasharray="8 6"\/>/);
    // The triangle's tip at the end; the dot about the start.
    expect(svg).toMatch(/<polygon points="100,100 [^"]+" fill="#C00000"\/>/);
    expect(svg).toMatch(/<circle cx="400" cy="300" r="[\d.]+" fill="#C00000"\/>/);
    const xml = slideXmlOf(rendered.pptx);
    expect(xml).toMatch(/<a:xfrm flipH="1" flipV="1">/);
    expect(xml).toMatch(/<a:prstDash val="dash"\/>/);
    expect(xml).toMatch(/<a:headEnd type="oval"\/>/);
    expect(xml).toMatch(/<a:tailEnd type="triangle"\/>/);

    expect((await firstSlideBack(rendered.pptx)).document.elements).toContainEqual({
      ...line,
      x1: expect.closeTo(400, 1),
      y1: expect.closeTo(300, 1),
      x2: expect.closeTo(100, 1),
      y2: expect.closeTo(100, 1),
    });
  });

  it('draws a see-through outline see-through in the web view and the PPTX, and reads it back', async () => {
    const outlined: TemplateElement = {
      kind: 'rect',
      x: 100,
      y: 100,
      w: 200,
      h: 100,
      stroke: { color: '#FFFFFF', width: 1, opacity: 0.12 },
    };
    const rendered = await renderImportedSlides([slideOf(outlined)]);
    expect(rendered.svgs[0]).toMatch(
      /<rect x="100" y="100" width="200" height="100" fill="none" stroke="#FFFFFF" stroke-width="1" stroke-opacity="0.12"\/>/,
    );
    expect(slideXmlOf(rendered.pptx)).toMatch(
      /<a:ln w="12700"><a:solidFill><a:srgbClr val="FFFFFF"><a:alpha val="12000"\/><\/a:srgbClr>/,
    );
    expect((await firstSlideBack(rendered.pptx)).document.elements).toContainEqual(outlined);
  });

  it('draws a gradient shape as a gradient in the web view, the PDF and the PPTX', async () => {
    const slide = slideOf({
      kind: 'rect',
      x: 0,
      y: 0,
      w: 960,
      h: 540,
      fill: '#808080',
      gradient: {
        angle: 90,
        stops: [
          { at: 0, color: '#000000' },
          { at: 1, color: '#FFFFFF' },
        ],
      },
    });
    const rendered = await renderImportedSlides([slide]);
    expect(rendered.svgs[0]).toMatch(
      /<linearGradient id="gradient0" gradientUnits="userSpaceOnUse" x1="480" y1="0" x2="480" y2="540">/,
    );
    expect(rendered.svgs[0]).toContain('fill="url(#gradient0)"');
    expect(rendered.pdf.toString('latin1')).toContain('/ShadingType 2');
    const xml = slideXmlOf(rendered.pptx);
    expect(xml).toContain('<a:lin ang="5400000" scaled="0"/>');
    expect(xml).not.toContain('<a:srgbClr val="808080"');
  });
});
