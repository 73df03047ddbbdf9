import { DRAWINGML_TAB_ALIGNMENTS, type TabStop } from '../../layout/tab-stops.ts';
import { drawnElements, type Gradient } from '../../layout/model.ts';
import { wingdingsLetterOf } from '../../ooxml/symbol-fonts.ts';
import { EMU_PER_POINT } from '../../ooxml/units.ts';
import type { RenderSlide } from '../place-images.ts';

// What neither writer writes in a slide's XML, put in by the normalising pass's slide rewrite:
// gradients, bullets' own colours and sizes, tab stops, Wingdings bullets. A shape needing one
// is given a name of its own when it is added, and its XML is rewritten by that name.

/** A gradient as DrawingML: its stops, then its direction (`a:lin`) or its centre (`a:path`). */
function gradientFillXml(gradient: Gradient): string {
  const stops = gradient.stops
    .map((stop) => {
      const alpha =
        stop.opacity < 1 ? `<a:alpha val="${Math.round(stop.opacity * 100_000)}"/>` : '';
      return `<a:gs pos="${Math.round(stop.at * 100_000)}"><a:srgbClr val="${stop.color}">${alpha}</a:srgbClr></a:gs>`;
    })
    .join('');
  const shade =
    gradient.kind === 'radial'
      ? `<a:path path="circle"><a:fillToRect l="${Math.round(gradient.cx * 100_000)}" t="${Math.round(gradient.cy * 100_000)}" r="${Math.round((1 - gradient.cx) * 100_000)}" b="${Math.round((1 - gradient.cy) * 100_000)}"/></a:path>`
      : `<a:lin ang="${Math.round(gradient.angle * 60_000)}" scaled="0"/>`;
  return `<a:gradFill rotWithShape="1"><a:gsLst>${stops}</a:gsLst>${shade}</a:gradFill>`;
}

/** What a text's paragraphs have that pptxgenjs cannot write. */
export interface TextLook {
  /** The bullets' colour and size, when not the text's. */
  bulletColor?: string;
  bulletSize?: number;
  /** No hanging indent: PowerPoint sets the first word just after the bullet, later lines under it. */
  wrapUnderBullet?: boolean;
  tabStops?: readonly TabStop[];
  tabSize?: number;
}

/** What pptxgenjs cannot write, by the name given to the shape it belongs to. */
export interface NamedLooks {
  gradients: Map<string, Gradient>;
  texts: Map<string, TextLook>;
}

/** Each shape of a slide named in `looks`, rewritten with its look. */
function rewriteNamedShapes<T>(
  xml: string,
  looks: ReadonlyMap<string, T>,
  rewrite: (shape: string, look: T) => string,
): string {
  if (looks.size === 0) return xml;
  return xml.replace(/<p:sp>[\s\S]*?<\/p:sp>/g, (shape) => {
    const name = /<p:cNvPr id="\d+" name="([^"]*)"/.exec(shape)?.[1];
    const look = name === undefined ? undefined : looks.get(name);
    return look === undefined ? shape : rewrite(shape, look);
  });
}

/**
 * pptxgenjs writes no gradients: a gradient shape is written with its stand-in colour and a
 * name of its own, and that colour is swapped for the gradient in the slide's XML.
 */
export function fillGradients(xml: string, gradients: ReadonlyMap<string, Gradient>): string {
  return rewriteNamedShapes(xml, gradients, (shape, gradient) =>
    shape.replace(/<p:spPr>[\s\S]*?<\/p:spPr>/, (properties) =>
      properties.replace(/<a:solidFill>[\s\S]*?<\/a:solidFill>/, gradientFillXml(gradient)),
    ),
  );
}

/**
 * A text's bullets in their colour and size (pptxgenjs writes each bullet at 100 %), without the
 * hanging indent pptxgenjs gives every bulleted paragraph where the text has none, and each of
 * its paragraphs with the text's tab stops.
 */
