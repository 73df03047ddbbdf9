import { escapeXml, XML_HEAD } from './markup.ts';

/**
 * The package's parts that depend on the deck (how many slides, its title and company), written
 * as pptxgenjs 4.0.1 writes them for a wide (13.33 × 7.5 in) presentation; the parts that never
 * change are in `fixed-parts.ts`. `normalizePptx` then fixes what PowerPoint would "repair" in
 * them (a slide master listed per slide, the notes master's placeholders) for both writers.
 */

const SLIDE_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.slide+xml';
const MASTER_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.slideMaster+xml';
const NOTES_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.notesSlide+xml';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** `[Content_Types].xml`: every extension pptxgenjs knows, and an override per part. */
export function contentTypes(slides: number): string {
  let xml =
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="jpeg" ContentType="image/jpeg"/>' +
    // pptxgenjs's `image/jpg` (the normalising pass writes `image/jpeg`).
    '<Default Extension="jpg" ContentType="image/jpg"/>' +
    '<Default Extension="svg" ContentType="image/svg+xml"/>' +
    '<Default Extension="png" ContentType="image/png"/>' +
    '<Default Extension="gif" ContentType="image/gif"/>' +
    '<Default Extension="m4v" ContentType="video/mp4"/>' +
    '<Default Extension="mp4" ContentType="video/mp4"/>' +
    '<Default Extension="vml" ContentType="application/vnd.openxmlformats-officedocument.vmlDrawing"/>' +
    '<Default Extension="xlsx" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"/>' +
    '<Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/>' +
    '<Override PartName="/ppt/notesMasters/notesMaster1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.notesMaster+xml"/>';
  for (let n = 1; n <= slides; n += 1) {
    // pptxgenjs lists a slide master per slide (its issue #1444): the normalising pass drops
    // the overrides of parts that do not exist.
    xml +=
      `<Override PartName="/ppt/slideMasters/slideMaster${n}.xml" ContentType="${MASTER_TYPE}"/>` +
      `<Override PartName="/ppt/slides/slide${n}.xml" ContentType="${SLIDE_TYPE}"/>`;
  }
  xml +=
    '<Override PartName="/ppt/presProps.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presProps+xml"/>' +
    '<Override PartName="/ppt/viewProps.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.viewProps+xml"/>' +
    '<Override PartName="/ppt/theme/theme1.xml" ContentType="application/vnd.openxmlformats-officedocument.theme+xml"/>' +
    '<Override PartName="/ppt/tableStyles.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.tableStyles+xml"/>' +
    '<Override PartName="/ppt/slideLayouts/slideLayout1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slideLayout+xml"/>';
  for (let n = 1; n <= slides; n += 1) {
    xml += `<Override PartName="/ppt/notesSlides/notesSlide${n}.xml" ContentType="${NOTES_TYPE}"/>`;
  }
  return (
    xml +
    ' <Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
    ' <Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>' +
    '</Types>'
  );
}

/** `docProps/app.xml`. pptxgenjs writes the company's name unescaped: kept for now. */
export function appProperties(slides: number, company: string): string {
  const titles = Array.from({ length: slides }, (_, i) => `<vt:lpstr>Slide ${i + 1}</vt:lpstr>`);
  return `${XML_HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">
\t<TotalTime>0</TotalTime>
\t<Words>0</Words>
\t<Application>Microsoft Office PowerPoint</Application>
\t<PresentationFormat>On-screen Show (16:9)</PresentationFormat>
\t<Paragraphs>0</Paragraphs>
\t<Slides>${slides}</Slides>
\t<Notes>${slides}</Notes>
\t<HiddenSlides>0</HiddenSlides>
\t<MMClips>0</MMClips>
\t<ScaleCrop>false</ScaleCrop>
\t<HeadingPairs>
\t\t<vt:vector size="6" baseType="variant">
\t\t\t<vt:variant><vt:lpstr>Fonts Used</vt:lpstr></vt:variant>
\t\t\t<vt:variant><vt:i4>2</vt:i4></vt:variant>
\t\t\t<vt:variant><vt:lpstr>Theme</vt:lpstr></vt:variant>
\t\t\t<vt:variant><vt:i4>1</vt:i4></vt:variant>
\t\t\t<vt:variant><vt:lpstr>Slide Titles</vt:lpstr></vt:variant>
\t\t\t<vt:variant><vt:i4>${slides}</vt:i4></vt:variant>
\t\t</vt:vector>
\t</HeadingPairs>
\t<TitlesOfParts>
\t\t<vt:vector size="${slides + 3}" baseType="lpstr">
\t\t\t<vt:lpstr>Arial</vt:lpstr>
\t\t\t<vt:lpstr>Calibri</vt:lpstr>
\t\t\t<vt:lpstr>Office Theme</vt:lpstr>
\t\t\t${titles.join('')}
\t\t</vt:vector>
\t</TitlesOfParts>
\t<Company>${company}</Company>
\t<LinksUpToDate>false</LinksUpToDate>
\t<SharedDoc>false</SharedDoc>
\t<HyperlinksChanged>false</HyperlinksChanged>
\t<AppVersion>16.0000</AppVersion>
\t</Properties>`;
}

/**
 * `docProps/core.xml`, dated `stamp` (pptxgenjs dates it by the clock; the normalising pass
 * writes the deck's date over both, so the file is the same).
 */
