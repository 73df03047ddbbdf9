import {
  faceOf,
  getFont,
  shapeWord,
  underlineOf,
  type FontFace,
  type FontWeight,
} from '../layout/fonts.ts';
import {
  SLIDE_HEIGHT,
  SLIDE_WIDTH,
  type Box,
  type Shadow,
  type ShapeElement,
  type TextElement,
  type Turn,
} from '../layout/model.ts';
import { lineWithEnds } from '../layout/line-ends.ts';
import { gradientCircle, gradientLine } from './gradient.ts';
import type { RenderElement, RenderSlide } from './place-images.ts';
import { placePath, svgPathData } from './shape-path.ts';
import { tableGrid, tableLines } from './table-grid.ts';

const WEIGHT_PREFIX: Record<FontWeight, string> = {
  regular: 'r',
  medium: 'm',
  semibold: 's',
  bold: 'b',
};

/** The id prefix of a face's glyphs: `b` for the built-in bold, `font-3fa2-b` for a family's. */
function facePrefix(face: FontFace): string {
  const slash = face.lastIndexOf('/');
  if (slash === -1) return WEIGHT_PREFIX[face as FontWeight];
  const family = face.slice(0, slash).replace(/[^A-Za-z0-9-]/g, '');
  return `${family}-${WEIGHT_PREFIX[face.slice(slash + 1) as FontWeight]}`;
}

