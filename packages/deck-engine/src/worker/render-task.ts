import { readFile } from 'node:fs/promises';
import type { MessagePort } from 'node:worker_threads';
import type {
  DeckDraft,
  DeckPresenter,
  EditedDeck,
  EditedSlide,
  Market,
  PlannedSlideKey,
  PriceBook,
  PriceList,
  SlideLink,
  SlideProducts,
  TemplateLibraryDocuments,
} from '@deck-portal/domain';
import type {
  AcceptanceCertificate,
  AcceptanceCertificateOptions,
} from '../certificate/acceptance-certificate.ts';
import type { DeckIdentity } from '../edited/deck-identity.ts';
import type { ReadEditedOptions, ReadEditedResult } from '../edited/read-edited.ts';
import { generateDeck } from '../generate-deck.ts';
import type { ImportOptions, ImportTaskResult, ReadPresentation } from '../import-presentation.ts';
import type { FetchImageOptions } from '../images/fetch-image.ts';
import { FONT_WEIGHTS, getFont } from '../layout/fonts.ts';
import type { BrandDefinition } from '../library/brand.ts';
import { createTemplateLibrary, type TemplateLibrary } from '../library/template-library.ts';
// Each task kind's code loads with its first task: a worker that only makes decks never reads
// the importer's (a pool's warm-up reads one file back, so its worker has it before an editor
// asks).
import {
  appendPdf,
  finishImport,
  generateEditedDeck,
  previewEditedSlide,
  readEditedDeck,
  readPresentation,
  renderAcceptanceCertificate,
} from '../on-demand.ts';
import { answerMoving } from './moved-memory.ts';

/**
 * A library version to draw from: its documents, and a key that names that version (a worker
 * keeps the libraries it was given by key, and builds each once).
 */
export interface LibraryVersion {
  key: string;
  documents: TemplateLibraryDocuments;
}

export interface RenderTask {
  draft: DeckDraft;
  presenter?: DeckPresenter;
  brand?: BrandDefinition;
  /** The built-in library when left out. */
  library?: LibraryVersion;
  /** The price book entries to price from; the built-in price book when left out. */
  priceBook?: PriceBook;
  /** The client's market (issue 50); the seeded market the draft names when left out. */
  market?: Market;
  /** The price lists per currency; the seeded ones when left out. */
  priceLists?: readonly PriceList[];
  images?: FetchImageOptions;
  /** Pictures the server holds (uploads), by the address the draft names them with. */
  pictures?: Record<string, Uint8Array>;
  /** Where each stage is posted as it starts (a `RenderProgress`), when someone listens. */
  progress?: MessagePort;
  /** Drawn across every PDF page and web view slide (a deck awaiting approval). */
  watermark?: string;
  /** The deck and version the PPTX is, written into it. */
  identity?: DeckIdentity;
}

/** An edited deck to draw as it is (issue 49), with what a generation is given. */
export interface EditedRenderTask extends Omit<RenderTask, 'draft'> {
  generateEdited: EditedDeck;
  /** The version's draft: the values of what its slides still bind. */
  draft: DeckDraft;
}

/** One slide of an edited deck to draw for the editor's preview. */
export interface PreviewEditedTask extends Omit<
  RenderTask,
  'draft' | 'progress' | 'watermark' | 'identity'
> {
  previewEdited: EditedSlide;
  draft: DeckDraft;
  pageNumber?: number;
}

/** A deck's own PowerPoint file, maybe edited, to read back as an edited deck. */
export interface ReadEditedTask extends Omit<ReadEditedOptions, 'onProgress'> {
  readEdited: Uint8Array;
  /** Where `{ done, total }` slides read is posted, when someone listens. */
  progress?: MessagePort;
}

export type { ImportTaskResult, ReadEditedResult };

/**
 * A PowerPoint file to import (issue 17), read off the request thread: its slides as template
 * slides. The office renderer then draws the file on the caller's side, no render thread held
 * meanwhile, and an {@link ImportFinishTask} draws the slides.
 */
export interface ImportReadTask extends Pick<ImportOptions, 'brand' | 'files'> {
  /** The file's bytes, or the path of the file on this machine, read here off the caller's thread. */
  importRead: Uint8Array | { file: string };
  /** The file is written for the office renderer too (see `officeInput`), once it reads. */
  forOffice?: boolean;
  /** Where `{ done, total }` slides read is posted, when someone listens. */
  progress?: MessagePort;
}

