import { describe, expect, it } from 'vitest';
import { templateSlideDocumentSchema } from '@deck-portal/domain';
import { paragraph, shape, solid, rectangle, textBox } from './test-fixtures.ts';
import { readFixture, textStarting } from './test-slides.ts';

// The PowerPoint reader on small presentations written by hand: what a slide inherits from its
// layout, master and theme (placeholders, text styles, colours, fonts, backgrounds).

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
