import { colorElement, escapeXml, inchesToEmu, pointsToEmu, solidFill } from './markup.ts';

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

const DEFAULT_BULLET = '&#x2022;';

/**
 * A text body (`p:txBody` of a shape, `a:txBody` of a table cell), its paragraphs and runs as
 * pptxgenjs writes them: its pieces grouped into paragraphs (a break after a piece with
 * `breakLine`, a new paragraph where the alignment changes), each piece writing its paragraph's
 * properties (pptxgenjs writes an `a:pPr` before each run of a paragraph, of which the
 * normalising pass keeps the first: only the first is written here), each run reading an option
 * it lacks from the box's.
 */
export function textBody(
  isCell: boolean,
  text: string | readonly TextPiece[],
  box: TextOptions,
  bodyProperties: string,
  links: LinkIds,
): string {
  let xml = isCell ? '<a:txBody>' : '<p:txBody>';
  xml += bodyProperties;
  // pptxgenjs's list style for a line shape with aligned text.
  xml +=
    box.h === 0 && box.line && box.align
      ? '<a:lstStyle><a:lvl1pPr algn="l"/></a:lstStyle>'
      : '<a:lstStyle/>';
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
    // normalising pass keeps a paragraph's first: only that one is written.
    let hasProperties = false;
    xml += '<a:p>';
    line.forEach((item, idx) => {
      const own = item.options;
      if (idx > 0 && own.softBreakBefore) xml += '<a:br/>';
      if (!hasProperties) {
        const pPr = paragraphProperties(own, box);
        if (pPr !== '<a:pPr></a:pPr>') {
          xml += pPr;
          hasProperties = true;
        }
      }
      if (item.text) {
        xml += `<a:r>${runProperties(own, box, links)}<a:t>${escapeXml(item.text)}</a:t></a:r>`;
      }
      const fontSize = own.fontSize || box.fontSize;
      if ((!item.text && box.fontSize) || fontSize) {
        closesWithSize = true;
        // pptxgenjs keeps a run's size for the paragraphs' ends when the box has none.
        if (!box.fontSize) box.fontSize = fontSize;
      }
    });
    const lang = box.lang || 'en-US';
    const size = box.fontSize ? ` sz="${Math.round(box.fontSize * 100)}"` : '';
    if (isCell && (box.fontSize || box.fontFace)) {
      xml += box.fontFace
        ? `<a:endParaRPr lang="${lang}"${size} dirty="0">` +
          `<a:latin typeface="${box.fontFace}" charset="0"/>` +
          `<a:ea typeface="${box.fontFace}" charset="0"/>` +
          `<a:cs typeface="${box.fontFace}" charset="0"/></a:endParaRPr>`
        : `<a:endParaRPr lang="${lang}"${size} dirty="0"/>`;
    } else if (closesWithSize) {
      xml += `<a:endParaRPr lang="${lang}"${size} dirty="0"/>`;
    } else {
      xml += `<a:endParaRPr lang="${lang}" dirty="0"/>`;
    }
    xml += '</a:p>';
  }
  if (lines.length === 0) xml += '<a:p><a:endParaRPr/></a:p>';
  xml += isCell ? '</a:txBody>' : '</p:txBody>';
  return xml;
}

const ALIGNMENTS: Readonly<Record<string, string>> = {
  left: ' algn="l"',
  right: ' algn="r"',
  center: ' algn="ctr"',
  justify: ' algn="just"',
};

/**
 * A piece's paragraph properties: its own bullet, direction and tab stops, and the alignment,
 * spacing and level it has or its box has (pptxgenjs's `genXmlParagraphProperties`).
 */
