import { strToU8, zipSync, type Zippable } from 'fflate';
import { EMU_PER_POINT } from '../ooxml/units.ts';
import { openPptxPackage, type PptxPackage } from './pptx-package.ts';

/**
 * Small PowerPoint files written by hand for the importer's tests: the parts a presentation
 * needs (content types, presentation, one master with its theme, one layout, the slides and
 * their relationships), each with a plain default a test replaces where it matters.
 */

const namespaces =
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
  'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
const relationshipType = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/';
const declaration = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

/** Points → EMU, as DrawingML writes lengths. */
export const emu = (points: number) => Math.round(points * EMU_PER_POINT);

/** A shape's `a:xfrm` from its box in points. */
export function xfrm(x: number, y: number, w: number, h: number, tag = 'a:xfrm'): string {
  return `<${tag}><a:off x="${emu(x)}" y="${emu(y)}"/><a:ext cx="${emu(w)}" cy="${emu(h)}"/></${tag}>`;
}

export interface ShapeFixture {
  id?: number;
  name?: string;
  /** A placeholder: `{ type: 'title' }`, `{ idx: 1 }`. */
  placeholder?: { type?: string; idx?: number };
  /** The box in points; none to inherit it from the layout or master. */
  box?: [x: number, y: number, w: number, h: number];
  /** Whatever else goes in `p:spPr` after the box (geometry, fill, outline). */
  properties?: string;
  /** `a:bodyPr` (default: none said), `a:lstStyle` content, and the paragraphs (`a:p`…). */
  bodyProperties?: string;
  listStyle?: string;
  paragraphs?: string;
  /** What goes in `p:style` (`a:lnRef`, `a:fillRef`, `a:effectRef`, `a:fontRef`). */
  style?: string;
}

/** A `p:sp`: a placeholder or a shape, with text when it has paragraphs. */
export function shape({
  id = 10,
  name = 'Shape',
  placeholder,
  box,
  properties = '',
  bodyProperties = '<a:bodyPr/>',
  listStyle = '',
  paragraphs,
  style,
}: ShapeFixture): string {
  const ph = placeholder
    ? `<p:ph${placeholder.type ? ` type="${placeholder.type}"` : ''}${
        placeholder.idx !== undefined ? ` idx="${placeholder.idx}"` : ''
      }/>`
    : '';
  const body =
    paragraphs === undefined
      ? ''
      : `<p:txBody>${bodyProperties}<a:lstStyle>${listStyle}</a:lstStyle>${paragraphs}</p:txBody>`;
  return (
    `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="${name}"/><p:cNvSpPr/><p:nvPr>${ph}</p:nvPr></p:nvSpPr>` +
    `<p:spPr>${box ? xfrm(...box) : ''}${properties}</p:spPr>` +
    `${style ? `<p:style>${style}</p:style>` : ''}${body}</p:sp>`
  );
}

/** An `a:p` of one run: `paragraph('Hello', { rPr: 'sz="2000"', pPr: '<a:pPr lvl="1"/>' })`. */
export function paragraph(text: string, { pPr = '', rPr = '' } = {}): string {
  const runProperties = rPr.startsWith('<') ? rPr : `<a:rPr lang="en-US" ${rPr}/>`;
  return `<a:p>${pPr}<a:r>${runProperties}<a:t>${text}</a:t></a:r></a:p>`;
}

export interface ThemeFixture {
  /** Scheme colours (`dk1`, `accent1`…) → `RRGGBB`, over the defaults below. */
  colors?: Record<string, string>;
  majorFont?: string;
  minorFont?: string;
}

/** The fixture theme's colours: no two alike, so a test sees which one a colour came from. */
export const fixtureColors: Readonly<Record<string, string>> = {
  dk1: '1F2937',
  lt1: 'FAFAF5',
  dk2: '0E2841',
  lt2: 'E8E8E8',
  accent1: '4472C4',
  accent2: 'ED7D31',
  accent3: 'A5A5A5',
  accent4: 'FFC000',
  accent5: '5B9BD5',
  accent6: '70AD47',
  hlink: '0563C1',
  folHlink: '954F72',
};