export function coreProperties(
  title: string,
  subject: string,
  author: string,
  stamp: string,
): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
\t<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
\t\t<dc:title>${escapeXml(title)}</dc:title>
\t\t<dc:subject>${escapeXml(subject)}</dc:subject>
\t\t<dc:creator>${escapeXml(author)}</dc:creator>
\t\t<cp:lastModifiedBy>${escapeXml(author)}</cp:lastModifiedBy>
\t\t<cp:revision>1</cp:revision>
\t\t<dcterms:created xsi:type="dcterms:W3CDTF">${stamp}</dcterms:created>
\t\t<dcterms:modified xsi:type="dcterms:W3CDTF">${stamp}</dcterms:modified>
\t</cp:coreProperties>`;
}

/** `ppt/_rels/presentation.xml.rels`: the master, each slide, then the package's parts. */
export function presentationRelationships(slides: number): string {
  let xml =
    `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
    `<Relationship Id="rId1" Type="${RELATIONSHIPS}/slideMaster" Target="slideMasters/slideMaster1.xml"/>`;
  for (let n = 1; n <= slides; n += 1) {
    xml += `<Relationship Id="rId${n + 1}" Type="${RELATIONSHIPS}/slide" Target="slides/slide${n}.xml"/>`;
  }
  const next = slides + 2;
  return (
    xml +
    `<Relationship Id="rId${next}" Type="${RELATIONSHIPS}/notesMaster" Target="notesMasters/notesMaster1.xml"/>` +
    `<Relationship Id="rId${next + 1}" Type="${RELATIONSHIPS}/presProps" Target="presProps.xml"/>` +
    `<Relationship Id="rId${next + 2}" Type="${RELATIONSHIPS}/viewProps" Target="viewProps.xml"/>` +
    `<Relationship Id="rId${next + 3}" Type="${RELATIONSHIPS}/theme" Target="theme/theme1.xml"/>` +
    `<Relationship Id="rId${next + 4}" Type="${RELATIONSHIPS}/tableStyles" Target="tableStyles.xml"/>` +
    '</Relationships>'
  );
}

const LEVEL_STYLE =
  '<a:defRPr sz="1800" kern="1200"><a:solidFill><a:schemeClr val="tx1"/></a:solidFill>' +
  '<a:latin typeface="+mn-lt"/><a:ea typeface="+mn-ea"/><a:cs typeface="+mn-cs"/></a:defRPr>';

/** `ppt/presentation.xml`: the slides' ids (256 on) and the wide slide's size. */
export function presentation(slides: number): string {
  let xml =
    `${XML_HEAD}<p:presentation xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="${RELATIONSHIPS}" ` +
    'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"  saveSubsetFonts="1" autoCompressPictures="0">' +
    '<p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst><p:sldIdLst>';
  for (let i = 0; i < slides; i += 1) xml += `<p:sldId id="${256 + i}" r:id="rId${i + 2}"/>`;
  xml +=
    '</p:sldIdLst>' +
    `<p:notesMasterIdLst><p:notesMasterId r:id="rId${slides + 2}"/></p:notesMasterIdLst>` +
    '<p:sldSz cx="12192000" cy="6858000"/><p:notesSz cx="6858000" cy="12192000"/><p:defaultTextStyle>';
  for (let level = 1; level < 10; level += 1) {
    xml += `<a:lvl${level}pPr marL="${(level - 1) * 457_200}" algn="l" defTabSz="914400" rtl="0" eaLnBrk="1" latinLnBrk="0" hangingPunct="1">${LEVEL_STYLE}</a:lvl${level}pPr>`;
  }
  return `${xml}</p:defaultTextStyle></p:presentation>`;
}

/** `ppt/notesSlides/notesSlideN.xml`: an empty note (no slide has notes). */
export function notesSlide(slideNumber: number): string {
  return `${XML_HEAD}<p:notes xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="${RELATIONSHIPS}" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/><a:chOff x="0" y="0"/><a:chExt cx="0" cy="0"/></a:xfrm></p:grpSpPr><p:sp><p:nvSpPr><p:cNvPr id="2" name="Slide Image Placeholder 1"/><p:cNvSpPr><a:spLocks noGrp="1" noRot="1" noChangeAspect="1"/></p:cNvSpPr><p:nvPr><p:ph type="sldImg"/></p:nvPr></p:nvSpPr><p:spPr/></p:sp><p:sp><p:nvSpPr><p:cNvPr id="3" name="Notes Placeholder 2"/><p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr><p:nvPr><p:ph type="body" idx="1"/></p:nvPr></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="en-US" dirty="0"/><a:t></a:t></a:r><a:endParaRPr lang="en-US" dirty="0"/></a:p></p:txBody></p:sp><p:sp><p:nvSpPr><p:cNvPr id="4" name="Slide Number Placeholder 3"/><p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr><p:nvPr><p:ph type="sldNum" sz="quarter" idx="10"/></p:nvPr></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:fld id="{F7021451-1387-4CA6-816F-3879F97B5CBC}" type="slidenum"><a:rPr lang="en-US"/><a:t>${slideNumber}</a:t></a:fld><a:endParaRPr lang="en-US"/></a:p></p:txBody></p:sp></p:spTree><p:extLst><p:ext uri="{BB962C8B-B14F-4D97-AF65-F5344CB8AC3E}"><p14:creationId xmlns:p14="http://schemas.microsoft.com/office/powerpoint/2010/main" val="1024086991"/></p:ext></p:extLst></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:notes>`;
}

/** `ppt/notesSlides/_rels/notesSlideN.xml.rels` (pptxgenjs's indentation kept). */
export function notesSlideRelationships(slideNumber: number): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
\t\t<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
\t\t\t<Relationship Id="rId1" Type="${RELATIONSHIPS}/notesMaster" Target="../notesMasters/notesMaster1.xml"/>
\t\t\t<Relationship Id="rId2" Type="${RELATIONSHIPS}/slide" Target="../slides/slide${slideNumber}.xml"/>
\t\t</Relationships>`;
}
