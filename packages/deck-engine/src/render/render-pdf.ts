import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import {
  faceOf,
  FONT_WEIGHTS,
  getFont,
  shapeWord,
  underlineOf,
  type FontFace,
} from '../layout/fonts.ts';
import {
  drawnElements,
  SLIDE_HEIGHT,
  SLIDE_WIDTH,
  type Box,
  type ChartElement,
  type Deck,
  type Shadow,
  type ShapeElement,
  type TextElement,
  type Turn,
} from '../layout/model.ts';
import {
  shownBox,
  type PlacedImage,
  type RenderElement,
  type RenderSlide,
} from './place-images.ts';
import { lineWithEnds } from '../layout/line-ends.ts';
import { gradientCircle, gradientLine } from './gradient.ts';
import { placePath, svgPathData } from './shape-path.ts';
import { tableGrid, tableLines } from './table-grid.ts';
import { linkBand, runWidth } from './slide-links.ts';
import { bandGlyphs, type PlacedGlyph, type Watermark } from './watermark.ts';
import { drawWords } from './pdf-words.ts';
import { splitPictures } from '../images/png-planes.ts';
import { deflateContentAside, endAside, writeContentAsText, writeWithLess } from './pdf-writing.ts';
import { keepGlyphRecords } from './pdf-glyphs.ts';

type Doc = PDFKit.PDFDocument;
// pdfkit accepts the object `openImage` returns wherever it accepts a source; its types do not say so.
type OpenedImage = Parameters<Doc['image']>[0];

function drawText(doc: Doc, element: TextElement): void {
  if (element.lines.length === 0) return;
  const face = faceOf(element.family, element.weight, element.italic);
  doc
    .font(face)
    .fontSize(element.size)
    .fillColor(`#${element.color}`, element.opacity ?? 1);
  for (const line of element.lines) {
    if (line.bulletX !== undefined) {
      // A symbol the text's font lacks is drawn in the fallback family that has it.
      // The mark in its own colour and size when it has them, then back to the text's.
      const markFace = line.label === undefined ? element.bulletFace : undefined;
      doc
        .font(markFace ?? face)
        .fontSize(element.size * (element.bulletSize ?? 1))
        .fillColor(`#${element.bulletColor ?? element.color}`, element.opacity ?? 1);
      drawWords(doc, line.label ?? element.bulletChar ?? '•', line.bulletX, line.baseline);
      doc
        .font(face)
        .fontSize(element.size)
        .fillColor(`#${element.color}`, element.opacity ?? 1);
    }
    if (line.runs) {
      for (const run of line.runs) {
        const look = run.look;
        if (look) doc.fontSize(look.size).fillColor(`#${look.color}`, element.opacity ?? 1);
        const baseline = line.baseline - (look?.rise ?? 0);
        drawWords(doc.font(run.face), run.text, run.x, baseline);
        const width = look?.underline || look?.link ? runWidth(run) : 0;
        if (look?.underline) {
          const { offset, thickness } = underlineOf(run.face);
          doc
            .rect(run.x, baseline + offset * look.size, width, thickness * look.size)
            .fill(`#${look.color}`);
        }
        if (look?.link) {
          // The words open their address: a link over their glyphs' band, as a reader clicks it.
          const band = linkBand(run, baseline, width);
          doc.link(band.x, band.y, band.w, band.h, look.link);
        }
      }
      doc
        .font(face)
        .fontSize(element.size)
        .fillColor(`#${element.color}`, element.opacity ?? 1);
    } else if (line.text !== '') {
      drawWords(doc, line.text, line.x, line.baseline);
    }
  }
  if (element.underline) {
    const { offset, thickness } = underlineOf(face);
    for (const line of element.lines) {
      // A line of styled words underlines run by run.
      if (line.text === '' || line.runs?.[0]?.look) continue;
      const y = line.baseline + offset * element.size;
      doc.rect(line.x, y, line.width, thickness * element.size).fill(`#${element.color}`);
    }
  }
}

