import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { strToU8 } from 'fflate';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  paragraphText,
  templateElementSchema,
  templateSlideDocumentSchema,
  type TemplateElement,
} from '@deck-portal/domain';
import { applyFieldChoices } from './fields.ts';
import { bindImportedSlide, importPptx } from './import-pptx.ts';
import { openPptxPackage, presentationOutline } from './pptx-package.ts';
import { readSlides, type ReadSlide } from './read-slides.ts';
import { faceOf, getFont, measureText } from '../layout/fonts.ts';
import { layoutText } from '../layout/text-layout.ts';
import { createTemplateLibrary } from '../library/template-library.ts';
import { seedLibraryDocuments } from '../library/template-seed.ts';
import { THUMBNAIL_SAMPLE } from '../thumbnails.ts';
import {
  buildPptx,
  emu,
  fixtureColors,
  openFixture,
  paragraph,
  shape,
  xfrm,
  type PptxFixture,
  withoutResolution,
} from './test-fixtures.ts';

// The PowerPoint reader on small presentations written by hand: what a slide inherits from its
// layout, master and theme, and where each thing it shows lands on the 960 × 540 pt slide.

async function readFixture(fixture: PptxFixture): Promise<ReadSlide[]> {
  return (await readSlides(openFixture(fixture))).slides;
}

type TextElement = Extract<TemplateElement, { kind: 'text' }>;

function linesOf(element: TextElement): string[] {
  const text = Array.isArray(element.text) ? element.text : [element.text];
  return text.map(paragraphText);
}

/** The text element whose first line is this. */
function textStarting(slide: ReadSlide, line: string): TextElement {
  const found = slide.elements.find(
    (e): e is TextElement => e.kind === 'text' && linesOf(e)[0] === line,
  );
  if (!found) throw new Error(`no text element starts with "${line}"`);
  return found;
}

/** Carlito's (and Calibri's) own line height as a share of its size (1.22). */
const CARLITO_LINE = (() => {
  const { ascent, descent } = getFont(faceOf('Carlito', 'regular'));
  return ascent - descent;
})();
/** A line pitch as a template keeps it: a share of the size, to two places. */
const kept = (share: number) => Math.round(share * 100) / 100;
const solid = (hex: string) => `<a:solidFill><a:srgbClr val="${hex}"/></a:solidFill>`;
const rectangle = (id: number, box: [number, number, number, number], fill: string) =>
  shape({ id, name: `Rectangle ${id}`, box, properties: `<a:prstGeom prst="rect"/>${fill}` });
const textBox = (id: number, box: [number, number, number, number], paragraphs: string) =>
  shape({
    id,
    name: `TextBox ${id}`,
    box,
    properties: '<a:prstGeom prst="rect"/><a:noFill/>',
    bodyProperties: '<a:bodyPr wrap="square"/>',
    paragraphs,
  });

describe('what a slide inherits from its layout and master', () => {
  it("fills a placeholder as its layout's placeholder is filled (a title bar), under its text", async () => {
    const [slide] = await readFixture({
      layout: {
        shapes: shape({
          id: 2,
          placeholder: { type: 'title' },
          box: [0, 0, 960, 90],
          properties: `<a:prstGeom prst="rect"/>${solid('1F3864')}<a:ln><a:noFill/></a:ln>`,
        }),
      },
      slides: [shape({ id: 2, placeholder: { type: 'title' }, paragraphs: paragraph('Agenda') })],
    });
    expect(slide!.elements.map((e) => e.kind)).toEqual(['rect', 'text']);
    expect(slide!.elements[0]).toMatchObject({ x: 0, y: 0, w: 960, h: 90, fill: '#1F3864' });
    expect(slide!.elements[0]).not.toHaveProperty('stroke');
  });

  it('places a title from the layout and styles it from the master, and matches a body by idx', async () => {
    const [slide] = await readFixture({
      layout: {
        shapes:
          shape({ id: 2, placeholder: { type: 'title' }, box: [60, 40, 840, 100] }) +
          shape({ id: 3, placeholder: { type: 'body', idx: 1 }, box: [60, 160, 410, 340] }) +
          shape({
            id: 4,
            placeholder: { type: 'body', idx: 2 },
            box: [490, 160, 410, 340],
            // This placeholder's own list style: smaller and red, over the master's body style.
            listStyle: `<a:lvl1pPr><a:defRPr sz="2000">${solid('C00000')}</a:defRPr></a:lvl1pPr>`,
            paragraphs: '<a:p><a:endParaRPr lang="en-US"/></a:p>',
          }),
      },
      slides: [
        // Neither position nor look of its own: all inherited.
        shape({
          id: 2,
          placeholder: { type: 'title' },
          paragraphs: paragraph('Quarterly review'),
        }) +
          shape({ id: 3, placeholder: { idx: 1 }, paragraphs: paragraph('Left column point') }) +
          shape({ id: 4, placeholder: { idx: 2 }, paragraphs: paragraph('Right column point') }),
      ],
    });

    expect(slide!.title).toBe('Quarterly review');
    // The layout's box (60, 40) inside PowerPoint's default insets of 7.2 and 3.6 pt, moved
    // down by half the line's leading (1.2 − 1.107 of 40 pt, halved): an office suite sets the
    // leading above the glyphs, the engine centres them in the line.
    const title = textStarting(slide!, 'Quarterly review');
    expect({ x: title.x, y: title.y, w: title.w }).toEqual({ x: 67.2, y: 45.45, w: 825.6 });
    // The master's title style: 40 pt bold in tx2 (dk2), in the theme's heading font.
    expect(title.style).toEqual({
      weight: 'bold',
      size: 40,
      minSize: 20,
      color: '#0E2841',
      align: 'left',
      valign: 'top',
      lineHeight: 1.2,
      font: 'Tinos',
    });

    const left = textStarting(slide!, 'Left column point');
    // Carlito's line is as tall as its glyphs (1.22 of its size, not 1.2): no leading.
    expect({ x: left.x, y: left.y }).toEqual({ x: 67.2, y: 163.58 });
    expect(left.style).toMatchObject({ size: 28, color: '#1F2937', bullets: true });

    // idx 2 is the layout's right-hand body, though both are bodies.
    const right = textStarting(slide!, 'Right column point');
    expect(right.x).toBe(497.2);
    expect(right.y).toBeCloseTo(163.58, 1);
    expect(right.style).toMatchObject({ size: 20, color: '#C00000', bullets: true });
  });
});

describe("the presentation's default text style", () => {
  it('styles text boxes, not titles and bodies, which take their master style alone', async () => {
    const [slide] = await readFixture({
      defaultTextStyle: '<a:lvl1pPr><a:defRPr i="1" sz="1600"/></a:lvl1pPr>',
      layout: {
        shapes: shape({ id: 3, placeholder: { type: 'body', idx: 1 }, box: [60, 160, 410, 340] }),
      },
      slides: [
        shape({ id: 3, placeholder: { idx: 1 }, paragraphs: paragraph('In the body') }) +
          textBox(5, [500, 160, 300, 60], paragraph('In a text box')),
      ],
    });
    const body = textStarting(slide!, 'In the body');
    expect(body.style.italic).toBeUndefined();
    expect(body.style.size).toBe(28);
    expect(textStarting(slide!, 'In a text box').style).toMatchObject({ italic: true, size: 16 });
  });
});

describe("a shape's text", () => {
  it('sits in the square inscribed in an ellipse, and a font of another shape than its stand-in is reported', async () => {
    const [slide] = await readFixture({
      slides: [
        shape({
          id: 4,
          box: [100, 100, 200, 200],
          properties: `<a:prstGeom prst="ellipse"><a:avLst/></a:prstGeom>${solid('FF0000')}`,
          bodyProperties: '<a:bodyPr lIns="0" tIns="0" rIns="0" bIns="0"/>',
          paragraphs: paragraph('Inside the circle', {
            rPr: '<a:rPr lang="en-US" sz="1400"><a:latin typeface="Georgia"/></a:rPr>',
          }),
        }),
      ],
    });
    const text = textStarting(slide!, 'Inside the circle');
    // 200 pt across, the inscribed square 141.4 pt: 29.3 pt in from each side.
    expect(text.x).toBeCloseTo(129.29, 1);
    expect(text.w).toBeCloseTo(141.42, 1);
    expect(slide!.report.fonts).toEqual([{ from: 'Georgia', to: 'Tinos' }]);
    expect(slide!.report.notImported).toEqual([
      { kind: 'font', why: 'Georgia is drawn in Tinos: its lines may break in other places' },
    ]);
  });
});

describe('text in a triangle', () => {
  it('sits under the apex of a triangle and over the point of one pointing down', async () => {
    const triangle = (id: number, prst: string, words: string) =>
      shape({
        id,
        box: [100 + (id - 4) * 300, 100, 200, 200],
        properties: `<a:prstGeom prst="${prst}"><a:avLst/></a:prstGeom>${solid('FF0000')}`,
        bodyProperties: '<a:bodyPr lIns="0" tIns="0" rIns="0" bIns="0" anchor="t"/>',
        paragraphs: paragraph(words, { rPr: 'sz="1200"' }),
      });
    const [slide] = await readFixture({
      slides: [triangle(4, 'triangle', 'Under the apex') + triangle(5, 'flowChartMerge', 'Goals')],
    });
    // The middle half of the lower half of the triangle's 200 pt box; of the upper half of the merge's.
    const apex = textStarting(slide!, 'Under the apex');
    expect(apex.x).toBeCloseTo(150, 1);
    expect(apex.w).toBeCloseTo(100, 1);
    expect(apex.y).toBeGreaterThan(195);
    const merge = textStarting(slide!, 'Goals');
    expect(merge.x).toBeCloseTo(450, 1);
    expect(merge.y).toBeLessThan(110);
    expect(slide!.report.notImported).toEqual([]);
  });
});

describe('theme colours and fonts', () => {
  it('resolves accent1 with its luminance modifiers as PowerPoint shows them', async () => {
    const [slide] = await readFixture({
      slides: [
        rectangle(
          5,
          [100, 100, 200, 100],
          '<a:solidFill><a:schemeClr val="accent1"><a:lumMod val="75000"/></a:schemeClr></a:solidFill>',
        ) +
          rectangle(
            6,
            [400, 100, 200, 100],
            '<a:solidFill><a:schemeClr val="accent1"><a:lumMod val="60000"/><a:lumOff val="40000"/></a:schemeClr></a:solidFill>',
          ),
      ],
    });
    // PowerPoint's "Accent 1, darker 25%" and "lighter 40%" of 4472C4.
    expect(slide!.elements).toEqual([
      { kind: 'rect', x: 100, y: 100, w: 200, h: 100, fill: '#2F5597' },
      { kind: 'rect', x: 400, y: 100, w: 200, h: 100, fill: '#8FAADC' },
    ]);
  });

  it("reads tx1 through the master's colour map, or the slide's override of it", async () => {
    const darkText = textBox(
      5,
      [100, 300, 500, 60],
      paragraph('Explicit tx1', {
        rPr: '<a:rPr lang="en-US" sz="2000"><a:solidFill><a:schemeClr val="tx1"/></a:solidFill></a:rPr>',
      }),
    );
    const body = shape({ id: 3, placeholder: { idx: 1 }, paragraphs: paragraph('Body text') });
    const [mapped, overridden] = await readFixture({
      slides: [
        { shapes: darkText + body },
        {
          shapes: darkText + body,
          colorMapOverride:
            'bg1="dk1" tx1="lt1" bg2="dk2" tx2="lt2" accent1="accent1" accent2="accent2" ' +
            'accent3="accent3" accent4="accent4" accent5="accent5" accent6="accent6" ' +
            'hlink="hlink" folHlink="folHlink"',
        },
      ],
    });
    // tx1 → dk1 (1F2937) on the master's map; → lt1 (FAFAF5) where the slide swaps them,
    // the master's body style included.
    expect(textStarting(mapped!, 'Explicit tx1').style.color).toBe('#1F2937');
    expect(textStarting(mapped!, 'Body text').style.color).toBe('#1F2937');
    expect(textStarting(overridden!, 'Explicit tx1').style.color).toBe('#FAFAF5');
    expect(textStarting(overridden!, 'Body text').style.color).toBe('#FAFAF5');
  });

  it("draws +mj-lt in the theme's heading font and reports each font's stand-in", async () => {
    const [slide] = await readFixture({
      theme: { majorFont: 'Georgia', minorFont: 'Calibri' },
      slides: [
        shape({ id: 2, placeholder: { type: 'title' }, paragraphs: paragraph('Heading') }) +
          shape({ id: 3, placeholder: { idx: 1 }, paragraphs: paragraph('Body') }) +
          textBox(
            5,
            [100, 400, 500, 60],
            paragraph('Set in Arial', {
              rPr: '<a:rPr lang="en-US"><a:latin typeface="Arial"/></a:rPr>',
            }),
          ),
      ],
    });
    expect(textStarting(slide!, 'Heading').style.font).toBe('Tinos');
    expect(textStarting(slide!, 'Body').style.font).toBe('Carlito');
    expect(textStarting(slide!, 'Set in Arial').style.font).toBe('Arimo');
    expect(slide!.report.fonts).toEqual([
      { from: 'Georgia', to: 'Tinos' },
      { from: 'Calibri', to: 'Carlito' },
      { from: 'Arial', to: 'Arimo' },
    ]);
  });
});