/** What an {@link ImportReadTask} answers. */
export type ImportReadResult =
  (ReadPresentation & { officeFolder?: string }) | Extract<ImportTaskResult, { ok: false }>;

/** A file read by an {@link ImportReadTask}, to finish: originals, and each slide drawn. */
export interface ImportFinishTask extends Pick<ImportOptions, 'brand' | 'files'> {
  importFinish: ReadPresentation;
  /** The office renderer's PDF of the file, when it made one. */
  officePdf?: Uint8Array;
}

/** A deck's PDF with the acceptance certificate appended (see `renderAcceptanceCertificate`). */
export interface AcceptedPdfTask extends AcceptanceCertificateOptions {
  acceptedPdf: Uint8Array;
  certificate: AcceptanceCertificate;
}

/** Sent once when a pool starts: render a small deck so the next real one finds warm code. */
export interface WarmUpTask {
  warmUp: true;
  brand?: BrandDefinition;
}

export interface RenderTaskResult {
  pptx: Uint8Array;
  pdf: Uint8Array;
  svgs: string[];
  slideTitles: string[];
  slideLinks: SlideLink[][];
  warnings: string[];
  missingPictures: { url: string; reason: string }[];
  slidePlan: PlannedSlideKey[];
  slideProducts: SlideProducts;
}

// Load the fonts when the worker starts, not on its first deck.
for (const weight of FONT_WEIGHTS) getFont(weight);

const libraries = new Map<string, TemplateLibrary>();

/** A small deck touching every renderer: title, agenda, one product's pricing, no pictures. */
export const WARM_UP_DRAFT: DeckDraft = {
  basicInfo: {
    deckTitle: 'Warm-up',
    headline: '',
    clientName: 'Warm-up',
    date: '2026-01-01',
    primaryContact: '',
    mode: 'simple',
    locale: 'en-US',
    market: 'US',
    language: 'en',
  },
  productSelection: {
    selectedProducts: [{ id: 'controller', quantity: 1, customPricing: 199 }],
    includePricing: true,
    customPricing: {},
  },
  templateCustomization: { selectedSlides: ['title', 'agenda'], customSlides: [] },
};

/** Libraries a worker keeps: a few versions (a publish makes a new one, then the old one is done). */
const keptLibraries = 8;

function libraryFor(brand: BrandDefinition | undefined, version?: LibraryVersion): TemplateLibrary {
  const key = `${version?.key ?? 'built-in'}|${brand ? JSON.stringify(brand) : ''}`;
  let library = libraries.get(key);
  if (!library) {
    library = createTemplateLibrary(brand, version?.documents);
    if (libraries.size >= keptLibraries) libraries.delete(libraries.keys().next().value!);
    libraries.set(key, library);
  }
  return library;
}

async function importReadTask(task: ImportReadTask): Promise<ImportReadResult> {
  try {
    const { progress, importRead: source, brand, files } = task;
    const bytes = source instanceof Uint8Array ? source : await readFile(source.file);
    const read = await readPresentation(bytes, {
      ...(progress
        ? { onProgress: (done: number, total: number) => progress.postMessage({ done, total }) }
        : {}),
      ...(brand ? { brand, ...(files ? { files } : {}) } : {}),
    });
    if (!read.ok) return read;
    // Written here, where the file is: the caller's thread never holds it.
    const officeFolder = task.forOffice
      ? await (await import('../import/office-render.ts')).officeInput(bytes).catch(() => undefined)
      : undefined;
    const pictures = read.slides.flatMap((slide) => [...slide.pictures.values()]);
    return answerMoving(officeFolder ? { ...read, officeFolder } : read, pictures);
  } finally {
    task.progress?.close();
  }
}

async function importFinishTask(task: ImportFinishTask): Promise<ImportTaskResult> {
  const { importFinish, officePdf, brand, files } = task;
  const finished = await finishImport(importFinish, officePdf, {
    ...(brand ? { brand, ...(files ? { files } : {}) } : {}),
  });
  if (!finished.ok) return finished;
  const drawn = finished.slides.flatMap((slide) => [
    ...Object.values(slide.pictures),
    ...(slide.original ? [slide.original] : []),
  ]);
  return answerMoving(finished, drawn);
}