/** The shape's gradient as a pdfkit gradient over its box. */
function gradientOf(
  doc: Doc,
  element: ShapeElement,
  gradient: NonNullable<ShapeElement['gradient']>,
) {
  let painted: PDFKit.PDFLinearGradient | PDFKit.PDFRadialGradient;
  if (gradient.kind === 'radial') {
    const circle = gradientCircle(element, gradient.cx, gradient.cy);
    painted = doc.radialGradient(circle.x, circle.y, 0, circle.x, circle.y, circle.r);
  } else {
    const line = gradientLine(element, gradient.angle);
    painted = doc.linearGradient(line.x1, line.y1, line.x2, line.y2);
  }
  for (const stop of gradient.stops) painted.stop(stop.at, `#${stop.color}`, stop.opacity);
  return painted;
}

/**
 * Draws an element turned about its box's centre (mirrored first, then rotated), in a saved
 * graphics state; level elements are drawn as they are.
 */
function drawTurned(doc: Doc, box: Box, turn: Turn, draw: () => void): void {
  if (!turn.rotation && !turn.flipH && !turn.flipV) {
    draw();
    return;
  }
  const origin: [number, number] = [box.x + box.w / 2, box.y + box.h / 2];
  doc.save();
  if (turn.rotation) doc.rotate(turn.rotation, { origin });
  if (turn.flipH || turn.flipV) doc.scale(turn.flipH ? -1 : 1, turn.flipV ? -1 : 1, { origin });
  draw();
  doc.restore();
}

function drawElement(doc: Doc, element: RenderElement, images: Map<string, OpenedImage>): void {
  switch (element.kind) {
    case 'rect':
    case 'ellipse':
    case 'path':
      // A see-through fill is drawn in a state of its own: PDF's fill opacity would otherwise
      // carry on to the gradients and pictures drawn after it.
      if (element.shadow) drawShadow(doc, element, element.shadow);
      drawTurned(doc, element, element, () => {
        const isSeeThrough = element.fillOpacity !== undefined && element.fillOpacity < 1;
        if (isSeeThrough) doc.save();
        drawShape(doc, element);
        if (isSeeThrough) doc.restore();
      });
      return;
    case 'text':
      drawTurned(doc, element, element, () => drawText(doc, element));
      return;
    case 'placed-image':
      // The picture casts its shadow from where it shows, as an opaque box.
      if (element.shadow) {
        const box = shownBox(element);
        const turn = element.rotation ? { rotation: element.rotation } : {};
        drawShadow(
          doc,
          { kind: 'rect', ...box, fill: element.shadow.color, ...turn },
          element.shadow,
        );
      }
      drawTurned(doc, element.frame, element, () => drawPicture(doc, element, images));
      return;
    case 'chart':
      for (const part of element.parts) drawElement(doc, part, images);
      return;
    default:
      drawLevel(doc, element);
  }
}

/** The shape's outline as the current path. */
function outline(doc: Doc, element: ShapeElement): void {
  if (element.kind === 'path') doc.path(svgPathData(placePath(element.path ?? '', element)));
  else if (element.kind === 'rect') {
    if (element.radius) doc.roundedRect(element.x, element.y, element.w, element.h, element.radius);
    else doc.rect(element.x, element.y, element.w, element.h);
  } else {
    doc.ellipse(element.x + element.w / 2, element.y + element.h / 2, element.w / 2, element.h / 2);
  }
}

/**
 * A shape's soft shadow, moved by its offset on the page (not turned with the shape): its
 * silhouette (or, for an outline alone, its outline) in the shadow's colour, then rings of
 * widening strokes outside it, each faint, so that the shadow fades from its full strength at
 * the silhouette's edge to nothing at the blur's reach. PDF has no blur of its own.
 */
