import { XML_HEAD } from './markup.ts';

// The package's parts that are the same for every deck (ADR 059), written for the project from
// what ECMA-376 requires of them: a theme, one slide master with one blank layout, the notes
// master and the presentation's small property parts. Our slides carry their own backgrounds,
// fonts and colours, so these only give what an editor falls back on and shows for new content.

const DRAWING = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const PRESENTATION = 'http://schemas.openxmlformats.org/presentationml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const NAMESPACES = `xmlns:a="${DRAWING}" xmlns:r="${RELATIONSHIPS}" xmlns:p="${PRESENTATION}"`;

/** A part's relationships, each as [type (under `RELATIONSHIPS`, or a full URI), target]. */
function relationships(entries: ReadonlyArray<readonly [string, string]>): string {
  let xml = `${XML_HEAD}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">`;
  entries.forEach(([type, target], i) => {
    const uri = type.includes('/') ? type : `${RELATIONSHIPS}/${type}`;
    xml += `<Relationship Id="rId${i + 1}" Type="${uri}" Target="${target}"/>`;
  });
  return `${xml}</Relationships>`;
}

/** `_rels/.rels`: the package's properties and its presentation. */
export const ROOT_RELS = relationships([
  ['extended-properties', 'docProps/app.xml'],
  [`${PACKAGE_RELATIONSHIPS}/metadata/core-properties`, 'docProps/core.xml'],
  ['officeDocument', 'ppt/presentation.xml'],
]);

/** A theme colour's slot and its value. */
const COLOURS: ReadonlyArray<readonly [string, string]> = [
  ['dk1', '000000'],
  ['lt1', 'FFFFFF'],
  ['dk2', '1F2937'],
  ['lt2', 'F3F4F6'],
  ['accent1', '2563EB'],
  ['accent2', '0D9488'],
  ['accent3', 'D97706'],
  ['accent4', 'DC2626'],
  ['accent5', '7C3AED'],
  ['accent6', '059669'],
  ['hlink', '1D4ED8'],
  ['folHlink', '6D28D9'],
];

/** A fill of the colour the style is used with (`phClr`), lightened or darkened by `adjust`. */
const placeholderFill = (adjust = '') =>
  adjust
    ? `<a:solidFill><a:schemeClr val="phClr">${adjust}</a:schemeClr></a:solidFill>`
    : '<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>';

/**
 * `ppt/theme/theme1.xml`: a colour scheme, the fonts our decks are set in (Inter, and Noto Sans
 * JP for Japanese) and the format scheme's three fills, lines, effects and background fills
 * the schema requires, all plain.
 */
export const THEME =
  `${XML_HEAD}<a:theme xmlns:a="${DRAWING}" name="Deck Portal"><a:themeElements>` +
  `<a:clrScheme name="Deck Portal">${COLOURS.map(
    ([slot, hex]) => `<a:${slot}><a:srgbClr val="${hex}"/></a:${slot}>`,
  ).join('')}</a:clrScheme>` +
  '<a:fontScheme name="Deck Portal">' +
  ['majorFont', 'minorFont']
    .map(
      (kind) =>
        `<a:${kind}><a:latin typeface="Inter"/><a:ea typeface="Noto Sans JP"/><a:cs typeface=""/></a:${kind}>`,
    )
    .join('') +
  '</a:fontScheme><a:fmtScheme name="Deck Portal"><a:fillStyleLst>' +
  placeholderFill() +
  placeholderFill('<a:tint val="60000"/>') +
  placeholderFill('<a:shade val="80000"/>') +
  '</a:fillStyleLst><a:lnStyleLst>' +
  [6350, 12700, 19050].map((width) => `<a:ln w="${width}">${placeholderFill()}</a:ln>`).join('') +
  '</a:lnStyleLst><a:effectStyleLst>' +
  '<a:effectStyle><a:effectLst/></a:effectStyle>'.repeat(3) +
  '</a:effectStyleLst><a:bgFillStyleLst>' +
  placeholderFill() +
  placeholderFill('<a:tint val="95000"/>') +
  placeholderFill('<a:shade val="90000"/>') +
  '</a:bgFillStyleLst></a:fmtScheme></a:themeElements><a:objectDefaults/><a:extraClrSchemeLst/></a:theme>';

/** `ppt/presProps.xml`: nothing beyond the defaults. */
export const PRES_PROPS = `${XML_HEAD}<p:presentationPr ${NAMESPACES}/>`;