describe('group shapes', () => {
  it('places a shape inside nested groups at its composed position on a centred 4:3 slide', async () => {
    type Pair = [number, number];
    const group = (id: number, off: Pair, ext: Pair, chOff: Pair, chExt: Pair, inner: string) =>
      `<p:grpSp><p:nvGrpSpPr><p:cNvPr id="${id}" name="Group ${id}"/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr>` +
      `<p:grpSpPr><a:xfrm><a:off x="${emu(off[0])}" y="${emu(off[1])}"/>` +
      `<a:ext cx="${emu(ext[0])}" cy="${emu(ext[1])}"/>` +
      `<a:chOff x="${emu(chOff[0])}" y="${emu(chOff[1])}"/>` +
      `<a:chExt cx="${emu(chExt[0])}" cy="${emu(chExt[1])}"/></a:xfrm></p:grpSpPr>` +
      `${inner}</p:grpSp>`;
    const [slide] = await readFixture({
      width: 720,
      height: 540,
      slides: [
        rectangle(4, [0, 0, 720, 540], solid('EEEEEE')) +
          // Each group's children are laid out at twice its size, from their own origin.
          group(
            10,
            [100, 50],
            [200, 100],
            [200, 100],
            [400, 200],
            rectangle(11, [300, 200, 100, 50], solid('FF0000')) +
              group(
                12,
                [200, 100],
                [100, 100],
                [1000, 1000],
                [200, 200],
                rectangle(13, [1100, 1000, 100, 100], solid('00FF00')),
              ),
          ),
      ],
    });
    // A 720 × 540 slide fills the height at scale 1 and sits 120 pt from the left.
    expect(slide!.elements).toEqual([
      { kind: 'rect', x: 120, y: 0, w: 720, h: 540, fill: '#EEEEEE' },
      // x: 100 + (300 − 200) × ½ = 150 on the file's slide, + 120.
      { kind: 'rect', x: 270, y: 100, w: 50, h: 25, fill: '#FF0000' },
      // x: 200 + (1100 − 1000) × ½ = 250 in the outer group, 100 + (250 − 200) × ½ = 125, + 120.
      { kind: 'rect', x: 245, y: 50, w: 25, h: 25, fill: '#00FF00' },
    ]);
  });
});

describe('turned shapes', () => {
  type Pair = [number, number];
  /** A group whose children keep their size (`chExt` = `ext`), its `a:xfrm` attributes given. */
  const group = (id: number, attrs: string, off: Pair, ext: Pair, inner: string) =>
    `<p:grpSp><p:nvGrpSpPr><p:cNvPr id="${id}" name="Group ${id}"/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr>` +
    `<p:grpSpPr><a:xfrm${attrs}><a:off x="${emu(off[0])}" y="${emu(off[1])}"/>` +
    `<a:ext cx="${emu(ext[0])}" cy="${emu(ext[1])}"/>` +
    `<a:chOff x="${emu(off[0])}" y="${emu(off[1])}"/>` +
    `<a:chExt cx="${emu(ext[0])}" cy="${emu(ext[1])}"/></a:xfrm></p:grpSpPr>` +
    `${inner}</p:grpSp>`;
  /** A shape whose `a:xfrm` says more than its box (`rot`, `flipH`). */
  const turned = (id: number, attrs: string, box: [number, number, number, number], rest: string) =>
    shape({ id, name: `Shape ${id}`, properties: rest }).replace(
      '<p:spPr>',
      `<p:spPr>${xfrm(...box).replace('<a:xfrm>', `<a:xfrm${attrs}>`)}`,
    );

  it('keeps a shape’s and a text’s rotation, a path’s flips in its outline, and reports none of it', async () => {
    const [slide] = await readFixture({
      slides: [
        turned(
          4,
          ' rot="2700000"',
          [100, 100, 200, 100],
          `<a:prstGeom prst="rect"/>${solid('FF0000')}`,
        ) +
          turned(
            5,
            ' rot="5400000" flipH="1"',
            [400, 100, 100, 100],
            `<a:prstGeom prst="rtTriangle"/>${solid('00FF00')}`,
          ) +
          shape({
            id: 6,
            name: 'TextBox 6',
            properties: '<a:prstGeom prst="rect"/><a:noFill/>',
            bodyProperties: '<a:bodyPr wrap="square" lIns="0" tIns="0" rIns="0" bIns="0"/>',
            paragraphs: paragraph('Standing', { rPr: 'sz="2000"' }),
          }).replace(
            '<p:spPr>',
            `<p:spPr>${xfrm(600, 300, 200, 40).replace('<a:xfrm>', '<a:xfrm rot="16200000">')}`,
          ),
      ],
    });
    expect(slide!.report.notImported).toEqual([]);
    expect(slide!.elements[0]).toEqual({
      kind: 'rect',
      x: 100,
      y: 100,
      w: 200,
      h: 100,
      fill: '#FF0000',
      rotation: 45,
    });
    // Mirrored left to right, the right triangle's right angle is at the bottom right.
    expect(slide!.elements[1]).toMatchObject({
      kind: 'path',
      path: 'M1000 0 L1000 1000 L0 1000 Z',
      rotation: 90,
    });
    expect(slide!.elements[1]).not.toHaveProperty('flipH');
    // Turned 270° about the box's centre (700, 320), the box's top is its left: the line at
    // the top turns there, about that centre, not its own.
    const text = textStarting(slide!, 'Standing');
    expect(text.rotation).toBe(270);
    expect(text.w).toBe(200);
    expect(text.y + text.h / 2).toBeCloseTo(320, 1);
    // (Its box's top, before the turn, is the inset moved by half the line's leading.)
    expect(700 - (text.x + text.w / 2)).toBeCloseTo(320 - (300 + text.h / 2), 0);
  });

  it('turns a shape in a turned or mirrored group about the group’s centre', async () => {
    const [slide] = await readFixture({
      slides: [
        // A group over (100, 100)–(300, 200), turned a quarter: its centre stays at (200, 150).
        group(
          10,
          ' rot="5400000"',
          [100, 100],
          [200, 100],
          rectangle(11, [100, 100, 50, 20], solid('FF0000')),
        ) +
          // Mirrored left to right: a shape at its left edge moves to its right edge.
          group(
            12,
            ' flipH="1"',
            [400, 100],
            [200, 100],
            turned(
              13,
              ' rot="600000"',
              [400, 100, 50, 20],
              `<a:prstGeom prst="rect"/>${solid('00FF00')}`,
            ),
          ),
      ],
    });
    expect(slide!.report.notImported).toEqual([]);
    // The shape's centre (125, 110) turns a quarter about (200, 150) to (240, 75).
    expect(slide!.elements[0]).toEqual({
      kind: 'rect',
      x: 215,
      y: 65,
      w: 50,
      h: 20,
      fill: '#FF0000',
      rotation: 90,
    });
    // Its centre (425, 110) mirrors about x = 500 to (575, 110); its 10° turn becomes −10°.
    expect(slide!.elements[1]).toEqual({
      kind: 'rect',
      x: 550,
      y: 100,
      w: 50,
      h: 20,
      fill: '#00FF00',
      rotation: 350,
    });
  });

  it('keeps a turned group level inside a stretched one, and says so', async () => {
    const stretched =
      `<p:grpSp><p:nvGrpSpPr><p:cNvPr id="20" name="Group 20"/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr>` +
      `<p:grpSpPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${emu(400)}" cy="${emu(100)}"/>` +
      `<a:chOff x="0" y="0"/><a:chExt cx="${emu(200)}" cy="${emu(100)}"/></a:xfrm></p:grpSpPr>` +
      group(
        21,
        ' rot="5400000"',
        [0, 0],
        [100, 100],
        rectangle(22, [0, 0, 50, 50], solid('FF0000')),
      ) +
      '</p:grpSp>';
    const [slide] = await readFixture({ slides: [stretched] });
    expect(slide!.elements).toEqual([{ kind: 'rect', x: 0, y: 0, w: 100, h: 50, fill: '#FF0000' }]);
    expect(slide!.report.notImported).toEqual([
      { kind: 'rotation', why: "a turned group's shapes are drawn level" },
    ]);
  });

  it('turns a line’s ends about its centre', async () => {
    const line =
      `<p:cxnSp><p:nvCxnSpPr><p:cNvPr id="30" name="Connector 30"/><p:cNvCxnSpPr/><p:nvPr/></p:nvCxnSpPr>` +
      `<p:spPr>${xfrm(100, 100, 200, 0).replace('<a:xfrm>', '<a:xfrm rot="5400000">')}` +
      `<a:prstGeom prst="line"/><a:ln w="12700">${solid('000000')}</a:ln></p:spPr></p:cxnSp>`;
    const [slide] = await readFixture({ slides: [line] });
    expect(slide!.elements).toEqual([
      { kind: 'line', x1: 200, y1: 0, x2: 200, y2: 200, color: '#000000', width: 1 },
    ]);
  });

  it('draws a see-through outline see-through, and an outline nothing of shows not at all', async () => {
    const faint =
      `<p:sp><p:nvSpPr><p:cNvPr id="33" name="Hexagon 33"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr>` +
      `<p:spPr>${xfrm(100, 100, 100, 100)}<a:prstGeom prst="rect"/><a:noFill/>` +
      '<a:ln w="12700"><a:solidFill><a:srgbClr val="FFFFFF"><a:alpha val="12000"/></a:srgbClr></a:solidFill></a:ln></p:spPr></p:sp>';
    const unseen =
      `<p:sp><p:nvSpPr><p:cNvPr id="34" name="Box 34"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr>` +
      `<p:spPr>${xfrm(300, 100, 100, 100)}<a:prstGeom prst="rect"/>${solid('00FF00')}` +
      '<a:ln w="12700"><a:solidFill><a:srgbClr val="FFFFFF"><a:alpha val="0"/></a:srgbClr></a:solidFill></a:ln></p:spPr></p:sp>';
    const line =
      `<p:cxnSp><p:nvCxnSpPr><p:cNvPr id="35" name="Line 35"/><p:cNvCxnSpPr/><p:nvPr/></p:nvCxnSpPr>` +
      `<p:spPr>${xfrm(100, 300, 200, 0)}<a:prstGeom prst="line"/>` +
      '<a:ln w="12700"><a:solidFill><a:srgbClr val="000000"><a:alpha val="50000"/></a:srgbClr></a:solidFill></a:ln></p:spPr></p:cxnSp>';
    const [slide] = await readFixture({ slides: [faint + unseen + line] });
    expect(slide!.elements).toEqual([
      {
        kind: 'rect',
        x: 100,
        y: 100,
        w: 100,
        h: 100,
        stroke: { color: '#FFFFFF', width: 1, opacity: 0.12 },
      },
      { kind: 'rect', x: 300, y: 100, w: 100, h: 100, fill: '#00FF00' },
      {
        kind: 'line',
        x1: 100,
        y1: 300,
        x2: 300,
        y2: 300,
        color: '#000000',
        width: 1,
        opacity: 0.5,
      },
    ]);
  });

  it('keeps a line’s arrowheads and dashes, and says when a shape’s arrowhead is not drawn', async () => {
    const connector =
      `<p:cxnSp><p:nvCxnSpPr><p:cNvPr id="31" name="Arrow 31"/><p:cNvCxnSpPr/><p:nvPr/></p:nvCxnSpPr>` +
      `<p:spPr>${xfrm(100, 100, 200, 50).replace('<a:xfrm>', '<a:xfrm flipV="1">')}` +
      `<a:prstGeom prst="straightConnector1"/><a:ln w="12700">${solid('FF0000')}` +
      '<a:prstDash val="lgDash"/><a:headEnd type="oval"/><a:tailEnd type="triangle" w="med" len="med"/></a:ln></p:spPr></p:cxnSp>';
    const arc =
      `<p:sp><p:nvSpPr><p:cNvPr id="32" name="Arc 32"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr>` +
      `<p:spPr>${xfrm(400, 100, 100, 100)}<a:prstGeom prst="arc"/><a:ln w="12700">${solid('000000')}` +
      '<a:tailEnd type="arrow"/></a:ln></p:spPr></p:sp>';
    const [slide] = await readFixture({ slides: [connector + arc] });
    // Flipped: it runs from the bottom left up to the top right, its head (start) at the bottom.
    expect(slide!.elements[0]).toEqual({
      kind: 'line',
      x1: 100,
      y1: 150,
      x2: 300,
      y2: 100,
      color: '#FF0000',
      width: 1,
      dash: true,
      startArrow: 'oval',
      endArrow: 'triangle',
    });
    expect(slide!.elements[1]).toMatchObject({ stroke: { color: '#000000', width: 1 } });
    expect(slide!.report.notImported).toContainEqual({
      kind: 'effect',
      why: 'the arrowhead on a "arc" shape is not drawn',
    });
  });
});

