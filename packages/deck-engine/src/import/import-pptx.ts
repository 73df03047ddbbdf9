import {
  describeTemplateProblems,
  templateElementSchema,
  templateSlideDocumentSchema,
  type BindingPath,
  type TemplateElement,
  type TemplateSlideDocument,
} from '@deck-portal/domain';
import { SLIDE_HEIGHT, SLIDE_WIDTH } from '../layout/model.ts';
import { applyFieldChoices, findFields, type FieldSuggestion } from './fields.ts';
import { openPptxPackage, type PackageLimits } from './pptx-package.ts';
import { officePdf, pdfPagesAsPng, type OfficeRenderer } from './office-render.ts';
import { readSlides } from './read-slides.ts';
import type { HouseFont, LeftOut, ReadSlide, SlideReport } from './slide-read.ts';

export interface ImportedSlide {
  number: number;
  /** Its id in the presentation, which stays with it (see `presentationOutline`). */
  slideId?: number;
  hidden: boolean;
  /** The slide as a template document, its fields kept as written (see `bindImportedSlide`). */
  document: TemplateSlideDocument;
  /** The slide's elements with its fields as written, for `bindImportedSlide`. */
  elements: readonly TemplateElement[];
  pictures: ReadonlyMap<string, Uint8Array>;
  fields: FieldSuggestion[];
  report: SlideReport;
  /** Charts, SmartArt and objects left out, where they were (see `drawWithOffice`). */
  leftOut: readonly LeftOut[];
}

/** What was read of a file: its slide size in points, when it was first made, its slides. */
export interface ReadPptx {
  width: number;
  height: number;
  /** When the presentation was first made, when the file says (see `presentationCreated`). */
  created?: string;
}

export type PptxImport =
  ({ ok: true; slides: ImportedSlide[] } & ReadPptx) | { ok: false; reason: string };

/** The category imported slides take until the editor gives each its own. */
export const IMPORTED_CATEGORY = 'company';

/**
 * Drops, and reports, each element the format refuses (a number out of range, a freeform too
 * long): the rest of the slide is kept. Left-out places after it move up one.
 */
function keepValidElements(slide: ReadSlide) {
  for (let i = slide.elements.length - 1; i >= 0; i -= 1) {
    const element = slide.elements[i]!;
    const bound = applyFieldChoices([element], {})[0];
    if (templateElementSchema.safeParse(bound).success) continue;
    slide.elements.splice(i, 1);
    for (const leftOut of slide.leftOut) if (leftOut.at > i) leftOut.at -= 1;
    const why = `a ${element.kind} that could not be read was left out`;
    const noted = slide.report.notImported.find((n) => n.kind === element.kind && n.why === why);
    if (noted) noted.count = (noted.count ?? 1) + 1;
    else slide.report.notImported.push({ kind: element.kind, why });
  }
}

function documentOf(slide: ReadSlide, category: string): TemplateSlideDocument | string[] {
  keepValidElements(slide);
  const document = {
    format: 1,
    id: `imported-${slide.number}`,
    title: slide.title.replace(/\s+/g, ' ').trim() || `Slide ${slide.number}`,
    description: '',
    category,
    background: slide.background,
    // Fields are kept as written; `{{…}}` would read as a binding, so it loses a brace here.
    elements: applyFieldChoices(slide.elements, {}),
  };
  const parsed = templateSlideDocumentSchema.safeParse(document);
  return parsed.success ? parsed.data : describeTemplateProblems(parsed.error);
}

/**
 * Reads an uploaded PowerPoint file into template slides with what each did not import, never
 * throwing: what is not a readable presentation is refused with a reason a person can act on.
 */
export async function importPptx(
  bytes: Uint8Array,
  {
    limits,
    onProgress,
    houseFont,
  }: {
    limits?: PackageLimits;
    onProgress?: (done: number, total: number) => void;
    /** The library's brand font, when it has one (see {@link HouseFont}). */
    houseFont?: HouseFont;
  } = {},
): Promise<PptxImport> {
  const opened = openPptxPackage(bytes, limits);
  if (!opened.ok) return opened;
  let read;
  try {
    read = await readSlides(opened.package, {
      ...(onProgress ? { onProgress } : {}),
      ...(houseFont ? { houseFont } : {}),
    });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: `could not be read as a presentation (${detail})` };
  }
  if (read.slides.length === 0) return { ok: false, reason: 'has no slides' };
  try {
    return {
      ok: true,
      width: read.width,
      height: read.height,
      ...(read.created ? { created: read.created } : {}),
      slides: read.slides.map(toImported),
    };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: `could not be read as a presentation (${detail})` };
  }
}

const idOf = ({ slideId }: ReadSlide) => (slideId === undefined ? {} : { slideId });