function themeXml({ colors = {}, majorFont = 'Georgia', minorFont = 'Calibri' }: ThemeFixture) {
  const scheme = Object.entries({ ...fixtureColors, ...colors })
    .map(([name, hex]) => `<a:${name}><a:srgbClr val="${hex}"/></a:${name}>`)
    .join('');
  const phFill = '<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>';
  // Office's soft shadow, as its shape styles name it (effect styles 2 and 3).
  const shadow =
    '<a:outerShdw blurRad="40000" dist="23000" dir="5400000" rotWithShape="0">' +
    '<a:srgbClr val="000000"><a:alpha val="35000"/></a:srgbClr></a:outerShdw>';
  return `${declaration}
<a:theme ${namespaces} name="Fixture">
  <a:themeElements>
    <a:clrScheme name="Fixture">${scheme}</a:clrScheme>
    <a:fontScheme name="Fixture">
      <a:majorFont><a:latin typeface="${majorFont}"/><a:ea typeface=""/><a:cs typeface=""/></a:majorFont>
      <a:minorFont><a:latin typeface="${minorFont}"/><a:ea typeface=""/><a:cs typeface=""/></a:minorFont>
    </a:fontScheme>
    <a:fmtScheme name="Fixture">
      <a:fillStyleLst>${phFill}${phFill}${phFill}</a:fillStyleLst>
      <a:lnStyleLst>
        <a:ln w="6350">${phFill}</a:ln><a:ln w="12700">${phFill}</a:ln><a:ln w="19050">${phFill}</a:ln>
      </a:lnStyleLst>
      <a:effectStyleLst>
        <a:effectStyle><a:effectLst/></a:effectStyle>
        <a:effectStyle><a:effectLst>${shadow}</a:effectLst></a:effectStyle>
        <a:effectStyle><a:effectLst>${shadow}</a:effectLst></a:effectStyle>
      </a:effectStyleLst>
      <a:bgFillStyleLst>${phFill}${phFill}${phFill}</a:bgFillStyleLst>
    </a:fmtScheme>
  </a:themeElements>
</a:theme>`;
}

/** PowerPoint's usual colour map: text dark on light. */
export const standardColorMap =
  'bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" accent3="accent3" ' +
  'accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"';

/** The master's title, body and other text styles by default (`lvl1pPr`… inside each). */
export const defaultTitleStyle =
  '<a:lvl1pPr algn="l"><a:defRPr sz="4000" b="1"><a:solidFill><a:schemeClr val="tx2"/></a:solidFill>' +
  '<a:latin typeface="+mj-lt"/></a:defRPr></a:lvl1pPr>';
export const defaultBodyStyle =
  '<a:lvl1pPr marL="228600" indent="-228600"><a:spcBef><a:spcPts val="1000"/></a:spcBef>' +
  '<a:buChar char="•"/><a:defRPr sz="2800"><a:solidFill><a:schemeClr val="tx1"/></a:solidFill>' +
  '<a:latin typeface="+mn-lt"/></a:defRPr></a:lvl1pPr>' +
  '<a:lvl2pPr marL="685800" indent="-228600"><a:spcBef><a:spcPts val="500"/></a:spcBef>' +
  '<a:buChar char="–"/><a:defRPr sz="2000"><a:solidFill><a:schemeClr val="tx1"/></a:solidFill>' +
  '<a:latin typeface="+mn-lt"/></a:defRPr></a:lvl2pPr>';
export const defaultOtherStyle =
  '<a:lvl1pPr><a:defRPr sz="1800"><a:solidFill><a:schemeClr val="tx1"/></a:solidFill></a:defRPr></a:lvl1pPr>';