describe('connectors that bend or curve', () => {
  const connector = (id: number, frame: string, prst: string, ends: string) =>
    `<p:cxnSp><p:nvCxnSpPr><p:cNvPr id="${id}" name="Connector ${id}"/><p:cNvCxnSpPr/><p:nvPr/></p:nvCxnSpPr>` +
    `<p:spPr>${frame}<a:prstGeom prst="${prst}"><a:avLst/></a:prstGeom>` +
    `<a:ln w="12700">${solid('0000FF')}${ends}</a:ln></p:spPr></p:cxnSp>`;

  it('imports an elbow connector as its straight pieces, its arrowhead on the last', async () => {
    const elbow = connector(
      40,
      xfrm(100, 100, 200, 100).replace('<a:xfrm>', '<a:xfrm flipV="1">'),
      'bentConnector3',
      '<a:tailEnd type="arrow"/>',
    );
    const [slide] = await readFixture({ slides: [elbow] });
    const line = { kind: 'line', color: '#0000FF', width: 1 };
    // Mirrored upside down: from the bottom left across, up the middle, and on to the top right.
    expect(slide!.elements).toEqual([
      { ...line, x1: 100, y1: 200, x2: 200, y2: 200 },
      { ...line, x1: 200, y1: 200, x2: 200, y2: 100 },
      { ...line, x1: 200, y1: 100, x2: 300, y2: 100, endArrow: 'arrow' },
    ]);
    expect(slide!.report.notImported).toEqual([
      {
        kind: 'connector',
        why: 'an elbow connector is imported as 3 lines, no longer joined to its shapes',
      },
    ]);
  });

  it('imports a curved connector as a curve, turned, with its arrowhead along its end', async () => {
    const curved = connector(
      41,
      xfrm(100, 100, 200, 100).replace('<a:xfrm>', '<a:xfrm rot="5400000">'),
      'curvedConnector3',
      '<a:tailEnd type="triangle"/>',
    );
    const [slide] = await readFixture({ slides: [curved] });
    const [curve, arrowhead] = slide!.elements;
    // Turned a quarter about (200, 150): it starts at (250, 50) and ends at (150, 250).
    expect(curve).toMatchObject({
      kind: 'path',
      x: 150,
      y: 50,
      w: 100,
      h: 200,
      stroke: { color: '#0000FF', width: 1 },
    });
    expect(curve).not.toHaveProperty('fill');
    const path = (curve as { path: string }).path;
    expect(path.startsWith('M1000 0 C')).toBe(true);
    expect(path.endsWith(' 0 1000')).toBe(true);
    // The curve comes straight down into its end: the arrowhead's line does too, one mark long.
    expect(arrowhead).toEqual({
      kind: 'line',
      x1: 150,
      y1: 242.5,
      x2: 150,
      y2: 250,
      color: '#0000FF',
      width: 1,
      endArrow: 'triangle',
    });
    expect(slide!.report.notImported).toEqual([
      {
        kind: 'connector',
        why: 'a curved connector is imported as a curve and its arrowheads as short lines, no longer joined to its shapes',
      },
    ]);
  });

  it("casts the shadow a shape's style gives it, unless the shape says it has no effects", async () => {
    const styled = (id: number, x: number, effects: string) =>
      shape({
        id,
        box: [x, 100, 100, 100],
        properties: `<a:prstGeom prst="rect"/>${effects}`,
        style:
          '<a:lnRef idx="0"><a:schemeClr val="accent1"/></a:lnRef>' +
          '<a:fillRef idx="1"><a:schemeClr val="accent1"/></a:fillRef>' +
          '<a:effectRef idx="2"><a:schemeClr val="accent1"/></a:effectRef>' +
          '<a:fontRef idx="minor"><a:schemeClr val="lt1"/></a:fontRef>',
      });
    const [shadowed] = await readFixture({ slides: [styled(40, 100, '')] });
    // Office's soft shadow: black at 35 %, blurred 3.15 pt, 1.81 pt straight down.
    expect(shadowed!.elements[0]).toMatchObject({
      kind: 'rect',
      shadow: {
        color: '#000000',
        opacity: 0.35,
        blur: expect.closeTo(3.15, 2),
        dx: 0,
        dy: expect.closeTo(1.81, 2),
      },
    });
    expect(shadowed!.report.notImported).toEqual([]);
    const [plain] = await readFixture({ slides: [styled(41, 300, '<a:effectLst/>')] });
    expect(plain!.elements[0]).not.toHaveProperty('shadow');
    expect(plain!.report.notImported).toEqual([]);
    // Its own shadow, falling right and down, and a glow, which is reported.
    const [own] = await readFixture({
      slides: [
        styled(
          42,
          500,
          '<a:effectLst><a:glow rad="63500"><a:schemeClr val="accent2"/></a:glow>' +
            '<a:outerShdw blurRad="50800" dist="38100" dir="2700000"><a:schemeClr val="accent1"><a:alpha val="60000"/></a:schemeClr></a:outerShdw></a:effectLst>',
        ),
      ],
    });
    expect(own!.elements[0]).toMatchObject({
      shadow: {
        color: `#${fixtureColors.accent1}`,
        opacity: 0.6,
        blur: 4,
        dx: expect.closeTo(2.12, 2),
        dy: expect.closeTo(2.12, 2),
      },
    });
    expect(own!.report.notImported).toEqual([{ kind: 'effect', why: 'a glow is not drawn' }]);
  });

  it('says nothing about a shape with no height: it draws as its bounding box', async () => {
    const flat =
      `<p:sp><p:nvSpPr><p:cNvPr id="42" name="Right Triangle 42"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr>` +
      `<p:spPr>${xfrm(0, 300, 720, 0)}<a:prstGeom prst="rtTriangle"/>${solid('00FF00')}</p:spPr></p:sp>`;
    const [slide] = await readFixture({ slides: [flat] });
    expect(slide!.report.notImported).toEqual([]);
  });
});

describe('pictures', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** 400 × 100 in four quarters: red, green, blue, yellow. */
  async function quarters(): Promise<Uint8Array> {
    const colors = ['#FF0000', '#00FF00', '#0000FF', '#FFFF00'];
    const png = await sharp({
      create: { width: 400, height: 100, channels: 3, background: '#000000' },
    })
      .composite(
        await Promise.all(
          colors.map(async (background, i) => ({
            input: await sharp({ create: { width: 100, height: 100, channels: 3, background } })
              .png()
              .toBuffer(),
            left: i * 100,
            top: 0,
          })),
        ),
      )
      .removeAlpha()
      .png()
      .toBuffer();
    return new Uint8Array(png);
  }

  const picture = (
    id: number,
    box: [number, number, number, number],
    blipFill: string,
    properties = '<a:prstGeom prst="rect"/>',
  ) =>
    `<p:pic><p:nvPicPr><p:cNvPr id="${id}" name="Picture ${id}" descr="Four quarters"/>` +
    `<p:cNvPicPr/><p:nvPr/></p:nvPicPr><p:blipFill>${blipFill}</p:blipFill>` +
    `<p:spPr>${xfrm(...box)}${properties}</p:spPr></p:pic>`;

  async function pixels(bytes: Uint8Array) {
    const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({
      resolveWithObject: true,
    });
    const at = (x: number, y: number) => {
      const i = (y * info.width + x) * 4;
      return [data[i], data[i + 1], data[i + 2], data[i + 3]];
    };
    return { width: info.width, height: info.height, at };
  }

  it('draws a picture style: an oval cut, a border over the picture, and a shadow behind a box', async () => {
    const stretched = '<a:blip r:embed="rId2"/><a:stretch><a:fillRect/></a:stretch>';
    const shadow =
      '<a:effectLst><a:outerShdw blurRad="50800" dist="38100" dir="2700000">' +
      '<a:srgbClr val="000000"><a:alpha val="40000"/></a:srgbClr></a:outerShdw></a:effectLst>';
    const [slide] = await readFixture({
      slides: [
        {
          shapes:
            picture(
              4,
              [100, 100, 200, 100],
              stretched,
              `<a:prstGeom prst="ellipse"/><a:ln w="25400">${solid('000000')}</a:ln>${shadow}`,
            ) +
            picture(
              5,
              [400, 100, 200, 100],
              stretched,
              `<a:prstGeom prst="rect"/><a:ln w="12700">${solid('FFFFFF')}</a:ln>${shadow}`,
            ),
          relationships: [{ id: 'rId2', type: 'image', target: '../media/image1.png' }],
        },
      ],
      parts: { 'ppt/media/image1.png': await quarters() },
    });
    expect(slide!.elements).toMatchObject([
      { kind: 'picture', x: 100, y: 100, w: 200, h: 100, alt: 'Four quarters' },
      { kind: 'path', x: 100, y: 100, w: 200, h: 100, stroke: { color: '#000000', width: 2 } },
      {
        kind: 'picture',
        x: 400,
        y: 100,
        w: 200,
        h: 100,
        shadow: { color: '#000000', opacity: 0.4, blur: 4, dx: 2.12, dy: 2.12 },
      },
      { kind: 'rect', x: 400, y: 100, w: 200, h: 100, stroke: { color: '#FFFFFF', width: 1 } },
    ]);
    expect(slide!.elements[0]).not.toHaveProperty('shadow');
    // The oval's picture: its corners see-through.
    const oval = await pixels(slide!.pictures.get((slide!.elements[0] as { src: string }).src)!);
    expect(oval.at(0, 0)[3]).toBe(0);
    expect(oval.at(Math.floor(oval.width / 2), Math.floor(oval.height / 2))[3]).toBe(255);
    expect(slide!.report.notImported).toEqual([
      {
        kind: 'effect',
        why: 'a shadow behind a picture cut to a shape or see-through is not drawn',
      },
    ]);
  });

  it('stores a cropped picture cut to what the slide shows, and a faded one half transparent', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const [slide] = await readFixture({
      slides: [
        {
          shapes:
            picture(
              4,
              [100, 100, 200, 100],
              '<a:blip r:embed="rId2"/><a:srcRect l="25000" r="25000"/><a:stretch><a:fillRect/></a:stretch>',
            ) +
            picture(
              5,
              [400, 100, 400, 100],
              '<a:blip r:embed="rId2"><a:alphaModFix amt="50000"/></a:blip><a:stretch><a:fillRect/></a:stretch>',
            ) +
            picture(
              6,
              [100, 300, 200, 100],
              '<a:blip r:link="rId3"/><a:stretch><a:fillRect/></a:stretch>',
            ),
          relationships: [
            { id: 'rId2', type: 'image', target: '../media/image1.png' },
            {
              id: 'rId3',
              type: 'image',
              target: 'https://images.example.com/logo.png',
              external: true,
            },
          ],
        },
      ],
      parts: { 'ppt/media/image1.png': await quarters() },
    });

    const pictures = slide!.elements.filter((e) => e.kind === 'picture');
    expect(pictures.map(({ src: _src, ...rest }) => rest)).toEqual([
      { kind: 'picture', x: 100, y: 100, w: 200, h: 100, fit: 'cover', alt: 'Four quarters' },
      { kind: 'picture', x: 400, y: 100, w: 400, h: 100, fit: 'cover', alt: 'Four quarters' },
    ]);
    const [cropped, faded] = pictures.map((p) => slide!.pictures.get(p.src)!);

    // The middle half: green then blue, the red and yellow quarters cut away.
    const middle = await pixels(cropped!);
    expect({ width: middle.width, height: middle.height }).toEqual({ width: 200, height: 100 });
    expect([middle.at(0, 50), middle.at(99, 50), middle.at(100, 50), middle.at(199, 50)]).toEqual([
      [0, 255, 0, 255],
      [0, 255, 0, 255],
      [0, 0, 255, 255],
      [0, 0, 255, 255],
    ]);

    const half = await pixels(faded!);
    expect({ width: half.width, height: half.height }).toEqual({ width: 400, height: 100 });
    expect([half.at(50, 50), half.at(350, 50)]).toEqual([
      [255, 0, 0, 128],
      [255, 255, 0, 128],
    ]);

    // The linked picture is named, never fetched.
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(slide!.report.notImported).toEqual([
      {
        kind: 'picture',
        why: 'a picture linked to https://images.example.com/logo.png was not fetched',
      },
    ]);
  });
});

