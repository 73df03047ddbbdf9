import { inchesToEmu, pointsToEmu, writeColor, writeSolidFill } from './markup.ts';
import type { PartWriter } from './part-writer.ts';

/**
 * A text's options as `render-pptx.ts` builds them for a text box, a run or a table cell: the
 * pptxgenjs 4.0.1 option names (`TextPropsOptions`), which the direct writer reads as pptxgenjs
 * reads them, so the two write the same bytes (ADR 059).
 */
export interface TextOptions {
  align?: string;
  valign?: string;
  lineSpacing?: number | null;
  lineSpacingMultiple?: number | null;
  indentLevel?: number;
  paraSpaceBefore?: number;
  paraSpaceAfter?: number;
  bullet?: boolean | BulletOptions;
  rtlMode?: boolean;
  tabStops?: { position?: number; alignment?: string }[];
  breakLine?: boolean;
  softBreakBefore?: boolean;
  lang?: string;
  fontSize?: number;
  fontFace?: string;
  bold?: boolean;
  italic?: boolean;
  underline?: { style?: string; color?: string } | string | boolean;
  strike?: boolean | string;
  subscript?: boolean;
  superscript?: boolean;
  baseline?: number;
  charSpacing?: number;
  color?: string;
  transparency?: number;
  highlight?: string;
  hyperlink?: Hyperlink;
  h?: number;
  line?: unknown;
  [key: string]: unknown;
}

export interface BulletOptions {
  type?: string;
  style?: string;
  numberType?: string;
  numberStartAt?: number;
  startAt?: number;
  indent?: number;
  characterCode?: string;
  code?: string;
}

export interface Hyperlink {
  url?: string;
  slide?: number;
  tooltip?: string;
}

/** A run of text and its options, as handed to `addText` or put in a table cell. */
export interface TextPiece {
  text: string;
  options?: TextOptions | null;
}

/** What a text body needs of its slide: each link's relationship id. */
export interface LinkIds {
  idOf(link: Hyperlink): number | undefined;
}

interface Item {
  text: string;
  options: TextOptions;
}

export const DEFAULT_BULLET = '&#x2022;';

/** What a text box's `a:bodyPr` reads of its options (pptxgenjs's names). */
export interface BodyOptions {
  margin?: number | number[];
  wrap?: boolean;
  valign?: string;
  vert?: string;
  fit?: string;
}

/**
 * A text body (`p:txBody` of a shape, `a:txBody` of a table cell), its paragraphs and runs as
 * pptxgenjs writes them: its pieces grouped into paragraphs (a break after a piece with
 * `breakLine`, a new paragraph where the alignment changes), each piece writing its paragraph's
 * properties (pptxgenjs writes an `a:pPr` before each run of a paragraph, of which the
 * normalising pass keeps the first: only the first is written here), each run reading an option
 * it lacks from the box's. A shape's body has the box's `a:bodyPr`, a cell's an empty one.
 */