function drawShadow(doc: Doc, element: ShapeElement, shadow: Shadow): void {
  const isFilled = element.fill !== undefined || element.gradient !== undefined;
  if (!isFilled && !element.stroke) return;
  const core = isFilled ? 0 : element.stroke!.width;
  // A blurred outline spreads its ink: the thinner the line against the blur, the fainter.
  const strength =
    shadow.opacity * (isFilled ? (element.fillOpacity ?? 1) : core / (core + shadow.blur));
  const color = `#${shadow.color}`;
  doc.save();
  doc.translate(shadow.dx, shadow.dy);
  drawTurned(doc, element, element, () => {
    outline(doc, element);
    if (isFilled) doc.fillColor(color, strength).fill();
    else doc.lineWidth(core).strokeColor(color, strength).stroke();
    if (shadow.blur <= 0) return;
    const rings = Math.max(2, Math.min(10, Math.ceil(shadow.blur)));
    // All rings together, where they overlap at the edge, give the full strength.
    const ringOpacity = 1 - (1 - strength) ** (1 / rings);
    doc.save();
    if (isFilled) {
      // Only outside the silhouette: a frame around it, cut by its outline (even-odd).
      const room = 2 * shadow.blur;
      doc.rect(element.x - room, element.y - room, element.w + 2 * room, element.h + 2 * room);
      outline(doc, element);
      doc.clip('even-odd');
    }
    for (let ring = 1; ring <= rings; ring += 1) {
      outline(doc, element);
      doc
        .lineWidth(core + (2 * shadow.blur * ring) / rings)
        .lineJoin('round')
        .strokeColor(color, ringOpacity)
        .stroke();
    }
    doc.restore();
  });
  doc.restore();
}

function drawShape(doc: Doc, element: ShapeElement): void {
  outline(doc, element);
  const stroke = element.stroke;
  if (stroke) {
    doc.lineWidth(stroke.width).strokeColor(`#${stroke.color}`, stroke.opacity ?? 1);
    if (stroke.dash) doc.dash(stroke.width * 4, { space: stroke.width * 3 });
    else doc.undash();
  }
  if (element.gradient) {
    const gradient = gradientOf(doc, element, element.gradient);
    if (stroke) doc.fillAndStroke(gradient, `#${stroke.color}`);
    else doc.fill(gradient);
    if (stroke?.dash) doc.undash();
    return;
  }
  // The fill's opacity is set every time: pdfkit keeps the last one given.
  if (element.fill && stroke) {
    doc.fillColor(`#${element.fill}`, element.fillOpacity ?? 1).fillAndStroke();
  } else if (element.fill) doc.fillColor(`#${element.fill}`, element.fillOpacity ?? 1).fill();
  else if (stroke) doc.stroke();
  if (stroke?.dash) doc.undash();
}

function drawLevel(
  doc: Doc,
  element: Exclude<RenderElement, ShapeElement | TextElement | PlacedImage | ChartElement>,
): void {
  switch (element.kind) {
    case 'line': {
      const { shaft, marks } = lineWithEnds(element);
      const [x1, y1, x2, y2] = shaft;
      const opacity = element.opacity ?? 1;
      if (element.dash) doc.dash(element.width * 4, { space: element.width * 3 });
      doc
        .moveTo(x1, y1)
        .lineTo(x2, y2)
        .lineWidth(element.width)
        .strokeColor(`#${element.color}`, opacity)
        .stroke();
      if (element.dash) doc.undash();
      for (const mark of marks) {
        if (mark.kind === 'dot') {
          doc.circle(mark.cx, mark.cy, mark.r).fillColor(`#${element.color}`, opacity).fill();
          continue;
        }
        const [first, ...rest] = mark.points;
        doc.moveTo(...first!);
        for (const point of rest) doc.lineTo(...point);
        if (mark.kind === 'fill') doc.closePath().fillColor(`#${element.color}`, opacity).fill();
        else doc.lineJoin('miter').strokeColor(`#${element.color}`, opacity).stroke();
      }
      return;
    }
    case 'table': {
      for (const { fills, ruleY } of tableGrid(element)) {
        for (const c of fills) doc.rect(c.x, c.y, c.w, c.h).fillColor(`#${c.fill}`, 1).fill();
        if (ruleY === undefined) continue;
        doc
          .moveTo(element.x, ruleY)
          .lineTo(element.x + element.w, ruleY)
          .lineWidth(0.75)
          .strokeColor(`#${element.borderColor}`, 1)
          .stroke();
      }
      for (const l of tableLines(element)) {
        doc
          .moveTo(l.x1, l.y1)
          .lineTo(l.x2, l.y2)
          .lineWidth(l.width)
          .strokeColor(`#${l.color}`, 1)
          .stroke();
      }
      for (const row of element.rows) for (const cell of row) drawText(doc, cell.text);
      return;
    }
  }
}