export interface MasterFixture {
  /** The master's own shapes: by default a title and a body placeholder. */
  shapes?: string;
  /** A `p:bg` element; none by default. */
  background?: string;
  /** The attributes of `p:clrMap`. */
  colorMap?: string;
  titleStyle?: string;
  bodyStyle?: string;
  otherStyle?: string;
}

export const defaultMasterShapes =
  shape({ id: 2, name: 'Title', placeholder: { type: 'title' }, box: [48, 20, 864, 80] }) +
  shape({ id: 3, name: 'Body', placeholder: { type: 'body', idx: 1 }, box: [48, 120, 864, 380] });

export interface LayoutFixture {
  /** The layout's shapes: by default a title and a body placeholder placed apart from the master's. */
  shapes?: string;
  background?: string;
}

export const defaultLayoutShapes =
  shape({ id: 2, name: 'Title', placeholder: { type: 'title' }, box: [60, 40, 840, 100] }) +
  shape({ id: 3, name: 'Content', placeholder: { idx: 1 }, box: [60, 160, 840, 340] });

export interface SlideFixture {
  /** The slide's shapes (`p:sp`, `p:pic`, `p:grpSp`, `p:graphicFrame`…). */
  shapes?: string;
  /** A `p:bg` element. */
  background?: string;
  /** The attributes of `a:overrideClrMapping`; the master's map when absent. */
  colorMapOverride?: string;
  hidden?: boolean;
  /** Relationships beyond the layout's (`rId1`): pictures, linked files. */
  relationships?: { id: string; type: string; target: string; external?: boolean }[];
}

export interface PptxFixture {
  /** The slide size in points: 960 × 540 (16:9) by default. */
  width?: number;
  height?: number;
  theme?: ThemeFixture;
  master?: MasterFixture;
  layout?: LayoutFixture;
  slides: (SlideFixture | string)[];
  /** Other parts by path (`ppt/media/image1.png`). */
  parts?: Record<string, Uint8Array>;
  /** The presentation's `p:defaultTextStyle` levels (`<a:lvl1pPr>…`). */
  defaultTextStyle?: string;
}

function spTree(shapes: string) {
  return (
    '<p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr>' +
    `<p:grpSpPr/>${shapes}</p:spTree>`
  );
}

function relationships(list: { id: string; type: string; target: string; external?: boolean }[]) {
  const entries = list
    .map(
      ({ id, type, target, external }) =>
        `<Relationship Id="${id}" Type="${relationshipType}${type}" Target="${target}"${
          external ? ' TargetMode="External"' : ''
        }/>`,
    )
    .join('');
  return `${declaration}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${entries}</Relationships>`;
}