export function textBody(
  w: PartWriter,
  isCell: boolean,
  text: string | readonly TextPiece[],
  box: TextOptions & BodyOptions,
  links: LinkIds,
): void {
  if (isCell) w.raw('<a:txBody><a:bodyPr/>');
  else bodyProperties(w.raw('<p:txBody>'), box);
  // pptxgenjs's list style for a line shape with aligned text.
  w.raw(
    box.h === 0 && box.line && box.align
      ? '<a:lstStyle><a:lvl1pPr algn="l"/></a:lstStyle>'
      : '<a:lstStyle/>',
  );
  const items: Item[] = [];
  const pieces: readonly TextPiece[] = typeof text === 'string' ? [{ text, options: box }] : text;
  pieces.forEach((piece, idx) => {
    let value = piece.text || '';
    const options = piece.options || box;
    if (idx === 0 && !options.bullet && box.bullet) options.bullet = box.bullet;
    if (value.includes('\n')) value = value.replace(/\r*\n/g, '\r\n');
    // A piece with line breaks is a piece per line, each ending its paragraph (unless the text
    // ends with a break: then pptxgenjs keeps it whole).
    if (value.includes('\r\n') && !value.endsWith('\n')) {
      for (const line of value.split('\r\n')) {
        options.breakLine = true;
        items.push({ text: line, options });
      }
    } else {
      items.push({ text: value, options });
    }
  });

  const lines: Item[][] = [];
  let current: Item[] = [];
  items.forEach((item, idx) => {
    if (current.length > 0 && (item.options.align || box.align)) {
      // A new paragraph where the alignment changes.
      if (item.options.align !== items[idx - 1]!.options.align) {
        lines.push(current);
        current = [];
      }
    } else if (current.length > 0 && item.options.bullet) {
      lines.push(current);
      current = [];
      item.options.breakLine = false;
    }
    current.push(item);
    if (item.options.breakLine && idx + 1 < items.length) {
      lines.push(current);
      current = [];
    }
    if (idx + 1 === items.length) lines.push(current);
  });

  for (const line of lines) {
    let closesWithSize = false;
    // pptxgenjs writes a piece's paragraph properties before each of its runs, and the
    // normalising pass keeps a paragraph's first non-empty one: only that one is written.
    let hasProperties = false;
    w.raw('<a:p>');
    for (let idx = 0; idx < line.length; idx += 1) {
      const item = line[idx]!;
      const own = item.options;
      if (idx > 0 && own.softBreakBefore) w.raw('<a:br/>');
      if (!hasProperties) {
        const at = w.size;
        paragraphProperties(w, own, box);
        // `<a:pPr></a:pPr>` (a bullet of a type other than a number's) is not kept.
        if (w.size - at === EMPTY_PARAGRAPH_PROPERTIES.length) w.truncate(at);
        else hasProperties = true;
      }
      if (item.text) {
        runProperties(w.raw('<a:r>'), own, box, links);
        w.raw('<a:t>').escaped(item.text).raw('</a:t></a:r>');
      }
      const fontSize = own.fontSize || box.fontSize;
      if ((!item.text && box.fontSize) || fontSize) {
        closesWithSize = true;
        // pptxgenjs keeps a run's size for the paragraphs' ends when the box has none.
        if (!box.fontSize) box.fontSize = fontSize;
      }
    }
    w.raw('<a:endParaRPr lang="')
      .raw(box.lang || 'en-US')
      .raw('"');
    if (box.fontSize && ((isCell && (box.fontSize || box.fontFace)) || closesWithSize)) {
      w.raw(' sz="')
        .number(Math.round(box.fontSize * 100))
        .raw('"');
    }
    if (isCell && box.fontFace) {
      const face = box.fontFace;
      w.raw(' dirty="0"><a:latin typeface="').raw(face).raw('" charset="0"/><a:ea typeface="');
      w.raw(face).raw('" charset="0"/><a:cs typeface="').raw(face);
      w.raw('" charset="0"/></a:endParaRPr></a:p>');
    } else {
      w.raw(' dirty="0"/></a:p>');
    }
  }
  if (lines.length === 0) w.raw('<a:p><a:endParaRPr/></a:p>');
  w.raw(isCell ? '</a:txBody>' : '</p:txBody>');
}

/** A text box's `a:bodyPr`: wrapping, insets, anchor, autofit (pptxgenjs's order). */
function bodyProperties(w: PartWriter, options: BodyOptions): void {
  w.raw(options.wrap === false ? '<a:bodyPr wrap="none"' : '<a:bodyPr wrap="square"');
  const margin = options.margin;
  if (Array.isArray(margin)) {
    // pptxgenjs reads an array of margins as left, right, bottom, top.
    w.raw(' lIns="').number(pointsToEmu(margin[0] || 0));
    w.raw('" tIns="').number(pointsToEmu(margin[3] || 0));
    w.raw('" rIns="').number(pointsToEmu(margin[1] || 0));
    w.raw('" bIns="')
      .number(pointsToEmu(margin[2] || 0))
      .raw('"');
  } else if (typeof margin === 'number') {
    const inset = pointsToEmu(margin);
    w.raw(' lIns="').number(inset).raw('" tIns="').number(inset);
    w.raw('" rIns="').number(inset).raw('" bIns="').number(inset).raw('"');
  }
  const valign = options.valign || '';
  // The first letter, either case, as pptxgenjs reads it from the lower-cased name.
  const first = valign.charCodeAt(0) | 0x20;
  w.raw(
    first === 0x62 // b
      ? ' rtlCol="0" anchor="b"'
      : first === 0x6d // m
        ? ' rtlCol="0" anchor="ctr"'
        : first === 0x74 // t
          ? ' rtlCol="0" anchor="t"'
          : ' rtlCol="0" anchor="ctr"',
  );
  if (options.vert) w.raw(' vert="').raw(options.vert).raw('"');
  w.raw('>');
  if (options.fit === 'shrink') w.raw('<a:normAutofit/>');
  else if (options.fit === 'resize') w.raw('<a:spAutoFit/>');
  w.raw('</a:bodyPr>');
}