describe('bullets and numbering', () => {
  it('shows bullet-character paragraphs as a bulleted text', async () => {
    const bulleted = (text: string) =>
      paragraph(text, {
        pPr: '<a:pPr marL="285750" indent="-285750"><a:buFont typeface="Arial"/><a:buChar char="•"/></a:pPr>',
        rPr: 'sz="1800"',
      });
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 400, 200],
          ['Fast setup', 'Clear pricing', 'Local support'].map(bulleted).join(''),
        ),
      ],
    });
    expect(slide!.elements).toHaveLength(1);
    const list = textStarting(slide!, 'Fast setup');
    expect(linesOf(list)).toEqual(['Fast setup', 'Clear pricing', 'Local support']);
    expect(list.style).toMatchObject({ size: 18, bullets: true });
  });

  it('indents the levels of a file that sets no margins as LibreOffice, which wrote it, shows them', async () => {
    const bulleted = (text: string, level: number) =>
      paragraph(text, {
        pPr: `<a:pPr lvl="${level}"><a:buFont typeface="Arial"/><a:buChar char="•"/></a:pPr>`,
        rPr: 'sz="2800"',
      });
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 600, 300],
          bulleted('First level', 0) + bulleted('Second level', 1) + bulleted('Back out', 0),
        ),
      ],
    });
    const first = textStarting(slide!, 'First level');
    const second = textStarting(slide!, 'Second level');
    // 0.6 cm a level, and the words 0.6 cm past their bullet, at any size.
    const step = (0.6 / 2.54) * 72;
    expect(second.x - first.x).toBeCloseTo(step, 1);
    expect(first.style.bulletIndent! * 28).toBeCloseTo(step, 0);
    expect(second.style.bulletIndent! * 28).toBeCloseTo(step, 0);
    expect(textStarting(slide!, 'Back out').x).toBeCloseTo(first.x, 1);
  });

  it('sets a bullet without a hanging indent just before its words, its later lines under it', async () => {
    const bulleted = (text: string, indent: string) =>
      paragraph(text, {
        pPr: `<a:pPr ${indent}><a:buFont typeface="Arial"/><a:buChar char="•"/></a:pPr>`,
        rPr: 'sz="2000"',
      });
    const [slide] = await readFixture({
      slides: [
        textBox(5, [60, 60, 400, 100], bulleted('No hanging indent', 'marL="0" indent="0"')) +
          textBox(
            6,
            [60, 200, 400, 100],
            bulleted('Hanging indent', 'marL="285750" indent="-285750"'),
          ),
      ],
    });
    const flush = textStarting(slide!, 'No hanging indent');
    expect(flush.style).toMatchObject({ bullets: true, wrapUnderBullet: true });
    // The words follow the bullet by its own width, not by an indent.
    expect(flush.style.font).toBe('Carlito');
    const bullet = measureText('•', faceOf('Carlito', 'regular'), 20) / 20;
    expect(flush.style.bulletIndent).toBeCloseTo(bullet, 2);
    const hanging = textStarting(slide!, 'Hanging indent');
    expect(hanging.style.wrapUnderBullet).toBeUndefined();
    expect(hanging.style.bulletIndent).toBeCloseTo(22.5 / 20, 2);
  });

  it("keeps a paragraph's direction where the file sets it apart from its words", async () => {
    const bulleted = (text: string, rtl: string) =>
      paragraph(text, {
        pPr: `<a:pPr marL="285750" indent="-285750"${rtl}><a:buChar char="•"/></a:pPr>`,
        rPr: 'sz="2000"',
      });
    const [slide] = await readFixture({
      slides: [
        textBox(5, [60, 40, 500, 60], bulleted('PowerPoint عرض تقديمي', ' rtl="1"')) +
          textBox(6, [60, 120, 500, 60], bulleted('عرض تقديمي', ' rtl="0"')) +
          textBox(7, [60, 200, 500, 60], bulleted('حلول متكاملة', ' rtl="1"')) +
          textBox(8, [60, 280, 500, 60], bulleted('Plain words', '')),
      ],
    });
    const style = (start: string) => textStarting(slide!, start).style;
    // A right-to-left paragraph that opens with a Latin word, and an Arabic one set left to right.
    expect(style('PowerPoint عرض تقديمي').rightToLeft).toBe(true);
    expect(style('عرض تقديمي').rightToLeft).toBe(false);
    // Where the file and the words agree, nothing is written.
    expect(style('حلول متكاملة')).not.toHaveProperty('rightToLeft');
    expect(style('Plain words')).not.toHaveProperty('rightToLeft');
  });

  it('sets words after a tab at the stop PowerPoint moves them to', async () => {
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 500, 100],
          paragraph('Price:\t500', { rPr: 'sz="1800"' }) +
            paragraph('Total\t1,250', {
              pPr: '<a:pPr><a:tabLst><a:tab pos="3810000" algn="r"/></a:tabLst></a:pPr>',
              rPr: 'sz="1800"',
            }),
        ),
      ],
    });
    // The tabs stay in the text, the stops in its style, for the PPTX and for editing.
    const price = textStarting(slide!, 'Price:\t500');
    const total = textStarting(slide!, 'Total\t1,250');
    expect(price.style.tabStops).toBeUndefined();
    expect(price.style.tabSize).toBe(72);
    expect(total.style.tabStops).toEqual([{ at: 300, align: 'right' }]);
    for (const element of [price, total]) {
      expect(templateElementSchema.safeParse(element).error).toBeUndefined();
    }
    // The engine sets them where PowerPoint does: drawn with spaces and hair spaces, within a point.
    const face = faceOf('Carlito', 'regular');
    const lineOf = (element: TextElement) =>
      layoutText({
        ...element,
        ...element.style,
        color: '000000',
        text: element.text as string[],
        family: element.style.font,
      }).lines[0]!.text;
    // The next default stop, an inch (72 points) from the box's inset.
    expect(lineOf(price)).toMatch(/^Price:[ \u200a]{2,}500$/);
    const priceGap = measureText(lineOf(price).replace(/500$/, ''), face, 18);
    expect(Math.abs(priceGap - 72)).toBeLessThan(1);
    // A right-aligned stop at 300 points: the figure ends there.
    expect(lineOf(total)).toMatch(/^Total[ \u200a]{2,}1,250$/);
    expect(Math.abs(measureText(lineOf(total), face, 18) - 300)).toBeLessThan(1);
  });

  it('counts default tab stops from the inset for a text set in from it', async () => {
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 500, 100],
          paragraph('Indented\tnext', {
            pPr: '<a:pPr marL="254000" defTabSz="457200"/>',
            rPr: 'sz="1800"',
          }),
        ),
      ],
    });
    // 20 points in: PowerPoint's stops at 36, 72… points from the inset are 16, 52… from the text.
    const text = textStarting(slide!, 'Indented\tnext');
    expect(text.style.tabSize).toBe(36);
    expect(text.style.tabStops?.slice(0, 3)).toEqual([
      { at: 16, align: 'left' },
      { at: 52, align: 'left' },
      { at: 88, align: 'left' },
    ]);
    expect(text.style.tabStops?.at(-1)!.at).toBeLessThan(500 - 14.4 - 20);
  });

  it('keeps italic and underlined paragraphs so, and words styled apart as runs of their own', async () => {
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 400, 200],
          paragraph('Leaning words', { rPr: 'sz="1800" i="1" u="sng"' }) +
            paragraph('Upright words', { rPr: 'sz="1800"' }) +
            '<a:p><a:r><a:rPr lang="en-US" sz="1800" b="1"/><a:t>Level 1:</a:t></a:r>' +
            '<a:r><a:rPr lang="en-US" sz="1800"/><a:t> user name </a:t></a:r>' +
            // Two runs of one look (PowerPoint splits runs for spelling marks) are one.
            '<a:r><a:rPr lang="en-US" sz="1800" err="1"/><a:t>and </a:t></a:r>' +
            `<a:r><a:rPr lang="en-US" sz="1800" u="sng">${solid('C00000')}</a:rPr><a:t>password</a:t></a:r></a:p>`,
        ),
      ],
    });
    expect(textStarting(slide!, 'Leaning words').style).toMatchObject({
      italic: true,
      underline: true,
    });
    const upright = textStarting(slide!, 'Upright words');
    expect(upright.style.italic).toBeUndefined();
    expect(linesOf(upright)).toEqual(['Upright words', 'Level 1: user name and password']);
    expect((upright.text as unknown[])[1]).toEqual({
      runs: [
        { text: 'Level 1:', weight: 'bold' },
        { text: ' user name and ' },
        { text: 'password', underline: true, color: '#C00000' },
      ],
    });
    expect(slide!.report.notImported).toEqual([]);
    // Each element is valid in the template format.
    for (const element of slide!.elements) {
      expect(templateElementSchema.safeParse(element).error).toBeUndefined();
    }
  });

  it('raises a superscript and lowers a subscript; words in another size keep it', async () => {
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 400, 100],
          '<a:p><a:r><a:rPr lang="en-US" sz="1800"/><a:t>The 21</a:t></a:r>' +
            '<a:r><a:rPr lang="en-US" sz="1800" baseline="30000"/><a:t>st</a:t></a:r>' +
            '<a:r><a:rPr lang="en-US" sz="1800"/><a:t> century of H</a:t></a:r>' +
            '<a:r><a:rPr lang="en-US" sz="1800" baseline="-25000"/><a:t>2</a:t></a:r>' +
            '<a:r><a:rPr lang="en-US" sz="1800"/><a:t>O </a:t></a:r>' +
            '<a:r><a:rPr lang="en-US" sz="2400"/><a:t>loud</a:t></a:r></a:p>',
        ),
      ],
    });
    const text = textStarting(slide!, 'The 21st century of H2O loud');
    expect(text.text).toEqual([
      {
        runs: [
          { text: 'The 21' },
          { text: 'st', script: 'super' },
          { text: ' century of H' },
          { text: '2', script: 'sub' },
          { text: 'O ' },
          { text: 'loud', size: 24 },
        ],
      },
    ]);
    expect(text.style.size).toBe(18);
    expect(slide!.report.notImported).toEqual([]);
  });

  it('keeps words in another font in its stand-in, and reports one it has none for', async () => {
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 600, 100],
          '<a:p><a:r><a:rPr lang="en-US" sz="1800"><a:latin typeface="Calibri"/></a:rPr><a:t>Set in Calibri with </a:t></a:r>' +
            '<a:r><a:rPr lang="en-US" sz="1800"><a:latin typeface="Times New Roman"/></a:rPr><a:t>a serif</a:t></a:r></a:p>' +
            '<a:p><a:r><a:rPr lang="en-US" sz="1800"><a:latin typeface="Calibri"/></a:rPr><a:t>And a word in </a:t></a:r>' +
            '<a:r><a:rPr lang="en-US" sz="1800"><a:latin typeface="Papyrus"/></a:rPr><a:t>Papyrus</a:t></a:r></a:p>',
        ),
      ],
    });
    const text = textStarting(slide!, 'Set in Calibri with a serif');
    expect(text.style.font).toBe('Carlito');
    expect(text.text).toEqual([
      { runs: [{ text: 'Set in Calibri with ' }, { text: 'a serif', font: 'Tinos' }] },
      'And a word in Papyrus',
    ]);
    expect(slide!.report.fonts).toEqual([
      { from: 'Calibri', to: 'Carlito' },
      { from: 'Times New Roman', to: 'Tinos' },
      { from: 'Papyrus', to: 'Inter' },
    ]);
    expect(slide!.report.notImported).toEqual([
      { kind: 'text', why: "words in another font than their paragraph's are drawn in its font" },
      { kind: 'font', why: 'Papyrus is drawn in Inter: its lines may break in other places' },
    ]);
  });

  it('draws a typeface named for its weight in that weight of its family', async () => {
    const run = (text: string, typeface: string, bold = '') =>
      `<a:r><a:rPr lang="en-US" sz="1800"${bold}><a:latin typeface="${typeface}"/></a:rPr><a:t>${text}</a:t></a:r>`;
    const [slide] = await readFixture({
      slides: [
        textBox(5, [60, 60, 600, 60], `<a:p>${run('A semibold heading', 'Inter SemiBold')}</a:p>`) +
          textBox(
            6,
            [60, 200, 600, 60],
            `<a:p>${run('Set in Arial with ', 'Arial')}${run('a black word', 'Arial Black')}</a:p>`,
          ) +
          textBox(
            7,
            [60, 300, 600, 60],
            `<a:p>${run('Most of it medium, ', 'Franklin Gothic Medium')}${run('and bold', 'Franklin Gothic Medium', ' b="1"')}</a:p>`,
          ),
      ],
    });
    const heading = textStarting(slide!, 'A semibold heading');
    expect(heading.style.font).toBeUndefined();
    expect(heading.style.weight).toBe('semibold');
    // Arial Black is Arial's heaviest face: bold in Arimo, not a word in the deck's font.
    expect(textStarting(slide!, 'Set in Arial with a black word').text).toEqual([
      { runs: [{ text: 'Set in Arial with ' }, { text: 'a black word', weight: 'bold' }] },
    ]);
    const medium = textStarting(slide!, 'Most of it medium, and bold');
    expect(medium.text).toEqual([
      { runs: [{ text: 'Most of it medium, ' }, { text: 'and bold', weight: 'bold' }] },
    ]);
    expect(medium.style.weight).toBe('medium');
    expect(slide!.report.notImported.map((n) => n.why)).not.toContain(
      "words in another font than their paragraph's are drawn in its font",
    );
  });

  it('keeps a link to a web page or an e-mail in the link look, and reports any other', async () => {
    const run = (text: string, link = '', own = '') =>
      `<a:r><a:rPr lang="en-US" sz="1800"${own}>${link}</a:rPr><a:t>${text}</a:t></a:r>`;
    const [slide] = await readFixture({
      slides: [
        {
          shapes: textBox(
            5,
            [60, 60, 800, 200],
            `<a:p>${run('Visit us any day at ')}${run('our site', '<a:hlinkClick r:id="rId2"/>')}${run(' or ')}` +
              `${run('write', '<a:solidFill><a:srgbClr val="C00000"/></a:solidFill><a:hlinkClick r:id="rId3"/>', ' u="none"')}</a:p>` +
              `<a:p>${run('Next slide', '<a:hlinkClick r:id="rId4" action="ppaction://hlinksldjump"/>')}${run(' and ')}` +
              `${run('a script', '<a:hlinkClick r:id="rId5"/>')}</a:p>`,
          ),
          relationships: [
            {
              id: 'rId2',
              type: 'hyperlink',
              target: 'https://example.com/pricing',
              external: true,
            },
            { id: 'rId3', type: 'hyperlink', target: 'mailto:sales@example.com', external: true },
            { id: 'rId4', type: 'slide', target: 'slide1.xml' },
            { id: 'rId5', type: 'hyperlink', target: 'javascript:alert(1)', external: true },
          ],
        },
      ],
    });
    const text = textStarting(slide!, 'Visit us any day at our site or write');
    expect(text.text).toEqual([
      {
        runs: [
          { text: 'Visit us any day at ' },
          {
            text: 'our site',
            color: `#${fixtureColors.hlink}`,
            underline: true,
            link: 'https://example.com/pricing',
          },
          { text: ' or ' },
          { text: 'write', color: '#C00000', link: 'mailto:sales@example.com' },
        ],
      },
      'Next slide and a script',
    ]);
    expect(slide!.report.notImported).toEqual([
      {
        kind: 'text',
        why: 'a link to another slide, a file or a program is not kept (its words are)',
        count: 2,
      },
    ]);
  });

  it('reports a link or action on a whole shape, but not a video’s own', async () => {
    const clickable = (id: number, action: string) =>
      shape({
        id,
        name: `Button ${id}`,
        box: [60 + id * 100, 300, 80, 40],
        properties: `<a:prstGeom prst="rect"/>${solid('4472C4')}`,
      }).replace(`name="Button ${id}"/>`, `name="Button ${id}">${action}</p:cNvPr>`);
    const [slide] = await readFixture({
      slides: [
        clickable(1, '<a:hlinkClick r:id="" action="ppaction://hlinkshowjump?jump=nextslide"/>') +
          clickable(2, '<a:hlinkClick r:id="" action="ppaction://media"/>'),
      ],
    });
    expect(slide!.elements).toHaveLength(2);
    expect(slide!.report.notImported).toEqual([
      { kind: 'shape', why: 'a link or action on a whole shape is not kept' },
    ]);
  });

  it('numbers a paragraph whose words are mostly underlined, its bold lead-in kept', async () => {
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 600, 100],
          '<a:p><a:pPr marL="457200" indent="-457200"><a:buAutoNum type="arabicPeriod"/></a:pPr>' +
            '<a:r><a:rPr lang="en-US" sz="1800" b="1"/><a:t>Caring</a:t></a:r>' +
            '<a:r><a:rPr lang="en-US" sz="1800" u="sng"/><a:t> about students and their support</a:t></a:r></a:p>',
        ),
      ],
    });
    const text = textStarting(slide!, 'Caring about students and their support');
    expect(text.style).toMatchObject({ underline: true, numbering: { scheme: 'arabicPeriod' } });
    expect(text.text).toEqual([
      {
        runs: [
          { text: 'Caring', weight: 'bold', underline: false },
          { text: ' about students and their support' },
        ],
      },
    ]);
  });

  it("draws each level's own bullet, a symbol font's as the picture it shows", async () => {
    const bulleted = (text: string, font: string, char: string, level = 0) =>
      paragraph(text, {
        pPr: `<a:pPr lvl="${level}" marL="285750" indent="-285750"><a:buFont typeface="${font}"/><a:buChar char="${char}"/></a:pPr>`,
        rPr: 'sz="1800"',
      });
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 400, 200],
          bulleted('Square', 'Wingdings', '§') +
            bulleted('Dash', 'Arial', '–', 1) +
            bulleted('Private', 'Wingdings', '\uF0D8') +
            bulleted('Unknown', 'Wingdings', 'z'),
        ),
      ],
    });
    expect(textStarting(slide!, 'Square').style.bulletChar).toBe('▪');
    expect(textStarting(slide!, 'Dash').style.bulletChar).toBe('–');
    // An arrowhead Inter has no glyph for (drawn from the symbols family), and a Wingdings
    // picture we do not know: the usual dot, said.
    expect(textStarting(slide!, 'Private').style.bulletChar).toBe('➢');
    expect(textStarting(slide!, 'Unknown').style.bulletChar).toBeUndefined();
    expect(slide!.report.notImported.map((n) => n.why)).toEqual([
      'a bullet our fonts do not have (z in Wingdings) is drawn as •',
    ]);
  });

  it('reads character references in text and attributes as their characters', async () => {
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 400, 100],
          paragraph('Caf&#233; &amp;#233; &#x1F600;', {
            pPr: '<a:pPr marL="285750" indent="-285750"><a:buChar char="&#x2013;"/></a:pPr>',
          }),
        ),
      ],
    });
    const text = textStarting(slide!, 'Café &#233; 😀');
    expect(text.text).toEqual(['Café &#233; 😀']);
    expect(text.style.bulletChar).toBe('–');
  });

  it('draws a bullet in the colour and size its paragraph gives it, apart from its words', async () => {
    const bulleted = (text: string, look: string) =>
      paragraph(text, {
        pPr: `<a:pPr marL="285750" indent="-285750">${look}<a:buFont typeface="Arial"/><a:buChar char="•"/></a:pPr>`,
        rPr: 'sz="2000"',
      });
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 400, 300],
          bulleted('Teal', '<a:buClr><a:srgbClr val="1CADE4"/></a:buClr><a:buSzPct val="68000"/>') +
            bulleted('Points', '<a:buSzPts val="1000"/>') +
            bulleted('Plain', '<a:buClrTx/><a:buSzTx/>'),
        ),
      ],
    });
    expect(textStarting(slide!, 'Teal').style).toMatchObject({
      bulletColor: '#1CADE4',
      bulletSize: 0.68,
    });
    expect(textStarting(slide!, 'Points').style.bulletSize).toBe(0.5);
    expect(textStarting(slide!, 'Points').style).not.toHaveProperty('bulletColor');
    expect(textStarting(slide!, 'Plain').style).not.toHaveProperty('bulletColor');
    expect(textStarting(slide!, 'Plain').style).not.toHaveProperty('bulletSize');
  });

  it("draws a bullet that says nothing of its look as its paragraph's first words", async () => {
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 600, 300],
          '<a:p><a:pPr marL="285750" indent="-285750"><a:buChar char="•"/></a:pPr>' +
            `<a:r><a:rPr lang="en-US" sz="3200" b="1">${solid('000000')}</a:rPr><a:t>Level 1</a:t></a:r>` +
            `<a:r><a:rPr lang="en-US" sz="2800">${solid('B9252E')}</a:rPr><a:t>: a longer explanation in red</a:t></a:r></a:p>`,
        ),
      ],
    });
    // Most of the words are red and 28 points: the text's look; the bullet is the first words'.
    expect(textStarting(slide!, 'Level 1: a longer explanation in red').style).toMatchObject({
      size: 28,
      color: '#B9252E',
      bulletColor: '#000000',
      bulletSize: 1.14,
    });
  });

  it('spaces paragraphs as an office suite does: space before in a share of the size, an empty line with its own', async () => {
    const pPr =
      '<a:pPr><a:lnSpc><a:spcPct val="90000"/></a:lnSpc><a:spcBef><a:spcPct val="20000"/></a:spcBef></a:pPr>';
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 600, 300],
          paragraph('First point', {
            pPr,
            rPr: `<a:rPr lang="en-US" sz="2000">${solid('C00000')}</a:rPr>`,
          }) +
            `<a:p>${pPr}<a:endParaRPr lang="en-US" sz="2000"/></a:p>` +
            paragraph('Second point', {
              pPr,
              rPr: `<a:rPr lang="en-US" sz="2000">${solid('0000C0')}</a:rPr>`,
            }),
        ),
      ],
    });
    const first = textStarting(slide!, 'First point');
    const second = textStarting(slide!, 'Second point');
    // A line of 0.9 × 20 pt × Carlito's line (1.22 of its size), then the empty one with its
    // 4 pt before, then 4 pt before.
    const line = kept(0.9 * CARLITO_LINE) * 20;
    expect(second.y - first.y).toBeCloseTo(line + 4 + line + 4, 1);
  });

  it('gives an empty paragraph that names no size the size the text before it ended in', async () => {
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 600, 400],
          paragraph('Any questions?', { rPr: 'sz="2800"' }) +
            '<a:p><a:endParaRPr/></a:p><a:p><a:endParaRPr/></a:p>' +
            paragraph('Thank you', { rPr: 'sz="2800"' }),
        ),
      ],
    });
    const first = textStarting(slide!, 'Any questions?');
    const last = textStarting(slide!, 'Thank you');
    // Three lines of 28 pt Carlito: the first text's and two empty ones in its size (not 18 pt).
    expect(last.y - first.y).toBeCloseTo(3 * 28 * kept(CARLITO_LINE), 1);
  });

  it('gives an empty paragraph of line breaks a line for each break and one more', async () => {
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 600, 400],
          paragraph('Figure 1', { rPr: 'sz="2000"' }) +
            '<a:p><a:r><a:rPr lang="en-US" sz="2000"/><a:t/></a:r><a:br><a:rPr lang="en-US" sz="2000"/></a:br><a:endParaRPr lang="en-US" sz="2000"/></a:p>' +
            paragraph('Row 1', { rPr: 'sz="2000"' }),
        ),
      ],
    });
    const first = textStarting(slide!, 'Figure 1');
    const last = textStarting(slide!, 'Row 1');
    // The caption's line, then two empty lines, all 20 pt Carlito.
    expect(last.y - first.y).toBeCloseTo(3 * 20 * kept(CARLITO_LINE), 1);
  });

  it('centres unwrapped text in a shape that grows to fit it, each paragraph aligned in it', async () => {
    const unwrapped = (id: number, y: number, fit: string, paragraphs: string) =>
      shape({
        id,
        name: `TextBox ${id}`,
        box: [0, y, 960, 40],
        properties: '<a:prstGeom prst="rect"/><a:noFill/>',
        bodyProperties: `<a:bodyPr wrap="none">${fit}</a:bodyPr>`,
        paragraphs,
      });
    const [slide] = await readFixture({
      slides: [
        // Saved wider than its words (as a converter leaves it): drawn at its words' width,
        // centred, the shorter paragraph flush left with the longer one.
        unwrapped(
          5,
          40,
          '<a:spAutoFit/>',
          paragraph('A longer first line', { rPr: 'sz="2000"' }) +
            paragraph('Short', { rPr: `sz="2000">${solid('C00000')}</a:rPr` }),
        ) +
          // Not grown to fit: the words start at the shape's left inset.
          unwrapped(6, 300, '<a:noAutofit/>', paragraph('Stays left', { rPr: 'sz="2000"' })),
      ],
    });
    const longer = textStarting(slide!, 'A longer first line');
    const short = textStarting(slide!, 'Short');
    const width = measureText('A longer first line', faceOf('Carlito', 'regular'), 20);
    expect(longer.x).toBeCloseTo(480 - width / 2, 0);
    expect(short.x).toBeCloseTo(longer.x, 1);
    expect(short.style.color).toBe('#C00000');
    expect(textStarting(slide!, 'Stays left').x).toBeCloseTo(7.2, 1);
  });

  it('indents a paragraph by the spaces it opens with, and a bulleted one from its bullet', async () => {
    const bulleted = (text: string) =>
      paragraph(text, {
        pPr: '<a:pPr><a:buFont typeface="Arial"/><a:buChar char="•"/></a:pPr>',
        rPr: 'sz="2000"',
      });
    const arial = '<a:rPr lang="en-US" sz="2000"><a:latin typeface="Arial"/></a:rPr>';
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 600, 300],
          paragraph('Flush', { rPr: arial }) +
            paragraph('     Five spaces in', { rPr: arial }) +
            bulleted('Bulleted') +
            bulleted('   Further from its bullet'),
        ),
      ],
    });
    const flush = textStarting(slide!, 'Flush');
    const indented = textStarting(slide!, 'Five spaces in');
    // Five spaces of Arimo (0.278 em each) at 20 pt.
    expect(indented.x - flush.x).toBeCloseTo(5 * 0.278 * 20, 0);
    const near = textStarting(slide!, 'Bulleted');
    const far = textStarting(slide!, 'Further from its bullet');
    expect(far.x).toBeCloseTo(near.x, 1);
    // Three spaces of the theme's body font (Carlito, 0.227 em) after the usual gap.
    expect((far.style.bulletIndent! - near.style.bulletIndent!) * 20).toBeCloseTo(
      3 * 0.227 * 20,
      0,
    );
  });

  it('measures opening spaces in their own size, and keeps words spaced apart with spaces', async () => {
    const run = (size: number, text: string) =>
      `<a:r><a:rPr lang="en-US" sz="${size}"><a:latin typeface="Arial"/></a:rPr><a:t>${text}</a:t></a:r>`;
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 600, 300],
          `<a:p>${run(3200, 'Flush')}</a:p>` +
            `<a:p>${run(1000, '     ')}${run(3200, 'Title')}</a:p>` +
            `<a:p>${run(1400, 'Pedagogic Skill          Relationship Skills')}</a:p>`,
        ),
      ],
    });
    const flush = textStarting(slide!, 'Flush');
    // Five spaces of Arimo (0.278 em each) at 10 pt, not at the title's 32.
    expect(textStarting(slide!, 'Title').x - flush.x).toBeCloseTo(5 * 0.278 * 10, 0);
    const spaced = textStarting(slide!, 'Pedagogic Skill          Relationship Skills');
    expect(spaced.style.keepSpaces).toBe(true);
    expect(flush.style.keepSpaces).toBeUndefined();
  });

  it('keeps a soft return as a line break inside its paragraph, under one bullet', async () => {
    const pPr = '<a:pPr marL="285750" indent="-285750"><a:buChar char="•"/></a:pPr>';
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 400, 200],
          `<a:p>${pPr}<a:r><a:rPr lang="en-US" sz="1800"/><a:t>Passwords</a:t></a:r><a:br/>` +
            '<a:r><a:rPr lang="en-US" sz="1800"/><a:t>—but users forget them</a:t></a:r></a:p>',
        ),
      ],
    });
    const list = textStarting(slide!, 'Passwords\u2028—but users forget them');
    expect(list.text).toEqual(['Passwords\u2028—but users forget them']);
    expect(list.style.bullets).toBe(true);
  });

  it('numbers auto-numbered paragraphs, each label hanging before its text', async () => {
    const numbered = (text: string) =>
      paragraph(text, {
        pPr: '<a:pPr marL="342900" indent="-342900"><a:buAutoNum type="arabicPeriod"/></a:pPr>',
      });
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 400, 200],
          ['Sign the order', 'Schedule the kickoff', 'Go live'].map(numbered).join(''),
        ),
      ],
    });
    const list = textStarting(slide!, 'Sign the order');
    expect(linesOf(list)).toEqual(['Sign the order', 'Schedule the kickoff', 'Go live']);
    expect(list.style).toMatchObject({
      bullets: true,
      numbering: { scheme: 'arabicPeriod' },
      // 342,900 EMU: 27 pt, at 18 pt.
      bulletIndent: 1.5,
    });
    // The engine draws the labels where PowerPoint does: at the margin, the text 27 pt on.
    const laid = layoutText({
      ...list,
      ...list.style,
      color: '000000',
      text: list.text as string[],
      family: list.style.font,
    });
    expect(laid.lines.map((line) => line.label)).toEqual(['1.', '2.', '3.']);
    expect(laid.lines[0]!.x - laid.lines[0]!.bulletX!).toBeCloseTo(27, 1);
  });

  it('numbers on from where a list split by an empty line left off', async () => {
    const numbered = (text: string) =>
      paragraph(text, {
        pPr: '<a:pPr marL="342900" indent="-342900"><a:buAutoNum type="arabicParenR"/></a:pPr>',
      });
    const empty =
      '<a:p><a:pPr marL="342900" indent="-342900"><a:buAutoNum type="arabicParenR"/></a:pPr></a:p>';
    const [slide] = await readFixture({
      slides: [textBox(5, [60, 60, 400, 200], numbered('First') + empty + numbered('Second'))],
    });
    expect(textStarting(slide!, 'First').style.numbering).toEqual({ scheme: 'arabicParenR' });
    expect(textStarting(slide!, 'Second').style.numbering).toEqual({
      scheme: 'arabicParenR',
      startAt: 2,
    });
  });

  it('restarts the numbering of a deeper level after a paragraph above it', async () => {
    const numbered = (text: string, level: number, scheme: string) =>
      paragraph(text, {
        pPr: `<a:pPr lvl="${level}" marL="${342900 * (level + 1)}" indent="-342900"><a:buAutoNum type="${scheme}"/></a:pPr>`,
      });
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 500, 300],
          numbered('One', 0, 'arabicPeriod') +
            numbered('sub x', 1, 'alphaLcPeriod') +
            numbered('Two', 0, 'arabicPeriod') +
            numbered('sub y', 1, 'alphaLcPeriod'),
        ),
      ],
    });
    const texts = slide!.elements.filter((e): e is TextElement => e.kind === 'text');
    expect(texts.map((text) => [linesOf(text), text.style.numbering])).toEqual([
      [['One'], { scheme: 'arabicPeriod' }],
      [['sub x'], { scheme: 'alphaLcPeriod' }],
      [['Two'], { scheme: 'arabicPeriod', startAt: 2 }],
      [['sub y'], { scheme: 'alphaLcPeriod' }],
    ]);
  });

  it('keeps a deeper level in one text when its spacing differs from the level above', async () => {
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 500, 300],
          paragraph('Overview', {
            pPr: '<a:pPr><a:spcBef><a:spcPts val="1000"/></a:spcBef></a:pPr>',
          }) +
            ['First detail', 'Second detail']
              .map((text) =>
                paragraph(text, {
                  pPr: '<a:pPr lvl="1" marL="457200"><a:spcBef><a:spcPts val="500"/></a:spcBef></a:pPr>',
                }),
              )
              .join(''),
        ),
      ],
    });
    const texts = slide!.elements.filter((e): e is TextElement => e.kind === 'text');
    expect(texts.map(linesOf)).toEqual([['Overview'], ['First detail', 'Second detail']]);
  });

  it('stacks levels of different sizes as separate texts, top to bottom', async () => {
    const [slide] = await readFixture({
      slides: [
        shape({
          id: 3,
          placeholder: { idx: 1 },
          paragraphs:
            paragraph('Revenue grew') +
            paragraph('Costs fell') +
            paragraph('In every region', { pPr: '<a:pPr lvl="1"/>' }) +
            paragraph('Mostly in freight', { pPr: '<a:pPr lvl="1"/>' }),
        }),
      ],
    });
    const texts = slide!.elements.filter((e): e is TextElement => e.kind === 'text');
    expect(texts.flatMap(linesOf)).toEqual([
      'Revenue grew',
      'Costs fell',
      'In every region',
      'Mostly in freight',
    ]);
    const first = textStarting(slide!, 'Revenue grew');
    const second = textStarting(slide!, 'In every region');
    expect(linesOf(first)).toEqual(['Revenue grew', 'Costs fell']);
    // The master's body style: 28 pt at the first level, 20 pt at the second, indented 36 pt.
    expect([first.style.size, second.style.size]).toEqual([28, 20]);
    expect(second.x - first.x).toBeCloseTo(36, 1);
    // Each text starts below the one before it ends.
    texts.slice(1).forEach((text, i) => {
      expect(text.y).toBeGreaterThanOrEqual(texts[i]!.y + texts[i]!.h);
    });
  });
});