function drawPicture(doc: Doc, element: PlacedImage, images: Map<string, OpenedImage>): void {
  let opened = images.get(element.image.hash);
  if (!opened) {
    // Once per document: pdfkit then embeds the picture once and reuses it.
    opened = openPicture(doc, element.image.hash, element.image.data);
    images.set(element.image.hash, opened);
  }
  const f = element.frame;
  doc.save();
  doc.rect(f.x, f.y, f.w, f.h).clip();
  doc.image(opened, element.x, element.y, { width: element.w, height: element.h });
  doc.restore();
}

// Pictures as pdfkit parsed them (never embedded themselves), by picture hash.
const parsedPictures = new Map<string, object>();

/**
 * A picture ready for this document. pdfkit parses a PNG in JavaScript, copying its data byte by
 * byte, each time it opens one; the parse is kept by the picture's hash and each document gets an
 * object of its own on top of it (pdfkit writes what it embeds onto that object, never onto the
 * parse). Its label names the picture, so two pictures never share one in a document.
 */
function openPicture(doc: Doc, hash: string, data: Buffer): OpenedImage {
  let parsed = parsedPictures.get(hash);
  if (!parsed) {
    parsed = (doc as unknown as { openImage(src: Buffer): object }).openImage(data);
    if (parsedPictures.size >= 100) parsedPictures.clear();
    parsedPictures.set(hash, parsed);
  }
  const opened = Object.assign(Object.create(parsed) as object, {
    obj: null,
    label: `P${hash.slice(0, 24)}`,
  }) as unknown as OpenedImage;
  reuseAlphaSplit(opened, hash);
  return opened;
}

/** The parts of pdfkit 0.20's PNG image the split cache below relies on. */
interface PdfkitPngImage {
  image?: { hasAlphaChannel?: boolean; transparency?: { indexed?: unknown } };
  imgData?: Uint8Array | null;
  alphaChannel?: Uint8Array;
  splitAlphaChannel?: () => unknown;
  loadIndexedAlphaChannel?: () => unknown;
  finalize?: () => unknown;
}

// Colour and alpha planes of PNG pictures with transparency, deflated, by picture hash.
const alphaSplits = new Map<string, { imgData: Uint8Array; alphaChannel: Uint8Array }>();

/**
 * A PNG with an alpha channel, or a palette PNG with transparent entries (as picture
 * normalisation writes small graphics), is decoded, its alpha plane built and deflated for every
 * document: most of a warm deck's PDF time. The first document keeps the result, by the
 * picture's hash, and later documents reuse it. This leans on pdfkit 0.20.2's PNGImage
 * (`splitAlphaChannel`, `loadIndexedAlphaChannel`, `finalize`, `imgData`, `alphaChannel`);
 * anything else is left as is.
 */
function reuseAlphaSplit(opened: OpenedImage, hash: string): void {
  const png = opened as unknown as PdfkitPngImage;
  const method = png.image?.hasAlphaChannel
    ? 'splitAlphaChannel'
    : png.image?.transparency?.indexed
      ? 'loadIndexedAlphaChannel'
      : undefined;
  const { finalize } = png;
  if (!method || typeof png[method] !== 'function' || typeof finalize !== 'function') return;
  const known = alphaSplits.get(hash);
  if (known) {
    png[method] = () => {
      png.imgData = known.imgData;
      png.alphaChannel = known.alphaChannel;
      return finalize.call(png);
    };
    return;
  }
  png.finalize = () => {
    if (png.imgData && png.alphaChannel) {
      if (alphaSplits.size >= 100) alphaSplits.clear();
      alphaSplits.set(hash, { imgData: png.imgData, alphaChannel: png.alphaChannel });
    }
    return finalize.call(png);
  };
}