const EMPTY_PARAGRAPH_PROPERTIES = '<a:pPr></a:pPr>';

export const ALIGNMENTS: Readonly<Record<string, string>> = {
  left: ' algn="l"',
  right: ' algn="r"',
  center: ' algn="ctr"',
  justify: ' algn="just"',
};

/**
 * A piece's paragraph properties: its own bullet, direction and tab stops, and the alignment,
 * spacing and level it has or its box has (pptxgenjs's `genXmlParagraphProperties`).
 */
function paragraphProperties(w: PartWriter, own: TextOptions, box: TextOptions): void {
  const align = own.align || box.align;
  const lineSpacing = own.lineSpacing || box.lineSpacing;
  const lineSpacingMultiple = own.lineSpacingMultiple || box.lineSpacingMultiple;
  const level = own.indentLevel || box.indentLevel;
  const before = own.paraSpaceBefore || box.paraSpaceBefore;
  const after = own.paraSpaceAfter || box.paraSpaceAfter;
  w.raw(own.rtlMode ? '<a:pPr rtl="1" ' : '<a:pPr');
  if (align) w.raw(ALIGNMENTS[align] ?? '');
  const hasLevel = level && !Number.isNaN(Number(level)) && level > 0;
  if (hasLevel) w.raw(' lvl="').number(level).raw('"');
  const bullet = own.bullet;
  // A bullet's margin and hanging indent (27 pt unless the bullet says), its level's steps.
  const margin =
    typeof bullet === 'object' && bullet?.indent ? pointsToEmu(bullet.indent) : 342_900;
  // What follows the spacing: the bullet's own elements.
  let kind: 'number' | 'char' | 'none' | undefined;
  let code: string | undefined;
  if (typeof bullet === 'object' && bullet !== null) {
    if (bullet.type) {
      if (bullet.type.toString().toLowerCase() === 'number') kind = 'number';
    } else {
      kind = 'char';
      code = bullet.characterCode || bullet.code;
    }
  } else if (bullet) {
    kind = 'char';
  } else {
    kind = 'none';
  }
  if (kind === 'none') w.raw(' indent="0" marL="0"');
  else if (kind) {
    w.raw(' marL="').number(hasLevel ? margin + margin * level : margin);
    w.raw('" indent="-').number(margin).raw('"');
  }
  w.raw('>');
  if (lineSpacing) {
    w.raw('<a:lnSpc><a:spcPts val="').number(Math.round(lineSpacing * 100));
    w.raw('"/></a:lnSpc>');
  } else if (lineSpacingMultiple) {
    w.raw('<a:lnSpc><a:spcPct val="').number(Math.round(lineSpacingMultiple * 100_000));
    w.raw('"/></a:lnSpc>');
  }
  if (before && !Number.isNaN(Number(before)) && before > 0) {
    w.raw('<a:spcBef><a:spcPts val="').number(Math.round(before * 100));
    w.raw('"/></a:spcBef>');
  }
  if (after && !Number.isNaN(Number(after)) && after > 0) {
    w.raw('<a:spcAft><a:spcPts val="').number(Math.round(after * 100));
    w.raw('"/></a:spcAft>');
  }
  if (kind === 'number') {
    const numbered = bullet as BulletOptions;
    w.raw('<a:buSzPct val="100000"/><a:buFont typeface="+mj-lt"/><a:buAutoNum type="');
    w.raw(numbered.style || 'arabicPeriod').raw('" startAt="');
    w.value(numbered.numberStartAt || numbered.startAt || '1').raw('"/>');
  } else if (kind === 'char') {
    w.raw('<a:buSzPct val="100000"/><a:buChar char="');
    if (code && /^[0-9A-Fa-f]{4}$/.test(code)) w.raw('&#x').raw(code).raw(';');
    else w.raw(DEFAULT_BULLET);
    w.raw('"/>');
  } else if (kind === 'none') {
    w.raw('<a:buNone/>');
  }
  if (Array.isArray(own.tabStops)) {
    w.raw('<a:tabLst>');
    for (const stop of own.tabStops) {
      w.raw('<a:tab pos="').number(inchesToEmu(stop.position || 1));
      w.raw('" algn="')
        .raw(stop.alignment || 'l')
        .raw('"/>');
    }
    w.raw('</a:tabLst>');
  }
  w.raw('</a:pPr>');
}