export function lookOfTexts(xml: string, texts: ReadonlyMap<string, TextLook>): string {
  return rewriteNamedShapes(xml, texts, (shape, look) => {
    const color = look.bulletColor
      ? `<a:buClr><a:srgbClr val="${look.bulletColor}"/></a:buClr>`
      : '';
    const size = `<a:buSzPct val="${Math.round((look.bulletSize ?? 1) * 100_000)}"/>`;
    let out =
      look.bulletColor !== undefined || look.bulletSize !== undefined
        ? shape.replaceAll('<a:buSzPct val="100000"/>', color + size)
        : shape;
    if (look.wrapUnderBullet)
      out = out.replace(/ marL="\d+" indent="-\d+"/g, ' marL="0" indent="0"');
    return look.tabStops || look.tabSize !== undefined ? withTabStops(out, look) : out;
  });
}

/**
 * Every paragraph of a shape with its text's tab stops (`a:tabLst`, after the bullet, as the
 * schema orders a paragraph's properties) and the default stops' distance (`defTabSz`).
 */
function withTabStops(shape: string, look: TextLook): string {
  const emu = (points: number) => Math.round(points * EMU_PER_POINT);
  const tabs = look.tabStops?.length
    ? `<a:tabLst>${look.tabStops
        .map(
          (stop) => `<a:tab pos="${emu(stop.at)}" algn="${DRAWINGML_TAB_ALIGNMENTS[stop.align]}"/>`,
        )
        .join('')}</a:tabLst>`
    : '';
  const size = look.tabSize !== undefined ? ` defTabSz="${emu(look.tabSize)}"` : '';
  return shape.replace(/<a:p>([\s\S]*?)<\/a:p>/g, (_, body: string) => {
    const properties = /^<a:pPr([^>]*?)(?:\/>|>([\s\S]*?)<\/a:pPr>)/.exec(body);
    if (!properties) return `<a:p><a:pPr${size}>${tabs}</a:pPr>${body}</a:p>`;
    const [whole, attrs, children = ''] = properties;
    // a:tabLst comes before the paragraph's default run properties.
    const at = children.indexOf('<a:defRPr');
    const inner = at < 0 ? children + tabs : children.slice(0, at) + tabs + children.slice(at);
    // An indent of 0 is the text box's own; LibreOffice ignores the stops of a paragraph that
    // names one.
    const own = tabs ? attrs!.replace(' indent="0"', '') : attrs!;
    return `<a:p><a:pPr${own}${size}>${inner}</a:pPr>${body.slice(whole.length)}</a:p>`;
  });
}

/**
 * The bullets drawn from a fallback family (no text font has them) that Wingdings draws, each
 * with its Wingdings letter: PowerPoint shows them in Wingdings, as the file they came from did.
 */
export function wingdingsBulletsOf(slides: readonly RenderSlide[]): Map<string, string> {
  const bullets = new Map<string, string>();
  for (const slide of slides) {
    for (const element of drawnElements(slide.elements)) {
      if (element.kind !== 'text' || !element.bulletFace || !element.bulletChar) continue;
      const letter = wingdingsLetterOf(element.bulletChar);
      if (letter) bullets.set(element.bulletChar, letter);
    }
  }
  return bullets;
}

/**
 * A slide's bullets of those in Wingdings (pptxgenjs writes a bullet with no font of its own).
 * Wingdings' letters are plain Latin ones, nothing XML escapes.
 */
export function inWingdings(xml: string, bullets: ReadonlyMap<string, string>): string {
  if (bullets.size === 0) return xml;
  return xml.replace(/<a:buChar char="&#x([0-9A-Fa-f]+);"\/>/g, (written, hex: string) => {
    const letter = bullets.get(String.fromCodePoint(Number.parseInt(hex, 16)));
    return letter
      ? `<a:buFont typeface="Wingdings" pitchFamily="2" charset="2"/><a:buChar char="${letter}"/>`
      : written;
  });
}
