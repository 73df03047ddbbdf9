import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import PptxGenJS from 'pptxgenjs';
import type { Deck, SlideElement } from '@deck-portal/deck-engine';

/**
 * The straightforward way to write the same deck: pptxgenjs, then pdfkit, on the main thread,
 * with nothing shared or cached between runs (fonts read and parsed per document, each picture
 * embedded and decoded where it is used, text wrapped by each library itself).
 */
const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf',
  medium: '@expo-google-fonts/inter/500Medium/Inter_500Medium.ttf',
  semibold: '@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf',
  bold: '@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf',
} as const;

type Pictures = Map<string, { bytes: Buffer; kind: 'png' | 'jpeg' }>;
const inch = (pt: number) => pt / 72;

/** A path shape's outline (`M`, `L`, `C`, `Z` in a 1000 × 1000 square) as points in its box. */
function pathPoints(path: string, w: number, h: number) {
  const tokens = path.match(/[MLCZ]|-?\d+(?:\.\d+)?/g) ?? [];
  const points: { op: string; xy: number[] }[] = [];
  for (let i = 0; i < tokens.length;) {
    const op = tokens[i++]!;
    const count = op === 'C' ? 6 : op === 'Z' ? 0 : 2;
    const xy = tokens.slice(i, i + count).map((v, k) => (Number(v) / 1000) * (k % 2 === 0 ? w : h));
    points.push({ op, xy });
    i += count;
  }
  return points;
}

function pptxElement(
  pptx: PptxGenJS,
  slide: PptxGenJS.Slide,
  e: SlideElement,
  pictures: Pictures,
): void {
  switch (e.kind) {
    case 'rect':
    case 'ellipse':
      slide.addShape(e.kind === 'ellipse' ? pptx.ShapeType.ellipse : pptx.ShapeType.rect, {
        x: inch(e.x),
        y: inch(e.y),
        w: inch(e.w),
        h: inch(e.h),
        ...(e.fill ? { fill: { color: e.fill } } : {}),
      });
      return;
    case 'path':
      slide.addShape('custGeom' as PptxGenJS.ShapeType, {
        x: inch(e.x),
        y: inch(e.y),
        w: inch(e.w),
        h: inch(e.h),
        points: pathPoints(e.path ?? '', e.w, e.h).map(({ op, xy }) => {
          if (op === 'Z') return { close: true as const };
          const [a = 0, b = 0, c = 0, d = 0, x = 0, y = 0] = xy.map(inch);
          return op === 'C'
            ? { x, y, curve: { type: 'cubic' as const, x1: a, y1: b, x2: c, y2: d } }
            : { x: a, y: b, ...(op === 'M' ? { moveTo: true } : {}) };
        }),
        ...(e.fill ? { fill: { color: e.fill } } : {}),
      });
      return;
    case 'line':
      slide.addShape(pptx.ShapeType.line, {
        x: inch(Math.min(e.x1, e.x2)),
        y: inch(Math.min(e.y1, e.y2)),
        w: inch(Math.abs(e.x2 - e.x1)),
        h: inch(Math.abs(e.y2 - e.y1)),
        line: { color: e.color, width: e.width },
      });
      return;
    case 'text':
      slide.addText(e.paragraphs.join('\n'), {
        x: inch(e.x),
        y: inch(e.y),
        w: inch(e.w),
        h: inch(e.h),
        fontFace: 'Inter',
        fontSize: e.size,
        color: e.color,
        align: e.align,
        valign: e.valign,
        margin: 0,
      });
      return;
    case 'table':
      slide.addTable(
        e.rows.map((row) =>
          row.map((cell) => ({
            text: cell.text.paragraphs.join('\n'),
            options: { fontSize: cell.text.size, fontFace: 'Inter' },
          })),
        ),
        { x: inch(e.x), y: inch(e.y), w: inch(e.w), colW: e.columnWidths.map(inch) },
      );
      return;
    case 'image': {
      const picture = pictures.get(e.src);
      if (!picture) return;
      slide.addImage({
        data: `image/${picture.kind};base64,${picture.bytes.toString('base64')}`,
        x: inch(e.x),
        y: inch(e.y),
        w: inch(e.w),
        h: inch(e.h),
      });
    }
  }
}

function pdfElement(doc: PDFKit.PDFDocument, e: SlideElement, pictures: Pictures): void {
  switch (e.kind) {
    case 'rect':
      if (e.fill) doc.rect(e.x, e.y, e.w, e.h).fill(`#${e.fill}`);
      return;
    case 'ellipse':
      if (e.fill) doc.ellipse(e.x + e.w / 2, e.y + e.h / 2, e.w / 2, e.h / 2).fill(`#${e.fill}`);
      return;
    case 'path': {
      const d = pathPoints(e.path ?? '', e.w, e.h)
        .map(({ op, xy }) => `${op}${xy.map((v, k) => v + (k % 2 === 0 ? e.x : e.y)).join(' ')}`)
        .join(' ');
      if (e.fill) doc.path(d).fill(`#${e.fill}`);
      return;
    }
    case 'line':
      doc.moveTo(e.x1, e.y1).lineTo(e.x2, e.y2).lineWidth(e.width).stroke(`#${e.color}`);
      return;
    case 'text':
      doc.font(e.weight).fontSize(e.size).fillColor(`#${e.color}`);
      doc.text(e.paragraphs.join('\n'), e.x, e.y, { width: e.w, height: e.h, align: e.align });
      return;
    case 'table':
      for (const row of e.rows) {
        for (const cell of row) {
          const t = cell.text;
          doc.font(t.weight).fontSize(t.size).fillColor(`#${t.color}`);
          doc.text(t.paragraphs.join('\n'), t.x, t.y, { width: t.w, height: t.h, align: t.align });
        }
      }
      return;
    case 'image': {
      const picture = pictures.get(e.src);
      if (picture) doc.image(picture.bytes, e.x, e.y, { cover: [e.w, e.h] });
    }
  }
}

export async function baselineRender(
  deck: Deck,
  pictures: Pictures,
): Promise<{ pptx: Buffer; pdf: Buffer }> {
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_WIDE';
  for (const s of deck.slides) {
    const slide = pptx.addSlide();
    slide.background = { color: s.background };
    for (const e of s.elements) pptxElement(pptx, slide, e, pictures);
  }
  const pptxBuffer = (await pptx.write({ outputType: 'nodebuffer', compression: true })) as Buffer;

  const doc = new PDFDocument({ size: [960, 540], margin: 0, autoFirstPage: false });
  for (const [name, file] of Object.entries(FONT_FILES))
    doc.registerFont(name, readFileSync(require.resolve(file)));
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) =>
    doc.on('end', () => resolve(Buffer.concat(chunks))),
  );
  for (const s of deck.slides) {
    doc.addPage({ size: [960, 540], margin: 0 });
    doc.rect(0, 0, 960, 540).fill(`#${s.background}`);
    for (const e of s.elements) pdfElement(doc, e, pictures);
  }
  doc.end();
  return { pptx: pptxBuffer, pdf: await done };
}