/** A whole `.pptx` file, zipped, from the fixture's parts and the defaults. */
export function buildPptx(fixture: PptxFixture): Uint8Array {
  const { width = 960, height = 540, theme = {}, master = {}, layout = {}, parts = {} } = fixture;
  const slides = fixture.slides.map((slide) =>
    typeof slide === 'string' ? { shapes: slide } : slide,
  );
  const files: Zippable = {
    '[Content_Types].xml': strToU8(
      `${declaration}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Default Extension="png" ContentType="image/png"/>' +
        '<Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/>' +
        '</Types>',
    ),
    'ppt/presentation.xml': strToU8(
      `${declaration}<p:presentation ${namespaces}>` +
        '<p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst>' +
        `<p:sldIdLst>${slides.map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 10}"/>`).join('')}</p:sldIdLst>` +
        `<p:sldSz cx="${emu(width)}" cy="${emu(height)}"/><p:notesSz cx="6858000" cy="9144000"/>` +
        (fixture.defaultTextStyle
          ? `<p:defaultTextStyle>${fixture.defaultTextStyle}</p:defaultTextStyle>`
          : '') +
        '</p:presentation>',
    ),
    'ppt/_rels/presentation.xml.rels': strToU8(
      relationships([
        { id: 'rId1', type: 'slideMaster', target: 'slideMasters/slideMaster1.xml' },
        { id: 'rId2', type: 'theme', target: 'theme/theme1.xml' },
        ...slides.map((_, i) => ({
          id: `rId${i + 10}`,
          type: 'slide',
          target: `slides/slide${i + 1}.xml`,
        })),
      ]),
    ),
    'ppt/theme/theme1.xml': strToU8(themeXml(theme)),
    'ppt/slideMasters/slideMaster1.xml': strToU8(
      `${declaration}<p:sldMaster ${namespaces}>` +
        `<p:cSld>${master.background ?? ''}${spTree(master.shapes ?? defaultMasterShapes)}</p:cSld>` +
        `<p:clrMap ${master.colorMap ?? standardColorMap}/>` +
        '<p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/></p:sldLayoutIdLst>' +
        '<p:txStyles>' +
        `<p:titleStyle>${master.titleStyle ?? defaultTitleStyle}</p:titleStyle>` +
        `<p:bodyStyle>${master.bodyStyle ?? defaultBodyStyle}</p:bodyStyle>` +
        `<p:otherStyle>${master.otherStyle ?? defaultOtherStyle}</p:otherStyle>` +
        '</p:txStyles></p:sldMaster>',
    ),
    'ppt/slideMasters/_rels/slideMaster1.xml.rels': strToU8(
      relationships([
        { id: 'rId1', type: 'slideLayout', target: '../slideLayouts/slideLayout1.xml' },
        { id: 'rId2', type: 'theme', target: '../theme/theme1.xml' },
      ]),
    ),
    'ppt/slideLayouts/slideLayout1.xml': strToU8(
      `${declaration}<p:sldLayout ${namespaces} type="obj">` +
        `<p:cSld name="Title and Content">${layout.background ?? ''}${spTree(
          layout.shapes ?? defaultLayoutShapes,
        )}</p:cSld>` +
        '<p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sldLayout>',
    ),
    'ppt/slideLayouts/_rels/slideLayout1.xml.rels': strToU8(
      relationships([
        { id: 'rId1', type: 'slideMaster', target: '../slideMasters/slideMaster1.xml' },
      ]),
    ),
    ...parts,
  };
  slides.forEach((slide, i) => {
    const colorMap = slide.colorMapOverride
      ? `<a:overrideClrMapping ${slide.colorMapOverride}/>`
      : '<a:masterClrMapping/>';
    files[`ppt/slides/slide${i + 1}.xml`] = strToU8(
      `${declaration}<p:sld ${namespaces}${slide.hidden ? ' show="0"' : ''}>` +
        `<p:cSld>${slide.background ?? ''}${spTree(slide.shapes ?? '')}</p:cSld>` +
        `<p:clrMapOvr>${colorMap}</p:clrMapOvr></p:sld>`,
    );
    files[`ppt/slides/_rels/slide${i + 1}.xml.rels`] = strToU8(
      relationships([
        { id: 'rId1', type: 'slideLayout', target: '../slideLayouts/slideLayout1.xml' },
        ...(slide.relationships ?? []),
      ]),
    );
  });
  return zipSync(files);
}

/** The fixture opened as the importer opens an upload. */
export function openFixture(fixture: PptxFixture): PptxPackage {
  const opened = openPptxPackage(buildPptx(fixture));
  if (!opened.ok) throw new Error(`the fixture ${opened.reason}`);
  return opened.package;
}

export interface TableCellFixture {
  text: string;
  /** What goes inside the cell's `a:tcPr` (fills, `a:lnL`…), and its attributes (margins). */
  tcPr?: string;
  tcPrAttrs?: string;
  /** The `a:tc` element's attributes (`gridSpan="2"`, `hMerge="1"`). */
  attrs?: string;
  /** The run's `a:rPr` attributes and children: `sz="1400"` by default. */
  rPr?: string;
  rPrChildren?: string;
  /** The paragraph's `a:pPr` element, when it has one (line spacing). */
  pPr?: string;
}