/** `ppt/tableStyles.xml`: no styles of our own; new tables get Office's built-in default. */
export const TABLE_STYLES = `${XML_HEAD}<a:tblStyleLst xmlns:a="${DRAWING}" def="{5C22544A-7EE6-4342-B048-85BDC9FD1C3A}"/>`;

/** `ppt/viewProps.xml`: the normal view, its panes at their usual sizes. */
export const VIEW_PROPS =
  `${XML_HEAD}<p:viewPr ${NAMESPACES}><p:normalViewPr>` +
  '<p:restoredLeft sz="15620"/><p:restoredTop sz="94660"/></p:normalViewPr>' +
  '<p:gridSpacing cx="76200" cy="76200"/></p:viewPr>';

/** An empty shape tree: a group at the origin with nothing in it. */
const EMPTY_SHAPE_TREE =
  '<p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr>' +
  '<p:grpSpPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/><a:chOff x="0" y="0"/>' +
  '<a:chExt cx="0" cy="0"/></a:xfrm></p:grpSpPr></p:spTree>';

/** The theme's colours under the names text and backgrounds use. */
const COLOUR_MAP =
  '<p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" ' +
  'accent3="accent3" accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" ' +
  'folHlink="folHlink"/>';

/** Nine list levels, each indented half an inch more, their text `size` (hundredths of a point). */
function levelStyles(size: number): string {
  let xml = '';
  for (let level = 1; level <= 9; level += 1) {
    xml +=
      `<a:lvl${level}pPr marL="${(level - 1) * 457_200}" algn="l" defTabSz="914400" rtl="0">` +
      `<a:defRPr sz="${size}"><a:solidFill><a:schemeClr val="tx1"/></a:solidFill>` +
      '<a:latin typeface="+mn-lt"/><a:ea typeface="+mn-ea"/><a:cs typeface="+mn-cs"/></a:defRPr>' +
      `</a:lvl${level}pPr>`;
  }
  return xml;
}

/**
 * `ppt/slideMasters/slideMaster1.xml`: a white background, no shapes, the colour map, the one
 * layout, and the look of text outside placeholders (18 pt, the theme's body font, dark text).
 */
export const SLIDE_MASTER =
  `${XML_HEAD}<p:sldMaster ${NAMESPACES}><p:cSld>` +
  '<p:bg><p:bgRef idx="1001"><a:schemeClr val="bg1"/></p:bgRef></p:bg>' +
  `${EMPTY_SHAPE_TREE}</p:cSld>${COLOUR_MAP}` +
  '<p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/></p:sldLayoutIdLst>' +
  `<p:txStyles><p:otherStyle>${levelStyles(1800)}</p:otherStyle></p:txStyles></p:sldMaster>`;

/** `ppt/slideMasters/_rels/slideMaster1.xml.rels` */
export const SLIDE_MASTER_RELS = relationships([
  ['slideLayout', '../slideLayouts/slideLayout1.xml'],
  ['theme', '../theme/theme1.xml'],
]);

/** `ppt/slideLayouts/slideLayout1.xml`: the blank layout every slide uses. */
export const SLIDE_LAYOUT =
  `${XML_HEAD}<p:sldLayout ${NAMESPACES} type="blank" preserve="1">` +
  `<p:cSld name="Blank">${EMPTY_SHAPE_TREE}</p:cSld>` +
  '<p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sldLayout>';

/** `ppt/slideLayouts/_rels/slideLayout1.xml.rels` */
export const SLIDE_LAYOUT_RELS = relationships([
  ['slideMaster', '../slideMasters/slideMaster1.xml'],
]);

/**
 * `ppt/notesMasters/notesMaster1.xml`: no placeholders (the shape tree PowerPoint leaves when
 * it repairs a notes master whose placeholders it rejects), notes text at 12 pt.
 */
export const NOTES_MASTER =
  `${XML_HEAD}<p:notesMaster ${NAMESPACES}><p:cSld>${EMPTY_SHAPE_TREE}</p:cSld>${COLOUR_MAP}` +
  `<p:notesStyle>${levelStyles(1200)}</p:notesStyle></p:notesMaster>`;

/**
 * `ppt/notesMasters/_rels/notesMaster1.xml.rels`: the slides' theme (the normalising pass
 * gives the notes master a copy of its own).
 */
export const NOTES_MASTER_RELS = relationships([['theme', '../theme/theme1.xml']]);