/** The parts of pdfkit 0.20's internals the font sharing below relies on. */
interface PdfkitInternals {
  _font?: { constructor: unknown };
  _fontFamilies?: Record<string, unknown>;
  _fontCount?: number;
}

/** A run as pdfkit's EmbeddedFont lays one out: positions in its 1000-unit text space. */
interface PdfkitRun {
  glyphs: Array<{ id: number; advanceWidth: number; codePoints: number[] }>;
  positions: Array<{
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
    advanceWidth: number;
  }>;
  advanceWidth: number;
}

/** The parts of pdfkit 0.20's document and stream objects the font file cache relies on. */
interface PdfkitReference {
  data: Record<string, unknown>;
  compress: boolean;
  write(chunk: Uint8Array): void;
  end(chunk?: Uint8Array): void;
  finalize(): void;
}
interface PdfkitDocument {
  compress?: boolean;
  ref?: (data?: Record<string, unknown>) => PdfkitReference;
}

interface EmbeddedFontInstance {
  document?: unknown;
  embed(): void;
  layoutCache?: Record<string, PdfkitRun>;
  layoutRun(text: string, features?: unknown): PdfkitRun;
  layout(text: string, features?: unknown, onlyWidth?: boolean): PdfkitRun;
  encode(text: string, features?: unknown): [string[], PdfkitRun['positions']];
  subset?: { glyphs?: number[]; includeGlyph(id: number): number; encode?(): Uint8Array };
  widths?: number[];
  unicode?: number[][];
  scale?: number;
}
type EmbeddedFontClass = new (doc: unknown, font: unknown, id: string) => EmbeddedFontInstance;

// Glyph ids as a subset's text writes them (`002a`), made once per process.
const glyphHexes: string[] = [];

function glyphHex(gid: number): string {
  return (glyphHexes[gid] ??= `0000${gid.toString(16)}`.slice(-4));
}

function sameCharacters(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((code, i) => code === b[i]);
}

/**
 * pdfkit's embedded font with its shaping replaced by the engine's: pdfkit asks for one
 * space-separated piece at a time ("word " with its trailing space); the answer is built from
 * the words the layout already shaped, so the PDF shapes nothing twice and draws exactly the
 * glyphs and advances the layout measured.
 */