/** A table's graphic frame at 60, 100 (600 × 200 pt), its columns these widths in points. */
export function tableFrame({
  properties = '',
  styleId,
  columns,
  rows,
  rowHeights,
}: {
  /** The `a:tblPr` attributes (`firstRow="1" bandRow="1"`). */
  properties?: string;
  /** The table style it names, by id. */
  styleId?: string;
  columns: number[];
  rows: (TableCellFixture | string)[][];
  /** Each row's `h` in points (29.2 each when left out). */
  rowHeights?: number[];
}): string {
  const cell = (value: TableCellFixture | string) => {
    const c = typeof value === 'string' ? { text: value } : value;
    const run = c.text
      ? `<a:r><a:rPr lang="en-US" ${c.rPr ?? 'sz="1400"'}>${c.rPrChildren ?? ''}</a:rPr>` +
        `<a:t>${c.text}</a:t></a:r>`
      : '';
    return (
      `<a:tc${c.attrs ? ` ${c.attrs}` : ''}><a:txBody><a:bodyPr/><a:lstStyle/><a:p>${c.pPr ?? ''}${run}</a:p>` +
      `</a:txBody><a:tcPr${c.tcPrAttrs ? ` ${c.tcPrAttrs}` : ''}>${c.tcPr ?? ''}</a:tcPr></a:tc>`
    );
  };
  return (
    '<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="5" name="Table"/><p:cNvGraphicFramePr/>' +
    `<p:nvPr/></p:nvGraphicFramePr>${xfrm(60, 100, 600, 200, 'p:xfrm')}<a:graphic>` +
    '<a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table">' +
    `<a:tbl><a:tblPr ${properties}>` +
    (styleId ? `<a:tableStyleId>${styleId}</a:tableStyleId>` : '') +
    '</a:tblPr><a:tblGrid>' +
    columns.map((w) => `<a:gridCol w="${emu(w)}"/>`).join('') +
    '</a:tblGrid>' +
    rows
      .map(
        (row, r) =>
          `<a:tr h="${rowHeights ? emu(rowHeights[r]!) : 370_840}">${row.map(cell).join('')}</a:tr>`,
      )
      .join('') +
    '</a:tbl></a:graphicData></a:graphic></p:graphicFrame>'
  );
}

/** A `ppt/tableStyles.xml` part holding these `a:tblStyle` elements. */
export function tableStylesPart(styles: string, defaultId = ''): Record<string, Uint8Array> {
  return {
    'ppt/tableStyles.xml': strToU8(
      `${declaration}<a:tblStyleLst xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"` +
        `${defaultId ? ` def="${defaultId}"` : ''}>${styles}</a:tblStyleLst>`,
    ),
  };
}

/** A PNG without its `pHYs` chunk: a picture that says no resolution. */
export function withoutResolution(png: Uint8Array): Uint8Array {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const kept: Uint8Array[] = [png.subarray(0, 8)];
  for (let at = 8; at + 8 <= png.length;) {
    const end = at + 12 + view.getUint32(at);
    if (String.fromCharCode(...png.subarray(at + 4, at + 8)) !== 'pHYs') {
      kept.push(png.subarray(at, end));
    }
    at = end;
  }
  return new Uint8Array(Buffer.concat(kept));
}

/** A solid fill of one colour (`RRGGBB`). */
export const solid = (hex: string) => `<a:solidFill><a:srgbClr val="${hex}"/></a:solidFill>`;

/** A rectangle filled as given (`solid(…)`, `<a:noFill/>`…), its box in points. */
export const rectangle = (id: number, box: [number, number, number, number], fill: string) =>
  shape({ id, name: `Rectangle ${id}`, box, properties: `<a:prstGeom prst="rect"/>${fill}` });

/** A text box of these paragraphs (see `paragraph`), unfilled, its words wrapped. */
export const textBox = (id: number, box: [number, number, number, number], paragraphs: string) =>
  shape({
    id,
    name: `TextBox ${id}`,
    box,
    properties: '<a:prstGeom prst="rect"/><a:noFill/>',
    bodyProperties: '<a:bodyPr wrap="square"/>',
    paragraphs,
  });
