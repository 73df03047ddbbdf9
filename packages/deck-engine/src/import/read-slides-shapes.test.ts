import { describe, expect, it } from 'vitest';
import { emu, fixtureColors, paragraph, shape, xfrm, solid, rectangle } from './test-fixtures.ts';
import { readFixture, textStarting } from './test-slides.ts';

// The PowerPoint reader on small presentations written by hand: where each shape lands on the
// 960 × 540 pt slide (in groups, turned, mirrored), its text's box, its lines and connectors.

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