function engineFontClass(
  base: EmbeddedFontClass,
): new (doc: unknown, weight: FontFace, id: string) => EmbeddedFontInstance {
  return class EngineEmbeddedFont extends base {
    private readonly weight: FontFace;

    constructor(doc: unknown, weight: FontFace, id: string) {
      super(doc, getFont(weight).font, id);
      this.weight = weight;
    }

    /**
     * As pdfkit's, word by word from the run cache, but each word's glyphs and positions pushed
     * onto one pair of arrays (pdfkit concatenates them into new arrays word after word).
     */
    override layout(text: string, features?: unknown, onlyWidth?: boolean): PdfkitRun {
      if (features || onlyWidth || !this.layoutCache) {
        return super.layout(text, features, onlyWidth);
      }
      const glyphs: PdfkitRun['glyphs'] = [];
      const positions: PdfkitRun['positions'] = [];
      let advanceWidth = 0;
      let last = 0;
      for (let index = 0; index <= text.length; index += 1) {
        const at = text.charCodeAt(index);
        // A word ends after a space or a tab, or at the text's end.
        if (index < text.length ? at !== 32 && at !== 9 : last === index) continue;
        const piece = text.slice(last, index + 1);
        let run = this.layoutCache[piece];
        if (!run) {
          run = this.layoutRun(piece);
          this.layoutCache[piece] = run;
        }
        for (const glyph of run.glyphs) glyphs.push(glyph);
        for (const position of run.positions) positions.push(position);
        advanceWidth += run.advanceWidth;
        last = index + 1;
      }
      return { glyphs, positions, advanceWidth };
    }

    /**
     * Texts this document drew in this face, encoded (a footer, a label, a figure comes back on
     * slide after slide): the glyphs are in the subset already, so the answer stays the same.
     */
    private readonly encoded = new Map<string, [string[], PdfkitRun['positions']]>();

    /** The copies of glyphs in the subset, by glyph and the characters the copy stands for. */
    private readonly copies = new Map<string, number>();

    /**
     * As pdfkit's, but a glyph drawn for two different characters (Arabic letters share their
     * dotless shapes; Devanagari vowel signs come before their letter) gets a copy in the subset
     * for the second, so copying text out of the PDF gives each character.
     */
    override encode(text: string, features?: unknown): [string[], PdfkitRun['positions']] {
      const { subset, widths, unicode, scale } = this;
      if (features || !subset?.glyphs || !widths || !unicode || scale === undefined) {
        return super.encode(text, features);
      }
      const done = this.encoded.get(text);
      if (done) return done;
      const { glyphs, positions } = this.layout(text, features);
      const encoded = glyphs.map((glyph) => {
        let gid = subset.includeGlyph(glyph.id);
        const known = unicode[gid];
        if (known && !sameCharacters(known, glyph.codePoints)) {
          const key = `${glyph.id}:${glyph.codePoints.join(',')}`;
          let copy = this.copies.get(key);
          if (copy === undefined) {
            subset.glyphs!.push(glyph.id);
            copy = subset.glyphs!.length - 1;
            this.copies.set(key, copy);
          }
          gid = copy;
        }
        widths[gid] ??= glyph.advanceWidth * scale;
        unicode[gid] ??= glyph.codePoints;
        return glyphHex(gid);
      });
      this.encoded.set(text, [encoded, positions]);
      return [encoded, positions];
    }

    /**
     * As pdfkit's, but the subset's font file, compressed, is taken from the last document that
     * embedded the same glyphs of this face in the same order: building a subset (fontkit) and
     * deflating it were a fifth of a warm deck's PDF. The bytes written are the same.
     */
    override embed(): void {
      const doc = this.document as PdfkitDocument | undefined;
      const { subset } = this;
      const ref = doc?.ref;
      if (!doc?.compress || !subset?.glyphs || !subset.encode || typeof ref !== 'function') {
        return super.embed();
      }
      const key = `${this.weight}:${subset.glyphs.join(',')}`;
      const known = fontFiles.get(key);
      if (known) subset.encode = () => new Uint8Array(0);
      else keepGlyphRecords(subset);
      // pdfkit's embed makes the font file's stream first, then ends it with the subset's bytes.
      doc.ref = (data) => {
        delete doc.ref;
        const fontFile = ref.call(doc, data);
        const keep = (deflated: Uint8Array) => {
          if (fontFiles.size >= 64) fontFiles.clear();
          fontFiles.set(key, deflated);
        };
        fontFile.end = (chunk) => {
          // Deflated on the thread pool with the pages' content (the same bytes), kept once done.
          const bytes = chunk ?? new Uint8Array(0);
          const deflating = known ? undefined : endAside(doc as unknown as Doc, fontFile, bytes);
          if (deflating) return void deflating.then(keep, () => {});
          let deflated = known;
          if (!deflated) {
            deflated = deflateSync(bytes);
            keep(deflated);
          }
          fontFile.compress = false;
          fontFile.write(deflated);
          fontFile.data.Filter = 'FlateDecode';
          fontFile.finalize();
        };
        return fontFile;
      };
      try {
        super.embed();
      } finally {
        delete doc.ref;
        if (known) delete subset.encode;
      }
    }

    override layoutRun(text: string, features?: unknown): PdfkitRun {
      if (features) return super.layoutRun(text, features);
      // pdfkit asks for a run only for a word its run cache lacks, then keeps it there.
      runsMade.set(this.weight, (runsMade.get(this.weight) ?? 0) + 1);
      const scale = 1000 / getFont(this.weight).unitsPerEm;
      const separator = /[ \t]$/.test(text) ? text.slice(-1) : '';
      const word = separator ? text.slice(0, -1) : text;
      const run: PdfkitRun = { glyphs: [], positions: [], advanceWidth: 0 };
      for (const part of separator ? [word, separator] : [word]) {
        let pen = 0;
        for (const glyph of shapeWord(part, this.weight).glyphs) {
          run.glyphs.push({
            id: glyph.id,
            advanceWidth: glyph.nominalAdvance,
            codePoints: glyph.codePoints,
          });
          run.positions.push({
            xAdvance: glyph.advance * scale,
            yAdvance: 0,
            xOffset: (glyph.x - pen) * scale,
            yOffset: glyph.y * scale,
            advanceWidth: glyph.nominalAdvance * scale,
          });
          run.advanceWidth += glyph.advance * scale;
          pen += glyph.advance;
        }
      }
      return run;
    }
  };
}

