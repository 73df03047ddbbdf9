import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { templateSlideDocumentSchema, type TemplateElement } from '@deck-portal/domain';
import { applyFieldChoices } from './fields.ts';
import { bindImportedSlide, importPptx } from './import-pptx.ts';
import { openPptxPackage, presentationOutline } from './pptx-package.ts';
import { createTemplateLibrary } from '../library/template-library.ts';
import { seedLibraryDocuments } from '../library/template-seed.ts';
import { THUMBNAIL_SAMPLE } from '../thumbnails.ts';
import {
  buildPptx,
  emu,
  paragraph,
  shape,
  xfrm,
  solid,
  rectangle,
  textBox,
} from './test-fixtures.ts';
import { readFixture, linesOf, type TextElement } from './test-slides.ts';

// The PowerPoint reader on what is more than shapes and text: what does not import, SmartArt,
// fields, a text that grows in a deck, and the real files of the shared corpus.

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