/** A slide as read, checked against the format, with its fields found. */
function toImported(slide: ReadSlide): ImportedSlide {
  const document = documentOf(slide, IMPORTED_CATEGORY);
  const fields = findFields(slide.elements);
  if (Array.isArray(document)) {
    // A slide the format refuses is offered empty, with the reasons, rather than dropped.
    return {
      number: slide.number,
      ...idOf(slide),
      hidden: slide.hidden,
      document: {
        format: 1,
        id: `imported-${slide.number}`,
        title: `Slide ${slide.number}`,
        description: '',
        category: IMPORTED_CATEGORY,
        background: '#FFFFFF',
        elements: [],
      },
      elements: [],
      pictures: new Map(),
      fields: [],
      leftOut: [],
      report: {
        ...slide.report,
        notImported: [
          ...slide.report.notImported,
          ...document.map((problem) => ({ kind: 'slide', why: `not imported: ${problem}` })),
        ],
      },
    };
  }
  return {
    number: slide.number,
    ...idOf(slide),
    hidden: slide.hidden,
    document,
    elements: slide.elements,
    pictures: slide.pictures,
    fields,
    report: slide.report,
    leftOut: slide.leftOut,
  };
}

/** An imported slide with the editor's choice for each field: a binding, or kept as written. */
export function bindImportedSlide(
  slide: ImportedSlide,
  choices: Readonly<Record<string, BindingPath | null>>,
): TemplateSlideDocument {
  return { ...slide.document, elements: applyFieldChoices(slide.elements, choices) };
}

/**
 * With the office renderer: each slide as it looked in the original (a PNG), and every chart,
 * SmartArt or object that was left out put back as a picture of itself, cut from that drawing.
 * Without it (or when it fails) the slides are as read, and the report says what was left out.
 */
export async function drawWithOffice(
  bytes: Uint8Array,
  imported: Extract<PptxImport, { ok: true }>,
  office: OfficeRenderer,
): Promise<Map<number, Uint8Array>> {
  const pdf = await officePdf(bytes, office);
  return pdf ? drawOriginals(pdf, imported) : new Map<number, Uint8Array>();
}

/** {@link drawWithOffice} from the office renderer's PDF of the file, made beforehand. */
export async function drawOriginals(
  pdf: Uint8Array,
  imported: Extract<PptxImport, { ok: true }>,
): Promise<Map<number, Uint8Array>> {
  const originals = new Map<number, Uint8Array>();
  const pageWidth = 1280;
  const pages = await pdfPagesAsPng(pdf, pageWidth).catch(() => []);
  // Hidden slides and the like can make the pages not line up: then nothing is taken from them.
  if (pages.length === 0 || pages.length < Math.max(...imported.slides.map((s) => s.number))) {
    return originals;
  }
  const { default: sharp } = await import('sharp');
  const scale = Math.min(SLIDE_WIDTH / imported.width, SLIDE_HEIGHT / imported.height);
  const offsetX = (SLIDE_WIDTH - imported.width * scale) / 2;
  const offsetY = (SLIDE_HEIGHT - imported.height * scale) / 2;
  const pixelsPerPoint = pageWidth / imported.width;
  for (const slide of imported.slides) {
    const page = pages[slide.number - 1]!;
    originals.set(slide.number, await sharp(page).resize({ width: 640 }).png().toBuffer());
    if (slide.leftOut.length === 0 || slide.document.elements.length === 0) continue;
    const meta = await sharp(page).metadata();
    const pictures = new Map(slide.pictures);
    const inserted: { at: number; element: TemplateElement }[] = [];
    for (const [i, leftOut] of slide.leftOut.entries()) {
      const px = (v: number, offset: number) => Math.round(((v - offset) / scale) * pixelsPerPoint);
      const left = Math.max(0, px(leftOut.box.x, offsetX));
      const top = Math.max(0, px(leftOut.box.y, offsetY));
      const width = Math.min(
        (meta.width ?? 0) - left,
        px(leftOut.box.x + leftOut.box.w, offsetX) - left,
      );
      const height = Math.min(
        (meta.height ?? 0) - top,
        px(leftOut.box.y + leftOut.box.h, offsetY) - top,
      );
      if (width < 2 || height < 2) continue;
      const cut = await sharp(page).extract({ left, top, width, height }).png().toBuffer();
      const src = `pptx:office-${slide.number}-${i}`;
      pictures.set(src, cut);
      inserted.push({
        at: leftOut.at,
        element: {
          kind: 'picture',
          ...leftOut.box,
          src,
          fit: 'cover',
          alt: `${leftOut.what} as a picture`,
        },
      });
      const entry = slide.report.notImported.find(
        (n) => n.kind === leftOut.kind && n.why === leftOut.why,
      );
      if (entry) entry.why = `${leftOut.what} is shown as a picture of itself (not editable)`;
    }
    // Put each picture where the left-out element was in the drawing order, the last first.
    const place = (elements: readonly TemplateElement[]) => {
      const out = [...elements];
      for (const { at, element } of [...inserted].sort((a, b) => b.at - a.at))
        out.splice(at, 0, element);
      return out.slice(0, 400);
    };
    Object.assign(slide, {
      pictures,
      elements: place(slide.elements),
      document: { ...slide.document, elements: place(slide.document.elements) },
    });
  }
  return originals;
}