// Compressed font files of subsets, by face and glyphs (see the embedded font's `embed`).
const fontFiles = new Map<string, Uint8Array>();

let engineFont: ReturnType<typeof engineFontClass> | null | undefined;
const sharedLayoutCaches = new Map<FontFace, Record<string, PdfkitRun>>();

/**
 * How many words' runs a face's shared run cache grows to before a document starts a new one: a
 * long-running worker draws every client's names, figures and dates, and keeps its recent decks'.
 */
export const WORD_RUNS_KEPT = 10_000;
/** The runs made in each face since its shared run cache was started. */
const runsMade = new Map<FontFace, number>();

/** The words' runs the shared run caches hold now, every face together. */
export function keptWordRuns(): number {
  let runs = 0;
  for (const cache of sharedLayoutCaches.values()) runs += Object.keys(cache).length;
  return runs;
}

/**
 * pdfkit parses a font anew for every document (fontkit.create) and shapes every word anew.
 * The engine parses each face once per process, gives pdfkit the words it already shaped, and
 * shares pdfkit's per-word run cache between documents; each document still gets its own
 * embedded subset. This leans on pdfkit internals (pinned at 0.20.2): when they are not as
 * expected it falls back to pdfkit's public registerFont, which shapes on its own.
 */
function installFonts(doc: Doc, faces: readonly FontFace[]): void {
  if (engineFont === undefined) {
    const probe = new PDFDocument({ autoFirstPage: false });
    probe.font(getFont('regular').bytes);
    const ctor = (probe as unknown as PdfkitInternals)._font?.constructor;
    const usable = typeof ctor === 'function' && typeof ctor.prototype?.layoutRun === 'function';
    engineFont = usable ? engineFontClass(ctor as EmbeddedFontClass) : null;
  }
  const internals = doc as unknown as PdfkitInternals;
  const canShare =
    engineFont !== null &&
    typeof internals._fontFamilies === 'object' &&
    typeof internals._fontCount === 'number';
  for (const weight of faces) {
    if (!canShare) {
      doc.registerFont(weight, getFont(weight).bytes);
      continue;
    }
    internals._fontCount! += 1;
    const font = new engineFont!(doc, weight, `F${internals._fontCount}`);
    const cache = sharedLayoutCaches.get(weight);
    if (cache && font.layoutCache && (runsMade.get(weight) ?? 0) < WORD_RUNS_KEPT) {
      font.layoutCache = cache;
    } else if (font.layoutCache) {
      sharedLayoutCaches.set(weight, font.layoutCache);
      runsMade.set(weight, 0);
    }
    internals._fontFamilies![weight] = font;
  }
}

/**
 * The watermark over a page: its band as glyph outlines, turned and see-through, and its words
 * as invisible level text (see {@link Watermark} for why).
 */
