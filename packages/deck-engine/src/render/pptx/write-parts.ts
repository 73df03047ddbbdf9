import {
  NOTES_MASTER,
  NOTES_MASTER_RELS,
  PRES_PROPS,
  ROOT_RELS,
  SLIDE_LAYOUT,
  SLIDE_LAYOUT_RELS,
  SLIDE_MASTER,
  SLIDE_MASTER_RELS,
  TABLE_STYLES,
  THEME,
  VIEW_PROPS,
} from './fixed-parts.ts';
import {
  appProperties,
  contentTypes,
  coreProperties,
  notesSlide,
  notesSlideRelationships,
  presentation,
  presentationRelationships,
} from './package-parts.ts';
import type { DirectSlide } from './slide.ts';

/** The document's properties, as pptxgenjs's presentation has them. */
export interface DocumentProperties {
  title: string;
  subject: string;
  author: string;
  company: string;
  /** The deck's date (`YYYY-MM-DD…`): the document's creation and change dates. */
  date: string;
}

/**
 * The package's parts, by name, in the order pptxgenjs 4.0.1 adds them to its archive (the
 * order `pptxgenjsParts` hands them to `normalizePptx`): the package's parts, the layout, each
 * slide with its relationships and notes, the masters, then the pictures slide by slide.
 */
export function directParts(
  slides: readonly DirectSlide[],
  properties: DocumentProperties,
): Map<string, Uint8Array> {
  const parts = new Map<string, Uint8Array>();
  const put = (name: string, xml: string) => parts.set(name, Buffer.from(xml, 'utf8'));
  const count = slides.length;
  put('[Content_Types].xml', contentTypes(count));
  put('_rels/.rels', ROOT_RELS);
  put('docProps/app.xml', appProperties(count, properties.company));
  put(
    'docProps/core.xml',
    coreProperties(
      properties.title,
      properties.subject,
      properties.author,
      `${properties.date.slice(0, 10)}T00:00:00Z`,
    ),
  );
  put('ppt/_rels/presentation.xml.rels', presentationRelationships(count));
  put('ppt/theme/theme1.xml', THEME);
  put('ppt/presentation.xml', presentation(count));
  put('ppt/presProps.xml', PRES_PROPS);
  put('ppt/tableStyles.xml', TABLE_STYLES);
  put('ppt/viewProps.xml', VIEW_PROPS);
  put('ppt/slideLayouts/slideLayout1.xml', SLIDE_LAYOUT);
  put('ppt/slideLayouts/_rels/slideLayout1.xml.rels', SLIDE_LAYOUT_RELS);
  for (const slide of slides) {
    const n = slide.number;
    parts.set(`ppt/slides/slide${n}.xml`, slide.xml());
    put(`ppt/slides/_rels/slide${n}.xml.rels`, slide.relationships());
    put(`ppt/notesSlides/notesSlide${n}.xml`, notesSlide(n));
    put(`ppt/notesSlides/_rels/notesSlide${n}.xml.rels`, notesSlideRelationships(n));
  }
  put('ppt/slideMasters/slideMaster1.xml', SLIDE_MASTER);
  put('ppt/slideMasters/_rels/slideMaster1.xml.rels', SLIDE_MASTER_RELS);
  put('ppt/notesMasters/notesMaster1.xml', NOTES_MASTER);
  put('ppt/notesMasters/_rels/notesMaster1.xml.rels', NOTES_MASTER_RELS);
  for (const slide of slides) {
    for (const [name, bytes] of slide.media()) parts.set(name, bytes);
  }
  return parts;
}