function paragraphProperties(own: TextOptions, box: TextOptions): string {
  const align = own.align || box.align;
  const lineSpacing = own.lineSpacing || box.lineSpacing;
  const lineSpacingMultiple = own.lineSpacingMultiple || box.lineSpacingMultiple;
  const level = own.indentLevel || box.indentLevel;
  const before = own.paraSpaceBefore || box.paraSpaceBefore;
  const after = own.paraSpaceAfter || box.paraSpaceAfter;
  let xml = `<a:pPr${own.rtlMode ? ' rtl="1" ' : ''}`;
  if (align) xml += ALIGNMENTS[align] ?? '';
  const spacing = lineSpacing
    ? `<a:lnSpc><a:spcPts val="${Math.round(lineSpacing * 100)}"/></a:lnSpc>`
    : lineSpacingMultiple
      ? `<a:lnSpc><a:spcPct val="${Math.round(lineSpacingMultiple * 100_000)}"/></a:lnSpc>`
      : '';
  const hasLevel = level && !Number.isNaN(Number(level)) && level > 0;
  if (hasLevel) xml += ` lvl="${level}"`;
  let gaps = '';
  if (before && !Number.isNaN(Number(before)) && before > 0) {
    gaps += `<a:spcBef><a:spcPts val="${Math.round(before * 100)}"/></a:spcBef>`;
  }
  if (after && !Number.isNaN(Number(after)) && after > 0) {
    gaps += `<a:spcAft><a:spcPts val="${Math.round(after * 100)}"/></a:spcAft>`;
  }
  let bulletXml = '';
  const bullet = own.bullet;
  // A bullet's margin and hanging indent (27 pt unless the bullet says), its level's steps.
  const margin =
    typeof bullet === 'object' && bullet?.indent ? pointsToEmu(bullet.indent) : 342_900;
  const marginAttributes = ` marL="${hasLevel ? margin + margin * level : margin}" indent="-${margin}"`;
  if (typeof bullet === 'object' && bullet !== null) {
    if (bullet.type) {
      if (bullet.type.toString().toLowerCase() === 'number') {
        xml += marginAttributes;
        bulletXml =
          '<a:buSzPct val="100000"/><a:buFont typeface="+mj-lt"/>' +
          `<a:buAutoNum type="${bullet.style || 'arabicPeriod'}" startAt="${bullet.numberStartAt || bullet.startAt || '1'}"/>`;
      }
    } else if (bullet.characterCode || bullet.code) {
      const code = bullet.characterCode || bullet.code!;
      const char = /^[0-9A-Fa-f]{4}$/.test(code) ? `&#x${code};` : DEFAULT_BULLET;
      xml += marginAttributes;
      bulletXml = `<a:buSzPct val="100000"/><a:buChar char="${char}"/>`;
    } else {
      xml += marginAttributes;
      bulletXml = `<a:buSzPct val="100000"/><a:buChar char="${DEFAULT_BULLET}"/>`;
    }
  } else if (bullet) {
    xml += marginAttributes;
    bulletXml = `<a:buSzPct val="100000"/><a:buChar char="${DEFAULT_BULLET}"/>`;
  } else {
    xml += ' indent="0" marL="0"';
    bulletXml = '<a:buNone/>';
  }
  const tabs = Array.isArray(own.tabStops)
    ? `<a:tabLst>${own.tabStops
        .map(
          (stop) =>
            `<a:tab pos="${inchesToEmu(stop.position || 1)}" algn="${stop.alignment || 'l'}"/>`,
        )
        .join('')}</a:tabLst>`
    : '';
  return `${xml}>${spacing}${gaps}${bulletXml}${tabs}</a:pPr>`;
}

const fonts = new Map<string, string>();

/** A run's Latin, East Asian and complex-script font (kept: a deck has a few). */
function fontElements(face: string): string {
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
function runProperties(own: TextOptions, box: TextOptions, links: LinkIds): string {
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
  let xml = `<a:rPr lang="${lang ? lang : 'en-US'}"${lang ? ' altLang="en-US"' : ''}`;
  if (fontSize) xml += ` sz="${Math.round(fontSize * 100)}"`;
  if (own.bold || box.bold) xml += ' b="1"';
  if (own.italic || box.italic) xml += ' i="1"';
  if (strike) xml += ` strike="${typeof strike === 'string' ? strike : 'sngStrike'}"`;
  if (typeof underline === 'object' && underline?.style) xml += ` u="${underline.style}"`;
  else if (typeof underline === 'string') xml += ` u="${underline}"`;
  else if (hyperlink) xml += ' u="sng"';
  if (baseline) xml += ` baseline="${Math.round(baseline * 50)}"`;
  else if (own.subscript || box.subscript) xml += ' baseline="-40000"';
  else if (own.superscript || box.superscript) xml += ' baseline="30000"';
  if (charSpacing) xml += ` spc="${Math.round(charSpacing * 100)}" kern="0"`;
  xml += ' dirty="0">';
  const underlineColor = typeof underline === 'object' ? underline?.color : undefined;
  if (color || fontFace || underlineColor) {
    if (color) xml += solidFill(color, own.transparency || box.transparency);
    if (highlight) xml += `<a:highlight>${colorElement(highlight)}</a:highlight>`;
    if (underlineColor) xml += `<a:uFill>${solidFill(underlineColor)}</a:uFill>`;
    if (fontFace) xml += fontElements(fontFace);
  }
  if (hyperlink) {
    const id = links.idOf(hyperlink);
    const tooltip = hyperlink.tooltip ? escapeXml(hyperlink.tooltip) : '';
    if (hyperlink.url) {
      xml += `<a:hlinkClick r:id="rId${id}" invalidUrl="" action="" tgtFrame="" tooltip="${tooltip}" history="1" highlightClick="0" endSnd="0"${color ? '>' : '/>'}`;
    } else if (hyperlink.slide) {
      xml += `<a:hlinkClick r:id="rId${id}" action="ppaction://hlinksldjump" tooltip="${tooltip}"${color ? '>' : '/>'}`;
    }
    if (color) {
      xml +=
        ' <a:extLst>  <a:ext uri="{A12FA001-AC4F-418D-AE19-62706E023703}">' +
        '   <ahyp:hlinkClr xmlns:ahyp="http://schemas.microsoft.com/office/drawing/2018/hyperlinkcolor" val="tx"/>' +
        '  </a:ext> </a:extLst></a:hlinkClick>';
    }
  }
  return `${xml}</a:rPr>`;
}