async function readEditedTask(task: ReadEditedTask): Promise<ReadEditedResult> {
  const { readEdited, progress, slidePlan, planOf, brand, files } = task;
  try {
    return await readEditedDeck(readEdited, {
      ...(slidePlan ? { slidePlan } : {}),
      ...(planOf ? { planOf } : {}),
      ...(brand ? { brand, ...(files ? { files } : {}) } : {}),
      ...(progress
        ? { onProgress: (done: number, total: number) => progress.postMessage({ done, total }) }
        : {}),
    });
  } finally {
    progress?.close();
  }
}

/** What an edited deck is drawn with, from a task. */
function editedOptions(task: EditedRenderTask | PreviewEditedTask) {
  return {
    draft: task.draft,
    library: libraryFor(task.brand, task.library),
    ...(task.images || task.pictures
      ? { images: { ...task.images, ...(task.pictures ? { preloaded: task.pictures } : {}) } }
      : {}),
    ...(task.presenter ? { presenter: task.presenter } : {}),
    ...(task.priceBook ? { priceBook: task.priceBook } : {}),
    ...(task.market ? { market: task.market } : {}),
    ...(task.priceLists ? { priceLists: task.priceLists } : {}),
  };
}

async function generateEditedTask(task: EditedRenderTask): Promise<RenderTaskResult> {
  try {
    return await generateEditedDeck(task.generateEdited, {
      ...editedOptions(task),
      ...(task.watermark ? { watermark: task.watermark } : {}),
      ...(task.identity ? { identity: task.identity } : {}),
      ...(task.progress ? { onProgress: (stage) => task.progress!.postMessage(stage) } : {}),
    });
  } finally {
    task.progress?.close();
  }
}

/** One generation (or import) inside a pool worker. */
export default async function renderTask(
  task:
    | RenderTask
    | WarmUpTask
    | ImportReadTask
    | ImportFinishTask
    | EditedRenderTask
    | PreviewEditedTask
    | ReadEditedTask
    | AcceptedPdfTask,
): Promise<
  | RenderTaskResult
  | ImportReadResult
  | ImportTaskResult
  | ReadEditedResult
  | Uint8Array
  | string
  | null
> {
  if ('importRead' in task) return importReadTask(task);
  if ('importFinish' in task) return importFinishTask(task);
  if ('acceptedPdf' in task) {
    const { acceptedPdf, certificate, brand, logo } = task;
    const page = await renderAcceptanceCertificate(certificate, {
      ...(brand ? { brand } : {}),
      ...(logo ? { logo } : {}),
    });
    return appendPdf(acceptedPdf, page);
  }
  if ('readEdited' in task) return readEditedTask(task);
  if ('generateEdited' in task) return generateEditedTask(task);
  if ('previewEdited' in task) {
    return previewEditedSlide(task.previewEdited, {
      ...editedOptions(task),
      ...(task.pageNumber ? { pageNumber: task.pageNumber } : {}),
    });
  }
  if ('warmUp' in task) {
    // The renderers' code, font tables and shaping plans are then warm: a rep's first deck after
    // a start is not the slow one. Reading its file back warms the importer, which opens a
    // deck's version in the online editor.
    const warm = await generateDeck(WARM_UP_DRAFT, { library: libraryFor(task.brand) });
    await readEditedDeck(warm.pptx, { slidePlan: warm.slidePlan });
    return null;
  }
  const result = await generateDeck(task.draft, {
    library: libraryFor(task.brand, task.library),
    ...(task.images || task.pictures
      ? { images: { ...task.images, ...(task.pictures ? { preloaded: task.pictures } : {}) } }
      : {}),
    ...(task.presenter ? { presenter: task.presenter } : {}),
    ...(task.priceBook ? { priceBook: task.priceBook } : {}),
    ...(task.market ? { market: task.market } : {}),
    ...(task.priceLists ? { priceLists: task.priceLists } : {}),
    ...(task.watermark ? { watermark: task.watermark } : {}),
    ...(task.identity ? { identity: task.identity } : {}),
    ...(task.progress ? { onProgress: (stage) => task.progress!.postMessage(stage) } : {}),
  });
  task.progress?.close();
  return result;
}