describe('backgrounds', () => {
  it("uses the slide's own background, else the master's; a linear or radial gradient is drawn as one", async () => {
    const gradient = (kind: string) =>
      '<p:bg><p:bgPr><a:gradFill><a:gsLst>' +
      '<a:gs pos="0"><a:srgbClr val="000000"/></a:gs><a:gs pos="100000"><a:srgbClr val="FFFFFF"/></a:gs>' +
      `</a:gsLst>${kind}</a:gradFill><a:effectLst/></p:bgPr></p:bg>`;
    const slides = await readFixture({
      // The master's background is the theme's first background style in bg2 (lt2).
      master: { background: '<p:bg><p:bgRef idx="1001"><a:schemeClr val="bg2"/></p:bgRef></p:bg>' },
      slides: [
        { background: `<p:bg><p:bgPr>${solid('102030')}<a:effectLst/></p:bgPr></p:bg>` },
        {},
        { background: gradient('<a:lin ang="5400000"/>') },
        {
          background: gradient(
            '<a:path path="circle"><a:fillToRect l="100000" t="0" r="0" b="100000"/></a:path>',
          ),
        },
        { background: gradient('<a:path path="rect"/>') },
      ],
    });
    expect(slides.map((s) => s.background)).toEqual([
      '#102030',
      '#E8E8E8',
      '#808080',
      '#808080',
      '#808080',
    ]);
    // Top to bottom (90°), black to white, over the whole slide.
    expect(slides[2]!.elements[0]).toEqual({
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
    const stops = [
      { at: 0, color: '#000000' },
      { at: 1, color: '#FFFFFF' },
    ];
    // Black at the focus rectangle (here the top-right corner) to white at the far corner.
    expect(slides[3]!.elements[0]).toMatchObject({
      kind: 'rect',
      w: 960,
      h: 540,
      gradient: { kind: 'radial', cx: 1, cy: 0, stops },
    });
    // A rectangular one is drawn round, about its centre, and reported.
    expect(slides[4]!.elements[0]).toMatchObject({ gradient: { kind: 'radial', stops } });
    expect(slides.map((s) => s.report.notImported)).toEqual([
      [],
      [],
      [],
      [],
      [{ kind: 'gradient', why: "the background's rect-shaped gradient is drawn as a round one" }],
    ]);
    for (const slide of slides) {
      expect(
        templateSlideDocumentSchema.safeParse({
          format: 1,
          id: 'imported',
          title: 'Imported',
          description: '',
          category: 'company',
          background: slide.background,
          elements: slide.elements,
        }).success,
      ).toBe(true);
    }
  });
});

describe('what does not import', () => {
  const frame = (id: number, uri: string, data = '') =>
    `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="${id}" name="Frame ${id}"/>` +
    `<p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr>${xfrm(500, 100, 300, 200, 'p:xfrm')}` +
    `<a:graphic><a:graphicData uri="${uri}">${data}</a:graphicData></a:graphic></p:graphicFrame>`;
  const dml = 'http://schemas.openxmlformats.org/drawingml/2006';

  it('reports charts, SmartArt and the rest by kind, and keeps everything else', async () => {
    const [slide] = await readFixture({
      slides: [
        rectangle(4, [60, 60, 200, 100], solid('336699')) +
          textBox(5, [60, 200, 300, 60], paragraph('Kept')) +
          frame(6, `${dml}/chart`, '<c:chart xmlns:c="c" r:id="rId2"/>') +
          frame(7, `${dml}/chart`, '<c:chart xmlns:c="c" r:id="rId3"/>') +
          frame(8, `${dml}/diagram`, '<dgm:relIds xmlns:dgm="d" r:dm="rId4"/>') +
          frame(9, 'http://schemas.openxmlformats.org/presentationml/2006/ole') +
          '<p:contentPart r:id="rId5"/>',
      ],
    });
    expect(slide!.report.imported).toEqual({ shape: 1, text: 1 });
    expect(slide!.elements.map((e) => e.kind)).toEqual(['rect', 'text']);
    expect(slide!.report.notImported).toEqual([
      {
        kind: 'chart',
        why: 'a chart was left out: its part is missing',
        count: 2,
      },
      {
        kind: 'smartart',
        why: 'a SmartArt diagram was left out: it does not import as editable elements',
      },
      {
        kind: 'object',
        why: 'an embedded object was left out: it does not import as editable elements',
      },
      { kind: 'ink', why: 'ink drawing left out' },
    ]);
  });
});

describe('SmartArt', () => {
  it('is read as the shapes its drawing shows, its words in their own box, and reported', async () => {
    const dsp = 'xmlns:dsp="http://schemas.microsoft.com/office/drawing/2008/diagram"';
    const a = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"';
    const step = (x: number, words: string) =>
      `<dsp:sp><dsp:nvSpPr><dsp:cNvPr id="0" name=""/><dsp:cNvSpPr/></dsp:nvSpPr><dsp:spPr>` +
      `${xfrm(x, 10, 100, 60)}<a:prstGeom prst="roundRect"><a:avLst/></a:prstGeom>${solid('4F81BD')}</dsp:spPr>` +
      `<dsp:txBody><a:bodyPr anchor="ctr"/><a:p><a:pPr algn="ctr"/><a:r><a:rPr sz="1600"><a:solidFill><a:srgbClr val="FFFFFF"/></a:solidFill></a:rPr><a:t>${words}</a:t></a:r></a:p></dsp:txBody>` +
      `<dsp:txXfrm><a:off x="${emu(x + 20)}" y="${emu(15)}"/><a:ext cx="${emu(60)}" cy="${emu(50)}"/></dsp:txXfrm></dsp:sp>`;
    const drawing =
      `<?xml version="1.0"?><dsp:drawing ${dsp} ${a}><dsp:spTree><dsp:nvGrpSpPr><dsp:cNvPr id="0" name=""/>` +
      `<dsp:cNvGrpSpPr/></dsp:nvGrpSpPr><dsp:grpSpPr/>${step(0, 'Plan')}${step(150, 'Build')}</dsp:spTree></dsp:drawing>`;
    const model =
      `<?xml version="1.0"?><dgm:dataModel xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram" ${a}>` +
      `<dgm:ptLst/><dgm:extLst><a:ext uri="http://schemas.microsoft.com/office/drawing/2008/diagram">` +
      `<dsp:dataModelExt ${dsp} relId="rId3"/></a:ext></dgm:extLst></dgm:dataModel>`;
    const [slide] = await readFixture({
      slides: [
        {
          shapes:
            '<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="4" name="Diagram 3"/><p:cNvGraphicFramePr/><p:nvPr/>' +
            `</p:nvGraphicFramePr>${xfrm(200, 100, 300, 100, 'p:xfrm')}<a:graphic><a:graphicData ` +
            'uri="http://schemas.openxmlformats.org/drawingml/2006/diagram"><dgm:relIds ' +
            'xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram" r:dm="rId2" r:lo="rId9" r:qs="rId9" r:cs="rId9"/>' +
            '</a:graphicData></a:graphic></p:graphicFrame>',
          relationships: [
            { id: 'rId2', type: 'diagramData', target: '../diagrams/data1.xml' },
            { id: 'rId3', type: 'diagramDrawing', target: '../diagrams/drawing1.xml' },
          ],
        },
      ],
      parts: {
        'ppt/diagrams/data1.xml': strToU8(model),
        'ppt/diagrams/drawing1.xml': strToU8(drawing),
      },
    });
    expect(slide!.report.imported).toEqual({ shape: 2, text: 2 });
    expect(slide!.report.notImported).toEqual([
      {
        kind: 'smartart',
        why: 'a SmartArt diagram is imported as the shapes it shows: its layout is not kept',
      },
    ]);
    expect(slide!.leftOut).toEqual([]);
    // Placed from the frame's corner; the words in the box the drawing gives them.
    expect(slide!.elements[0]).toMatchObject({ kind: 'rect', x: 200, y: 110, w: 100, h: 60 });
    expect(slide!.elements[2]).toMatchObject({ kind: 'rect', x: 350, y: 110 });
    const words = slide!.elements.filter((e): e is TextElement => e.kind === 'text');
    expect(words.map((w) => linesOf(w))).toEqual([['Plan'], ['Build']]);
    expect(words[0]!.x).toBeGreaterThanOrEqual(220);
    expect(words[0]!.x + words[0]!.w).toBeLessThanOrEqual(280);
  });
});

describe('embedded objects', () => {
  it("draws an embedded object's own picture where it was, and says it is not editable", async () => {
    const png = new Uint8Array(
      await sharp({ create: { width: 40, height: 20, channels: 3, background: '#204080' } })
        .png()
        .toBuffer(),
    );
    const object =
      '<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="9" name="Object 2"/>' +
      `<p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr>${xfrm(500, 100, 300, 150, 'p:xfrm')}` +
      '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/presentationml/2006/ole">' +
      '<mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">' +
      '<mc:Choice Requires="v"><p:oleObj name="Image" r:id="rId3" progId="Photoshop.Image.8"><p:embed/></p:oleObj></mc:Choice>' +
      '<mc:Fallback><p:oleObj name="Image" r:id="rId3" progId="Photoshop.Image.8"><p:embed/>' +
      '<p:pic><p:nvPicPr><p:cNvPr id="0" name="Object 2"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr>' +
      '<p:blipFill><a:blip r:embed="rId2"/><a:stretch><a:fillRect/></a:stretch></p:blipFill>' +
      `<p:spPr>${xfrm(500, 100, 300, 150)}</p:spPr></p:pic></p:oleObj></mc:Fallback>` +
      '</mc:AlternateContent></a:graphicData></a:graphic></p:graphicFrame>';
    const [slide] = await readFixture({
      slides: [
        {
          shapes: object,
          relationships: [
            { id: 'rId2', type: 'image', target: '../media/image1.png' },
            { id: 'rId3', type: 'oleObject', target: '../embeddings/oleObject1.bin' },
          ],
        },
      ],
      parts: { 'ppt/media/image1.png': png },
    });
    const [picture] = slide!.elements;
    expect(picture).toMatchObject({ kind: 'picture', x: 500, y: 100, w: 300, h: 150 });
    expect(slide!.pictures.size).toBe(1);
    expect(slide!.leftOut).toEqual([]);
    expect(slide!.report.notImported).toEqual([
      { kind: 'object', why: 'an embedded object is shown as its picture: it is not editable' },
    ]);
  });

  it('tiles a picture fill at the size its resolution gives it', async () => {
    // 64 × 64 px, its left half red and its right half blue.
    const half = (background: string) =>
      sharp({ create: { width: 32, height: 64, channels: 3, background } })
        .png()
        .toBuffer();
    const tile = async (density: number) =>
      sharp({ create: { width: 64, height: 64, channels: 3, background: '#000000' } })
        .composite([
          { input: await half('#FF0000'), left: 0, top: 0 },
          { input: await half('#0000FF'), left: 32, top: 0 },
        ])
        .png()
        .withMetadata({ density })
        .toBuffer();
    const tiled = (id: number, y: number, rId: string) =>
      shape({
        id,
        box: [0, y, 192, 96],
        properties:
          `<a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:blipFill><a:blip r:embed="${rId}"/>` +
          '<a:tile tx="0" ty="0" sx="100000" sy="100000" flip="none" algn="tl"/></a:blipFill>',
      });
    const [slide] = await readFixture({
      slides: [
        {
          shapes: tiled(4, 0, 'rId2') + tiled(5, 200, 'rId3'),
          relationships: [
            { id: 'rId2', type: 'image', target: '../media/image1.png' },
            { id: 'rId3', type: 'image', target: '../media/image2.png' },
          ],
        },
      ],
      parts: {
        'ppt/media/image1.png': new Uint8Array(await tile(48)),
        'ppt/media/image2.png': withoutResolution(new Uint8Array(await tile(72))),
      },
    });
    // Drawn at 2 px a point: 120 px in is 60 points, in the first tile's blue half at 48 dpi
    // (tiles 96 points wide), in the second tile's red half at 96 dpi, taken for a picture
    // that says no resolution (tiles 48 points wide).
    const colorAt = async (element: number, x: number) => {
      const src = (slide!.elements[element] as { src: string }).src;
      const { data, info } = await sharp(slide!.pictures.get(src)!)
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(info.width).toBe(384);
      const at = (10 * info.width + x) * 3;
      return [data[at], data[at + 1], data[at + 2]];
    };
    expect(await colorAt(0, 120)).toEqual([0, 0, 255]);
    expect(await colorAt(1, 120)).toEqual([255, 0, 0]);
  });

  it('cuts a picture fill to its shape: an ellipse with its outline over it; a cloud is its box', async () => {
    const png = new Uint8Array(
      await sharp({ create: { width: 40, height: 20, channels: 3, background: '#206040' } })
        .png()
        .toBuffer(),
    );
    const filled = (id: number, x: number, geometry: string, outline = '') =>
      shape({
        id,
        box: [x, 100, 200, 80],
        properties:
          `<a:prstGeom prst="${geometry}"><a:avLst/></a:prstGeom>` +
          '<a:blipFill><a:blip r:embed="rId2"/><a:stretch><a:fillRect/></a:stretch></a:blipFill>' +
          outline,
      });
    const [slide] = await readFixture({
      slides: [
        {
          shapes:
            filled(4, 100, 'ellipse', `<a:ln w="12700">${solid('000000')}</a:ln>`) +
            filled(5, 400, 'cloud'),
          relationships: [{ id: 'rId2', type: 'image', target: '../media/image1.png' }],
        },
      ],
      parts: { 'ppt/media/image1.png': png },
    });
    expect(slide!.elements).toMatchObject([
      { kind: 'picture', x: 100, y: 100, w: 200, h: 80 },
      { kind: 'path', x: 100, y: 100, w: 200, h: 80, stroke: { color: '#000000', width: 1 } },
      { kind: 'picture', x: 400, y: 100, w: 200, h: 80 },
    ]);
    expect(slide!.elements[1]).not.toHaveProperty('fill');
    // The ellipse's picture: its corners see-through, its middle the picture's green.
    const cut = slide!.pictures.get((slide!.elements[0] as { src: string }).src)!;
    const { data, info } = await sharp(cut).ensureAlpha().raw().toBuffer({
      resolveWithObject: true,
    });
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * 4 + 3];
    expect(alphaAt(0, 0)).toBe(0);
    expect(alphaAt(info.width - 1, info.height - 1)).toBe(0);
    expect(alphaAt(Math.floor(info.width / 2), Math.floor(info.height / 2))).toBe(255);
    expect(slide!.report.notImported).toEqual([
      { kind: 'picture', why: "a picture fill is drawn over its shape's bounding box" },
    ]);
  });
});

describe('fields in an imported slide', () => {
  it('finds field-like text, binds it as chosen, and keeps the slide a valid template', async () => {
    const imported = await importPptx(
      buildPptx({
        slides: [
          shape({
            id: 2,
            placeholder: { type: 'title' },
            paragraphs: paragraph('Proposal for {{Client Name}}'),
          }) +
            textBox(5, [60, 460, 300, 40], paragraph('[Date]')) +
            textBox(6, [400, 460, 300, 40], paragraph('Budget: [Budget]')),
        ],
      }),
    );
    if (!imported.ok) throw new Error(imported.reason);
    const [slide] = imported.slides;
    expect(slide!.fields).toEqual([
      { text: '{{Client Name}}', label: 'Client Name', suggestion: 'client.name' },
      { text: '[Date]', label: 'Date', suggestion: 'deck.date' },
      { text: '[Budget]', label: 'Budget' },
    ]);

    const texts = (elements: readonly TemplateElement[]) =>
      elements.flatMap((e) => (e.kind === 'text' ? linesOf(e) : []));
    const choices = { '{{Client Name}}': 'client.name', '[Date]': null } as const;
    expect(texts(applyFieldChoices(slide!.elements, choices))).toEqual([
      'Proposal for {{client.name}}',
      '[Date]',
      'Budget: [Budget]',
    ]);

    // As offered, a `{{…}}` kept as written loses a brace so it does not read as a binding.
    expect(templateSlideDocumentSchema.safeParse(slide!.document).success).toBe(true);
    expect(texts(slide!.document.elements)[0]).toBe('Proposal for {Client Name}');
    const bound = bindImportedSlide(slide!, choices);
    expect(templateSlideDocumentSchema.safeParse(bound).success).toBe(true);
    expect(texts(bound.elements)[0]).toBe('Proposal for {{client.name}}');
  });
});

describe('a text that grows in a deck', () => {
  // Three boxes 280 × 120 pt, anchored at the top, the middle and the bottom, each holding one
  // 28-pt line that the deck fills with the client's name.
  const anchors = ['t', 'ctr', 'b'] as const;
  const nameAlone = () => paragraph('{{Client Name}}', { rPr: 'sz="2800"' });
  async function drawnWith(
    clientName: string,
    paragraphsOf: (anchor: (typeof anchors)[number]) => string = nameAlone,
  ) {
    const imported = await importPptx(
      buildPptx({
        slides: [
          anchors
            .map((anchor, i) =>
              shape({
                id: 2 + i,
                name: `Name ${anchor}`,
                box: [40 + 300 * i, 100, 280, 120],
                properties: '<a:prstGeom prst="rect"/><a:noFill/>',
                bodyProperties: `<a:bodyPr wrap="square" anchor="${anchor}"/>`,
                paragraphs: paragraphsOf(anchor),
              }),
            )
            .join(''),
        ],
      }),
    );
    if (!imported.ok) throw new Error(imported.reason);
    const document = bindImportedSlide(imported.slides[0]!, { '{{Client Name}}': 'client.name' });
    const library = createTemplateLibrary(undefined, {
      ...seedLibraryDocuments(),
      slides: [document],
    });
    const composed = library.slides
      .find((s) => s.id === document.id)!
      .compose({
        brand: library.brand,
        categories: library.categories,
        ...THUMBNAIL_SAMPLE,
        clientName,
        pageNumber: 1,
        sections: [],
        products: [],
        quantities: {},
      });
    return composed.elements.filter((e) => e.kind === 'text');
  }

  it('wraps on in its frame as anchored, and is set smaller rather than cut', async () => {
    const short = await drawnWith('Acme');
    const long = await drawnWith('Northwind Traders International Holdings');
    const longer = await drawnWith(
      'Northwind Traders International Holdings Group of Companies and Subsidiaries Worldwide',
    );
    const [top, middle, bottom] = [0, 1, 2];
    // One line as imported; the long name wraps to two lines at full size, in the frame.
    for (const i of [top, middle, bottom]) {
      expect(short[i]!.lines.map((l) => l.text)).toEqual(['Acme']);
      expect(long[i]!.size).toBe(28);
      expect(long[i]!.lines.map((l) => l.text).join(' ')).toBe(
        'Northwind Traders International Holdings',
      );
      expect(long[i]!.lines.length).toBeGreaterThan(1);
    }
    const first = (e: (typeof short)[number]) => e.lines[0]!.baseline;
    const last = (e: (typeof short)[number]) => e.lines.at(-1)!.baseline;
    // At the top it grows down; at the bottom, up; in the middle, both ways alike.
    expect(first(long[top]!)).toBeCloseTo(first(short[top]!), 1);
    expect(last(long[bottom]!)).toBeCloseTo(last(short[bottom]!), 1);
    expect((first(long[middle]!) + last(long[middle]!)) / 2).toBeCloseTo(first(short[middle]!), 1);
    // Too long for the frame at its size: smaller, every word kept.
    for (const i of [top, middle, bottom]) {
      expect(longer[i]!.size).toBeLessThan(28);
      expect(longer[i]!.size).toBeGreaterThanOrEqual(14);
      expect(longer[i]!.lines.map((l) => l.text).join(' ')).not.toContain('…');
      expect(longer[i]!.lines.at(-1)!.baseline).toBeLessThan(100 + 120);
    }
  });

  it('gives the room to the text at the open end of a stack of differently styled paragraphs', async () => {
    // A bold lead-in and the name under it at the top; the name and a line under it at the
    // bottom. The name is the text at the open end: it may grow there; the other stays put.
    const lead = paragraph('Prepared for', { rPr: 'sz="2000" b="1"' });
    const stacked = (anchor: string) => (anchor === 'b' ? nameAlone() + lead : lead + nameAlone());
    const short = await drawnWith('Acme', stacked);
    const long = await drawnWith('Northwind Traders International Holdings', stacked);
    const nameOf = (texts: typeof short, i: number) =>
      texts
        .filter((e) => e.x > 40 + 300 * i - 1 && e.x < 40 + 300 * i + 280)
        .find((e) => e.lines.some((l) => /Acme|Northwind/.test(l.text)))!;
    const leadOf = (texts: typeof short, i: number) =>
      texts
        .filter((e) => e.x > 40 + 300 * i - 1 && e.x < 40 + 300 * i + 280)
        .find((e) => e.lines[0]!.text === 'Prepared for')!;
    for (const i of [0, 2]) {
      const grown = nameOf(long, i);
      expect(grown.size).toBe(28);
      expect(grown.lines.length).toBeGreaterThan(1);
      expect(grown.lines.map((l) => l.text).join(' ')).toBe(
        'Northwind Traders International Holdings',
      );
      // The lead-in stays where it was.
      expect(leadOf(long, i).lines[0]!.baseline).toBeCloseTo(
        leadOf(short, i).lines[0]!.baseline,
        1,
      );
    }
    // At the top the name grows down from its first line; at the bottom, up from its last.
    expect(nameOf(long, 0).lines[0]!.baseline).toBeCloseTo(nameOf(short, 0).lines[0]!.baseline, 1);
    expect(nameOf(long, 2).lines.at(-1)!.baseline).toBeCloseTo(
      nameOf(short, 2).lines.at(-1)!.baseline,
      1,
    );
  });
});

// The real files of the shared corpus, when it is beside the project (../shared/pptx-corpus).
const corpus =
  process.env.PPTX_CORPUS ??
  fileURLToPath(new URL('../../../../../shared/pptx-corpus', import.meta.url));
const corpusFiles = existsSync(corpus)
  ? readdirSync(corpus).filter((name) => name.endsWith('.pptx'))
  : [];

// Concurrent: most of the time goes to sharp cutting pictures on its own threads.
describe.skipIf(!existsSync(corpus)).concurrent('importing the PowerPoint corpus', () => {
  it.each(corpusFiles)('imports every slide of %s as a valid template', async (file) => {
    const bytes = readFileSync(`${corpus}/${file}`);
    const opened = openPptxPackage(bytes);
    if (!opened.ok) throw new Error(`${file} ${opened.reason}`);
    const expected = presentationOutline(opened.package).slides.length;
    const imported = await importPptx(bytes);
    if (expected === 0) {
      expect(imported).toEqual({ ok: false, reason: 'has no slides' });
      return;
    }
    if (!imported.ok) throw new Error(`${file} ${imported.reason}`);
    expect(imported.slides.map((s) => s.number)).toEqual(
      Array.from({ length: expected }, (_, i) => i + 1),
    );
    for (const slide of imported.slides) {
      // A slide the format refuses is offered empty with a "slide" report: none should be.
      expect(
        slide.report.notImported.filter((n) => n.kind === 'slide'),
        `${file} ${slide.number}`,
      ).toEqual([]);
      expect(templateSlideDocumentSchema.safeParse(slide.document).success).toBe(true);
    }
    if (file === 'aascu-workarea-5864.pptx') {
      expect(expected).toBe(34);
      const empty = imported.slides.filter((s) => s.document.elements.length === 0);
      expect(empty.map((s) => s.number)).toEqual([]);
    }
  });
});