function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function n(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** The characters of glyph outlines kept between slides and decks at most. */
export const GLYPH_CHARACTERS_KEPT = 8_000_000;

// Each glyph's `<path>` definition by id ('' for a glyph without an outline, a space), built
// once: the same in every slide and deck. Bounded by size, so a long-running worker keeps its
// recent decks' glyphs (every glyph of a Chinese font would be some 35 M characters).
const glyphDefinitions = new Map<string, string>();
let glyphCharacters = 0;

function glyphDefinition(id: string, face: FontFace, glyphId: number): string {
  let definition = glyphDefinitions.get(id);
  if (definition === undefined) {
    const path = getFont(face).font.getGlyph(glyphId).path.toSVG();
    definition = path === '' ? '' : `<path id="${id}" d="${path}"/>`;
    if (glyphCharacters + definition.length > GLYPH_CHARACTERS_KEPT) {
      glyphDefinitions.clear();
      glyphCharacters = 0;
    }
    glyphDefinitions.set(id, definition);
    glyphCharacters += definition.length;
  }
  return definition;
}

/** The characters of glyph outlines kept now. */
export function keptGlyphCharacters(): number {
  return glyphCharacters;
}

// Each face's glyph ids (`b42`), built once: a deck's SVGs draw tens of thousands of glyphs.
const glyphIds = new Map<FontFace, { prefix: string; ids: Map<number, string> }>();

function glyphIdOf(face: FontFace, glyphId: number): string {
  let known = glyphIds.get(face);
  if (!known) {
    known = { prefix: facePrefix(face), ids: new Map() };
    glyphIds.set(face, known);
  }
  let id = known.ids.get(glyphId);
  if (id === undefined) {
    id = `${known.prefix}${glyphId}`;
    known.ids.set(glyphId, id);
  }
  return id;
}

/**
 * Draws text as glyph outlines from the bundled font, so every browser and rasteriser shows the
 * exact faces and line breaks of the PDF without the font installed; `aria-label` keeps the
 * words readable to assistive technology and to tests.
 */
class GlyphSet {
  private readonly used = new Map<string, string>();
  /** The glyphs used since recording started, in the order first used. */
  recording: Map<string, string> | undefined;

  /** Glyphs a text drawn before used, in its order, as though it were drawn again. */
  useAll(glyphs: readonly (readonly [id: string, definition: string])[]): void {
    for (const [id, definition] of glyphs) this.used.set(id, definition);
  }

  run(
    text: string,
    weight: FontFace,
    x: number,
    baseline: number,
    size: number,
    color: string,
  ): string {
    const { font } = getFont(weight);
    const scale = size / font.unitsPerEm;
    const space = shapeWord(' ', weight).advance;
    let out = `<g fill="#${color}" transform="translate(${n(x)} ${n(baseline)}) scale(${scale.toFixed(6)} ${(-scale).toFixed(6)})">`;
    let pen = 0;
    for (const word of text.split(' ')) {
      const shaped = shapeWord(word, weight);
      for (const glyph of shaped.glyphs) {
        const id = glyphIdOf(weight, glyph.id);
        const definition = glyphDefinition(id, weight, glyph.id);
        if (definition === '') continue;
        this.used.set(id, definition);
        this.recording?.set(id, definition);
        out += `<use href="#${id}" x="${Math.round(pen + glyph.x)}"`;
        out += glyph.y ? ` y="${Math.round(glyph.y)}"/>` : '/>';
      }
      pen += shaped.advance + space;
    }
    return `${out}</g>`;
  }

  defs(): string {
    let out = '';
    for (const definition of this.used.values()) out += definition;
    return out;
  }
}

/** A text's markup and the glyphs it uses, in the order it first uses them. */
interface DrawnText {
  markup: string;
  glyphs: (readonly [id: string, definition: string])[];
}

/** The characters of texts' markup kept between slides and decks at most. */
const TEXT_CHARACTERS_KEPT = 8_000_000;

// Texts' markup by the laid-out text (frozen, kept by the layout for the next deck: most of a
// deck's texts come back in the next), bounded by size.
let drawnTexts = new WeakMap<TextElement, DrawnText>();
let drawnCharacters = 0;

/** A text's markup: made once for a laid-out text the layout keeps, then taken as made. */
function drawText(element: TextElement, glyphs: GlyphSet): string {
  if (!Object.isFrozen(element)) return drawTextAnew(element, glyphs);
  const kept = drawnTexts.get(element);
  if (kept) {
    glyphs.useAll(kept.glyphs);
    return kept.markup;
  }
  const recording = new Map<string, string>();
  glyphs.recording = recording;
  let markup: string;
  try {
    markup = drawTextAnew(element, glyphs);
  } finally {
    glyphs.recording = undefined;
  }
  if (drawnCharacters + markup.length > TEXT_CHARACTERS_KEPT) {
    drawnTexts = new WeakMap();
    drawnCharacters = 0;
  }
  drawnTexts.set(element, { markup, glyphs: [...recording] });
  drawnCharacters += markup.length;
  return markup;
}

function drawTextAnew(element: TextElement, glyphs: GlyphSet): string {
  const parts: string[] = [];
  const face = faceOf(element.family, element.weight, element.italic);
  const underline = element.underline ? underlineOf(face) : undefined;
  for (const line of element.lines) {
    if (line.bulletX !== undefined) {
      parts.push(
        glyphs.run(
          line.label ?? element.bulletChar ?? '•',
          (line.label === undefined ? element.bulletFace : undefined) ?? face,
          line.bulletX,
          line.baseline,
          element.size * (element.bulletSize ?? 1),
          element.bulletColor ?? element.color,
        ),
      );
    }
    if (line.text !== '') {
      for (const run of line.runs ?? [{ text: line.text, face, x: line.x }]) {
        const look = run.look;
        const baseline = line.baseline - (look?.rise ?? 0);
        const size = look?.size ?? element.size;
        const color = look?.color ?? element.color;
        parts.push(glyphs.run(run.text, run.face, run.x, baseline, size, color));
        if (look?.underline) {
          const { offset, thickness } = underlineOf(run.face);
          const width = shapeWord(run.text, run.face).width * size;
          parts.push(
            `<rect x="${n(run.x)}" y="${n(baseline + offset * size)}" width="${n(width)}" height="${n(thickness * size)}" fill="#${color}"/>`,
          );
        }
      }
      // A line of styled words underlines run by run.
      if (underline && !line.runs?.[0]?.look) {
        const y = line.baseline + underline.offset * element.size;
        const h = underline.thickness * element.size;
        parts.push(
          `<rect x="${n(line.x)}" y="${n(y)}" width="${n(line.width)}" height="${n(h)}" fill="#${element.color}"/>`,
        );
      }
    }
  }
  if (parts.length === 0) return '';
  // A tab reads as the gap it leaves.
  const label = escapeXml(element.paragraphs.join('\n').replaceAll('\t', ' '));
  const opacity = element.opacity !== undefined ? ` opacity="${n(element.opacity)}"` : '';
  return `<g role="img" aria-label="${label}"${opacity}${turnTransform(element, element)}>${parts.join('')}</g>`;
}

/** An element's rotation and flips about its box's centre as an SVG transform (flips first). */
function turnTransform(box: Box, turn: Turn): string {
  const cx = n(box.x + box.w / 2);
  const cy = n(box.y + box.h / 2);
  const steps: string[] = [];
  if (turn.rotation) steps.push(`rotate(${n(turn.rotation)} ${cx} ${cy})`);
  if (turn.flipH || turn.flipV) {
    steps.push(
      `translate(${cx} ${cy}) scale(${turn.flipH ? -1 : 1} ${turn.flipV ? -1 : 1}) translate(-${cx} -${cy})`,
    );
  }
  return steps.length > 0 ? ` transform="${steps.join(' ')}"` : '';
}

/** A shape's gradient as an SVG definition, and the paint that names it. */
function gradientPaint(element: ShapeElement, id: string) {
  const gradient = element.gradient;
  if (!gradient) return { defs: '', paint: paint(element) };
  const stops = gradient.stops
    .map(
      (stop) =>
        `<stop offset="${n(stop.at)}" stop-color="#${stop.color}"${stop.opacity < 1 ? ` stop-opacity="${n(stop.opacity)}"` : ''}/>`,
    )
    .join('');
  let definition: string;
  if (gradient.kind === 'radial') {
    const circle = gradientCircle(element, gradient.cx, gradient.cy);
    definition = `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${n(circle.x)}" cy="${n(circle.y)}" r="${n(circle.r)}">${stops}</radialGradient>`;
  } else {
    const line = gradientLine(element, gradient.angle);
    definition = `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${n(line.x1)}" y1="${n(line.y1)}" x2="${n(line.x2)}" y2="${n(line.y2)}">${stops}</linearGradient>`;
  }
  const defs = `<defs>${definition}</defs>`;
  return {
    defs,
    paint: paint({ ...element, fill: undefined }).replace(' fill="none"', ` fill="url(#${id})"`),
  };
}

function drawElement(element: RenderElement, glyphs: GlyphSet, clipIds: { next: number }): string {
  switch (element.kind) {
    case 'rect':
    case 'path':
    case 'ellipse': {
      const gradientPainted = gradientPaint(
        element,
        element.gradient ? `gradient${clipIds.next++}` : '',
      );
      const { defs } = gradientPainted;
      const painted = turnTransform(element, element) + gradientPainted.paint;
      let drawn: string;
      if (element.kind === 'rect') {
        const radius = element.radius ? ` rx="${n(element.radius)}"` : '';
        drawn = `<rect x="${n(element.x)}" y="${n(element.y)}" width="${n(element.w)}" height="${n(element.h)}"${radius}${painted}/>`;
      } else if (element.kind === 'path') {
        drawn = `<path d="${svgPathData(placePath(element.path ?? '', element))}"${painted}/>`;
      } else {
        drawn = `<ellipse cx="${n(element.x + element.w / 2)}" cy="${n(element.y + element.h / 2)}" rx="${n(element.w / 2)}" ry="${n(element.h / 2)}"${painted}/>`;
      }
      return `${defs}${withShadow(drawn, element.shadow, clipIds)}`;
    }
    case 'line': {
      const { shaft, marks } = lineWithEnds(element);
      const [x1, y1, x2, y2] = shaft;
      const dash = element.dash
        ? ` stroke-dasharray="${n(element.width * 4)} ${n(element.width * 3)}"`
        : '';
      const color = `#${element.color}`;
      const drawnMarks = marks.map((mark) => {
        if (mark.kind === 'dot') {
          return `<circle cx="${n(mark.cx)}" cy="${n(mark.cy)}" r="${n(mark.r)}" fill="${color}"/>`;
        }
        const points = mark.points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ');
        return mark.kind === 'fill'
          ? `<polygon points="${points}" fill="${color}"/>`
          : `<polyline points="${points}" fill="none" stroke="${color}" stroke-width="${n(element.width)}"/>`;
      });
      const drawn = `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${color}" stroke-width="${n(element.width)}"${dash}/>${drawnMarks.join('')}`;
      // A see-through line is one group, so where its marks cross its stretch is not darker.
      return element.opacity !== undefined && element.opacity < 1
        ? `<g opacity="${n(element.opacity)}">${drawn}</g>`
        : drawn;
    }
    case 'text':
      return drawText(element, glyphs);
    case 'table': {
      const parts: string[] = [];
      for (const { fills, ruleY } of tableGrid(element)) {
        for (const c of fills) {
          parts.push(
            `<rect x="${n(c.x)}" y="${n(c.y)}" width="${n(c.w)}" height="${n(c.h)}" fill="#${c.fill}"/>`,
          );
        }
        if (ruleY === undefined) continue;
        parts.push(
          `<line x1="${n(element.x)}" y1="${n(ruleY)}" x2="${n(element.x + element.w)}" y2="${n(ruleY)}" stroke="#${element.borderColor}" stroke-width="0.75"/>`,
        );
      }
      for (const l of tableLines(element)) {
        parts.push(
          `<line x1="${n(l.x1)}" y1="${n(l.y1)}" x2="${n(l.x2)}" y2="${n(l.y2)}" stroke="#${l.color}" stroke-width="${n(l.width)}"/>`,
        );
      }
      for (const row of element.rows)
        for (const cell of row) parts.push(drawText(cell.text, glyphs));
      return `<g>${parts.join('')}</g>`;
    }
    case 'chart':
      return `<g>${element.parts.map((part) => drawElement(part, glyphs, clipIds)).join('')}</g>`;
    case 'placed-image': {
      const id = `clip${clipIds.next++}`;
      const f = element.frame;
      const data = dataAddress(element.image);
      const drawn =
        `<clipPath id="${id}"><rect x="${n(f.x)}" y="${n(f.y)}" width="${n(f.w)}" height="${n(f.h)}"/></clipPath>` +
        `<image clip-path="url(#${id})" x="${n(element.x)}" y="${n(element.y)}" width="${n(element.w)}" height="${n(element.h)}" preserveAspectRatio="none" href="${data}"><title>${escapeXml(element.alt)}</title></image>`;
      // Turned about its frame's centre, clip and all.
      const turn = turnTransform(f, element);
      return withShadow(turn ? `<g${turn}>${drawn}</g>` : drawn, element.shadow, clipIds);
    }
  }
}

// Pictures as data addresses, by picture hash: the same pictures come back deck after deck.
const dataAddresses = new Map<string, string>();
let dataAddressChars = 0;

function dataAddress(image: { hash: string; mime: string; data: Buffer }): string {
  let address = dataAddresses.get(image.hash);
  if (address === undefined) {
    address = `data:${image.mime};base64,${image.data.toString('base64')}`;
    // Bounded by size, so a long-running worker keeps its recent decks' pictures only.
    if (dataAddressChars + address.length > 32_000_000) {
      dataAddresses.clear();
      dataAddressChars = 0;
    }
    dataAddresses.set(image.hash, address);
    dataAddressChars += address.length;
  }
  return address;
}

/**
 * What is drawn, casting its shadow: the shadow falls on the page (outside any turn of what
 * casts it), from its drawn silhouette, with a filter that covers the slide.
 */
function withShadow(drawn: string, shadow: Shadow | undefined, clipIds: { next: number }) {
  if (!shadow) return drawn;
  const { color, opacity, blur, dx, dy } = shadow;
  const id = `shadow${clipIds.next++}`;
  const filter =
    `<filter id="${id}" filterUnits="userSpaceOnUse" x="-200" y="-200" width="${SLIDE_WIDTH + 400}" height="${SLIDE_HEIGHT + 400}" color-interpolation-filters="sRGB">` +
    `<feDropShadow dx="${n(dx)}" dy="${n(dy)}" stdDeviation="${n(blur / 2)}" flood-color="#${color}" flood-opacity="${n(opacity)}"/></filter>`;
  return `<defs>${filter}</defs><g filter="url(#${id})">${drawn}</g>`;
}

function paint(element: {
  fill?: string;
  fillOpacity?: number;
  stroke?: { color: string; width: number; dash?: boolean; opacity?: number };
}): string {
  let out = element.fill ? ` fill="#${element.fill}"` : ' fill="none"';
  if (element.fill && element.fillOpacity !== undefined && element.fillOpacity < 1) {
    out += ` fill-opacity="${element.fillOpacity}"`;
  }
  if (element.stroke) {
    out += ` stroke="#${element.stroke.color}" stroke-width="${n(element.stroke.width)}"`;
    if (element.stroke.opacity !== undefined && element.stroke.opacity < 1) {
      out += ` stroke-opacity="${n(element.stroke.opacity)}"`;
    }
    if (element.stroke.dash)
      out += ` stroke-dasharray="${n(element.stroke.width * 4)} ${n(element.stroke.width * 3)}"`;
  }
  return out;
}

/**
 * One slide as a standalone SVG document (1280 × 720 px for a 960 × 540 pt slide), with the
 * watermark's band drawn over it when given (its glyphs and `aria-label` like any text's).
 */
export function renderSlideSvg(slide: RenderSlide, watermark?: TextElement): string {
  const glyphs = new GlyphSet();
  const clipIds = { next: 0 };
  let body = slide.elements.map((element) => drawElement(element, glyphs, clipIds)).join('');
  if (watermark) body += drawText(watermark, glyphs);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SLIDE_WIDTH} ${SLIDE_HEIGHT}" width="1280" height="720" role="img" aria-label="${escapeXml(slide.title)}">` +
    `<title>${escapeXml(slide.title)}</title>` +
    `<defs>${glyphs.defs()}</defs>` +
    `<rect width="${SLIDE_WIDTH}" height="${SLIDE_HEIGHT}" fill="#${slide.background}"/>` +
    body +
    '</svg>'
  );
}