const fonts = new Map<string, string>();

/** A run's Latin, East Asian and complex-script font (kept: a deck has a few). */
export function fontElements(face: string): string {
  let xml = fonts.get(face);
  if (xml === undefined) {
    // pptxgenjs writes the font's name as it is, unescaped.
    xml =
      `<a:latin typeface="${face}" pitchFamily="34" charset="0"/>` +
      `<a:ea typeface="${face}" pitchFamily="34" charset="-122"/>` +
      `<a:cs typeface="${face}" pitchFamily="34" charset="-120"/>`;
    if (fonts.size >= 64) fonts.clear();
    fonts.set(face, xml);
  }
  return xml;
}

/**
 * A run's properties: each option it has, else its box's (pptxgenjs copies the box's options
 * into the run; a linked run takes no colour from its box).
 */
function runProperties(w: PartWriter, own: TextOptions, box: TextOptions, links: LinkIds): void {
  // Each option its own, else its box's (no closure: this runs for every run of a deck).
  const lang = own.lang || box.lang;
  const fontSize = own.fontSize || box.fontSize;
  const underline = own.underline || box.underline;
  const hyperlink = own.hyperlink || box.hyperlink;
  const strike = own.strike || box.strike;
  const baseline = own.baseline || box.baseline;
  const charSpacing = own.charSpacing || box.charSpacing;
  const color = own.color || (own.hyperlink ? own.color : box.color);
  const fontFace = own.fontFace || box.fontFace;
  const highlight = own.highlight || box.highlight;
  if (lang) w.raw('<a:rPr lang="').raw(lang).raw('" altLang="en-US"');
  else w.raw('<a:rPr lang="en-US"');
  if (fontSize)
    w.raw(' sz="')
      .number(Math.round(fontSize * 100))
      .raw('"');
  if (own.bold || box.bold) w.raw(' b="1"');
  if (own.italic || box.italic) w.raw(' i="1"');
  if (strike)
    w.raw(' strike="')
      .raw(typeof strike === 'string' ? strike : 'sngStrike')
      .raw('"');
  if (typeof underline === 'object' && underline?.style) {
    w.raw(' u="').raw(underline.style).raw('"');
  } else if (typeof underline === 'string') w.raw(' u="').raw(underline).raw('"');
  else if (hyperlink) w.raw(' u="sng"');
  if (baseline)
    w.raw(' baseline="')
      .number(Math.round(baseline * 50))
      .raw('"');
  else if (own.subscript || box.subscript) w.raw(' baseline="-40000"');
  else if (own.superscript || box.superscript) w.raw(' baseline="30000"');
  if (charSpacing)
    w.raw(' spc="')
      .number(Math.round(charSpacing * 100))
      .raw('" kern="0"');
  w.raw(' dirty="0">');
  const underlineColor = typeof underline === 'object' ? underline?.color : undefined;
  if (color || fontFace || underlineColor) {
    if (color) writeSolidFill(w, color, own.transparency || box.transparency);
    if (highlight) writeColor(w.raw('<a:highlight>'), highlight).raw('</a:highlight>');
    if (underlineColor) writeSolidFill(w.raw('<a:uFill>'), underlineColor).raw('</a:uFill>');
    if (fontFace) w.raw(fontElements(fontFace));
  }
  if (hyperlink) {
    const id = links.idOf(hyperlink);
    if (hyperlink.url) {
      w.raw('<a:hlinkClick r:id="rId').value(String(id));
      w.raw('" invalidUrl="" action="" tgtFrame="" tooltip="').escaped(hyperlink.tooltip);
      w.raw('" history="1" highlightClick="0" endSnd="0"').raw(color ? '>' : '/>');
    } else if (hyperlink.slide) {
      w.raw('<a:hlinkClick r:id="rId').value(String(id));
      w.raw('" action="ppaction://hlinksldjump" tooltip="').escaped(hyperlink.tooltip);
      w.raw('"').raw(color ? '>' : '/>');
    }
    if (color) {
      w.raw(
        ' <a:extLst>  <a:ext uri="{A12FA001-AC4F-418D-AE19-62706E023703}">' +
          '   <ahyp:hlinkClr xmlns:ahyp="http://schemas.microsoft.com/office/drawing/2018/hyperlinkcolor" val="tx"/>' +
          '  </a:ext> </a:extLst></a:hlinkClick>',
      );
    }
  }
  w.raw('</a:rPr>');
}