function drawWatermark(doc: Doc, { band, words }: Watermark, glyphs: readonly PlacedGlyph[]) {
  drawTurned(doc, band, band, () => {
    doc.fillColor(`#${band.color}`, band.opacity ?? 1);
    for (const glyph of glyphs) {
      doc.save();
      doc.transform(glyph.scale, 0, 0, -glyph.scale, glyph.x, glyph.y);
      doc.path(glyph.d).fill();
      doc.restore();
    }
  });
  drawText(doc, words);
}

/** Every face the slides draw text with, the built-in family's four always among them. */
function facesOf(slides: readonly RenderSlide[], extra: readonly TextElement[] = []): FontFace[] {
  const faces = new Set<FontFace>(FONT_WEIGHTS);
  const add = (text: TextElement) => {
    faces.add(faceOf(text.family, text.weight, text.italic));
    if (text.bulletFace) faces.add(text.bulletFace);
    for (const line of text.lines) for (const run of line.runs ?? []) faces.add(run.face);
  };
  for (const text of extra) add(text);
  for (const slide of slides) {
    for (const element of drawnElements(slide.elements)) {
      if (element.kind === 'text') add(element);
      if (element.kind === 'table')
        for (const row of element.rows) for (const cell of row) add(cell.text);
    }
  }
  return [...faces];
}

/** Deterministic document date: the presentation date, never the clock. */
function documentDate(date: string): Date {
  const parsed = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? new Date(0) : parsed;
}

/**
 * The deck as a PDF: 13.333 × 7.5 in pages, Inter embedded and subset, text selectable; the
 * watermark, when given, over every page.
 */
export function renderPdf(
  deck: Deck,
  slides: RenderSlide[],
  watermark?: Watermark,
): Promise<Buffer> {
  // The PNGs with transparency no document has split yet are split first (off the main thread),
  // so pdfkit finalizes each as a known one, in drawing order: a first deck's PDF is the next's.
  const pictures = slides.flatMap((slide) =>
    slide.elements.flatMap((element) => (element.kind === 'placed-image' ? [element.image] : [])),
  );
  const splitting = splitPictures(pictures, alphaSplits);
  return splitting
    ? splitting.then(() => writePdf(deck, slides, watermark))
    : writePdf(deck, slides, watermark);
}

function writePdf(deck: Deck, slides: RenderSlide[], watermark?: Watermark): Promise<Buffer> {
  const date = documentDate(deck.date);
  const doc = new PDFDocument({
    size: [SLIDE_WIDTH, SLIDE_HEIGHT],
    margin: 0,
    autoFirstPage: false,
    compress: true,
    // No Helvetica: pdfkit parses its metrics for every document and the engine never draws in
    // it. Its font id (F1) is left unused below, so the engine's faces keep theirs.
    font: null as unknown as string,
    info: {
      Title: deck.title,
      Author: deck.author,
      Subject: `Prepared for ${deck.clientName}`,
      Creator: `${deck.company} deck engine`,
      Producer: 'Deck Portal',
      CreationDate: date,
      ModDate: date,
    },
  });
  const internals = doc as unknown as PdfkitInternals & { _font?: unknown };
  if (internals._font === null && internals._fontCount === 0) internals._fontCount = 1;
  writeWithLess(doc);
  installFonts(doc, facesOf(slides, watermark ? [watermark.words] : []));
  const markGlyphs = watermark ? bandGlyphs(watermark.band) : [];
  // Each page's content deflated on the thread pool while the next pages are drawn.
  const done =
    deflateContentAside(doc) ??
    new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
    });
  const images = new Map<string, OpenedImage>();
  for (const slide of slides) {
    doc.addPage({ size: [SLIDE_WIDTH, SLIDE_HEIGHT], margin: 0 });
    writeContentAsText(doc);
    doc.rect(0, 0, SLIDE_WIDTH, SLIDE_HEIGHT).fillColor(`#${slide.background}`, 1).fill();
    for (const element of slide.elements) drawElement(doc, element, images);
    if (watermark) drawWatermark(doc, watermark, markGlyphs);
  }
  doc.end();
  return done;
}
