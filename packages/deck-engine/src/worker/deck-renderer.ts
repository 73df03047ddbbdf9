import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import type {
  DeckDraft,
  DeckPresenter,
  EditedDeck,
  EditedSlide,
  PlannedSlideKey,
  Market,
  PriceBook,
  PriceList,
} from '@deck-portal/domain';
import type {
  AcceptanceCertificate,
  AcceptanceCertificateOptions,
} from '../certificate/acceptance-certificate.ts';
import type { DeckIdentity } from '../edited/deck-identity.ts';
import { Piscina } from 'piscina';
import type { FetchImageOptions } from '../images/fetch-image.ts';
import { checkPicture, type PictureCheck } from '../images/resolve-images.ts';
import type { BrandDefinition } from '../library/brand.ts';
import type { RenderedDeck, RenderProgress } from '../render/render-deck.ts';
import type { ImportedSlideResult, ImportOptions } from '../import-presentation.ts';
import type {
  AcceptedPdfTask,
  EditedRenderTask,
  ImportFinishTask,
  ImportReadResult,
  ImportReadTask,
  ImportTaskResult,
  LibraryVersion,
  PreviewEditedTask,
  ReadEditedResult,
  ReadEditedTask,
  RenderTask,
  RenderTaskResult,
  WarmUpTask,
} from './render-task.ts';
import { backgroundNiceness } from './background-niceness.ts';
import { movableMemory } from './moved-memory.ts';
import { renderWorkerFile } from './render-worker-file.ts';

export interface DeckRendererOptions {
  /** Default: the machine's parallelism minus one (at least 1). */
  maxThreads?: number;
  /** Workers kept warm; default 1. */
  minThreads?: number;
  brand?: BrandDefinition;
  /** Picture fetching rules (the loopback allowance is for tests only). */
  images?: FetchImageOptions;
  /**
   * The nice value (0-19) each render thread sets itself to as it starts (per thread on Linux),
   * so the threads answering requests and the database's run first; LibreOffice, started by an
   * import from a render thread, inherits it. 0 leaves them at the process's priority. Default
   * {@link backgroundNiceness}.
   */
  niceness?: number;
}

export { backgroundNiceness };

export type {
  DeckIdentity,
  ImportTaskResult,
  ImportedSlideResult,
  LibraryVersion,
  ReadEditedResult,
};

/** What an edited deck is drawn with (issue 49): what a generation is given, and the draft. */
export interface EditedDeckRenderOptions {
  /** The version's draft: client, date, locale, contact, products, for what slides still bind. */
  draft: DeckDraft;
  presenter?: DeckPresenter;
  /** Pictures by address: the edited deck's own (`deck-picture:{sha256}`), uploads, font files. */
  pictures?: Record<string, Uint8Array>;
  /** The library version the deck was drawn from; the built-in library when left out. */
  library?: LibraryVersion;
  /** The price book entries to price from; the built-in price book when left out. */
  priceBook?: PriceBook;
  /** The client's market (issue 50); the seeded market the draft names when left out. */
  market?: Market;
  /** The price lists per currency; the seeded ones when left out. */
  priceLists?: readonly PriceList[];
  /** Told as each stage starts on the worker thread. */
  onProgress?: (progress: RenderProgress) => void;
  /** Drawn across every PDF page and web view slide, never in the PPTX. */
  watermark?: string;
  /** The deck and version the PPTX is: written into it, so an edited copy names them. */
  identity?: DeckIdentity;
}

export interface DeckRenderer {
  /** Builds and renders a deck on a worker thread; the caller's event loop stays free. */
  generate(
    draft: DeckDraft,
    options?: {
      presenter?: DeckPresenter;
      pictures?: Record<string, Uint8Array>;
      /** The library version to draw from; the built-in library when left out. */
      library?: LibraryVersion;
      /** The price book entries to price from; the built-in price book when left out. */
      priceBook?: PriceBook;
      /** The client's market (issue 50); the seeded market the draft names when left out. */
      market?: Market;
      /** The price lists per currency; the seeded ones when left out. */
      priceLists?: readonly PriceList[];
      /** Told as each stage starts on the worker thread. */
      onProgress?: (progress: RenderProgress) => void;
      /**
       * Drawn as a see-through diagonal band across every PDF page and web view slide, never in
       * the PPTX (the server passes `APPROVAL_WATERMARK` for a deck awaiting approval).
       */
      watermark?: string;
      /**
       * The deck and version the PPTX is: written into it as custom properties, its slides
       * numbered from a base of that version's, so an edited copy names them and its slides.
       */
      identity?: DeckIdentity;
    },
  ): Promise<RenderedDeck>;
  /**
   * Draws an edited deck as it is (its slides in order, hidden ones left out) on a worker
   * thread: the same files as a generation, `slidePlan` naming the drawn slides.
   */
  generateEdited(edited: EditedDeck, options: EditedDeckRenderOptions): Promise<RenderedDeck>;
  /**
   * Reads a deck's own PowerPoint file, maybe edited in PowerPoint or Keynote, back as an
   * edited deck on a worker thread: each slide told by its id as the plan's slide it was, or
   * `added-{n}`; its pictures as `deck-picture:{sha256}`; the deck and version it names.
   */
  readEdited(
    pptx: Uint8Array,
    options?: {
      /** The plan of the version the file was made from. */
      slidePlan?: readonly PlannedSlideKey[];
      /** The version that plan is of, when known (see `ReadEditedOptions`). */
      planOf?: DeckIdentity;
      /** The library's brand, for its font (its files by address in `files`). */
      brand?: Pick<BrandDefinition, 'font'>;
      files?: Readonly<Record<string, Uint8Array>>;
      onProgress?: (progress: { done: number; total: number }) => void;
      /** The caller has no further use for `pptx`: moved to the worker rather than copied. */
      handOver?: boolean;
    },
  ): Promise<ReadEditedResult>;
  /**
   * One slide of an edited deck drawn as its version's files will draw it (an SVG document),
   * for the online editor's preview; `pageNumber` is its place among the shown slides.
   */
  previewEditedSlide(
    slide: EditedSlide,
    options: Omit<EditedDeckRenderOptions, 'onProgress' | 'watermark' | 'identity'> & {
      pageNumber?: number;
    },
  ): Promise<string>;
  /**
   * Reads an uploaded PowerPoint file on a worker thread into template slides, each drawn as
   * its thumbnail; a file that is not a readable presentation answers `ok: false` with why.
   */
  importPresentation(
    /** The file's bytes, or the path of the file on this machine (read on the worker thread). */
    source: Uint8Array | { file: string },
    options?: Omit<ImportOptions, 'onProgress'> & {
      onProgress?: (progress: { done: number; total: number }) => void;
      /**
       * The caller has no further use for `bytes`: they are moved to the worker rather than
       * copied (a 60 MB file is not held twice, nor copied at once on the caller's thread), and
       * are empty afterwards.
       */
      handOver?: boolean;
    },
  ): Promise<ImportTaskResult>;
  /**
   * The PDF a client gets on acceptance, made on a worker thread: the deck's PDF with the
   * acceptance certificate's page (or pages) appended, in `brand` with its `logo`.
   */
  acceptedPdf(
    deckPdf: Uint8Array,
    certificate: AcceptanceCertificate,
    options?: AcceptanceCertificateOptions,
  ): Promise<Buffer>;
  /** Fetches and decodes one picture address under the renderer's rules (no worker needed). */
  checkPicture(url: string): Promise<PictureCheck>;
  /** Generations running or queued. */
  readonly pending: number;
  /**
   * Waits for running generations and imports and stops the workers; the warm-up, which nobody
   * waits for, is stopped at once.
   */
  close(): Promise<void>;
}

/** The worker pool behind a {@link DeckRenderer}. */
export interface DeckRendererPool extends DeckRenderer {
  /**
   * Settles when the first worker has loaded the engine and drawn a small deck: true then, false
   * when the warm-up failed or was cut short by `close()`.
   */
  readonly warmedUp: Promise<boolean>;
}

function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A worker's result as the caller's: the files as Buffers. */
function renderedOf(result: RenderTaskResult): RenderedDeck {
  return {
    pptx: toBuffer(result.pptx),
    pdf: toBuffer(result.pdf),
    svgs: result.svgs,
    slideTitles: result.slideTitles,
    slideLinks: result.slideLinks,
    warnings: result.warnings,
    missingPictures: result.missingPictures,
    slidePlan: result.slidePlan,
    slideProducts: result.slideProducts,
  };
}

/** A channel the worker posts progress on, when someone listens; closed by `done`. */
function progressChannel<T>(onProgress: ((progress: T) => void) | undefined) {
  if (!onProgress) return undefined;
  const channel = new MessageChannel();
  channel.port1.on('message', (progress: T) => onProgress(progress));
  return channel;
}

/** A worker pool for deck generation: create one per process, close it at shutdown. */
export function createDeckRenderer(options: DeckRendererOptions = {}): DeckRendererPool {
  const maxThreads = options.maxThreads ?? Math.max(1, availableParallelism() - 1);
  const pool = new Piscina({
    filename: renderWorkerFile,
    maxThreads,
    minThreads: Math.min(options.minThreads ?? 1, maxThreads),
    idleTimeout: 60_000,
    // Read by render-worker.mjs as the thread starts.
    workerData: { niceness: options.niceness ?? backgroundNiceness },
  });
  // The first worker renders a small deck while nobody waits; a failure there only costs the
  // warm-up (a real generation reports its own errors). A shutdown right after start must not
  // wait for it: on a busy machine it can outlast the process's grace for closing.
  const warmUp: WarmUpTask = { warmUp: true, ...(options.brand ? { brand: options.brand } : {}) };
  const stopWarmUp = new AbortController();
  const warmedUp = pool.run(warmUp, { signal: stopWarmUp.signal }).then(
    () => true,
    () => false,
  );
  return {
    async generate(
      draft,
      {
        presenter,
        pictures,
        library,
        priceBook,
        market,
        priceLists,
        onProgress,
        watermark,
        identity,
      } = {},
    ) {
      const channel = progressChannel(onProgress);
      const task: RenderTask = {
        draft,
        ...(presenter ? { presenter } : {}),
        ...(pictures ? { pictures } : {}),
        ...(library ? { library } : {}),
        ...(priceBook ? { priceBook } : {}),
        ...(market ? { market } : {}),
        ...(priceLists ? { priceLists } : {}),
        ...(watermark ? { watermark } : {}),
        ...(identity ? { identity } : {}),
        ...(options.brand ? { brand: options.brand } : {}),
        ...(options.images ? { images: options.images } : {}),
        ...(channel ? { progress: channel.port2 } : {}),
      };
      let result: RenderTaskResult;
      try {
        result = (await pool.run(
          task,
          channel ? { transferList: [channel.port2] } : {},
        )) as RenderTaskResult;
      } finally {
        channel?.port1.close();
      }
      return renderedOf(result);
    },
    async generateEdited(edited, { onProgress, ...rest }) {
      const channel = progressChannel(onProgress);
      const task: EditedRenderTask = {
        generateEdited: edited,
        ...withoutUndefined(rest),
        ...(options.brand ? { brand: options.brand } : {}),
        ...(options.images ? { images: options.images } : {}),
        ...(channel ? { progress: channel.port2 } : {}),
      };
      try {
        const result = (await pool.run(
          task,
          channel ? { transferList: [channel.port2] } : {},
        )) as RenderTaskResult;
        return renderedOf(result);
      } finally {
        channel?.port1.close();
      }
    },
    async readEdited(pptx, { onProgress, handOver, slidePlan, planOf, brand, files } = {}) {
      const channel = progressChannel(onProgress);
      const owned = ownCopy(pptx, handOver);
      const task: ReadEditedTask = {
        readEdited: owned,
        ...(slidePlan ? { slidePlan: [...slidePlan] } : {}),
        ...(planOf ? { planOf } : {}),
        ...(brand ? { brand, files: { ...files } } : {}),
        ...(channel ? { progress: channel.port2 } : {}),
      };
      const transferList = [owned.buffer as ArrayBuffer, ...(channel ? [channel.port2] : [])];
      try {
        return (await pool.run(task, { transferList })) as ReadEditedResult;
      } finally {
        channel?.port1.close();
      }
    },
    async previewEditedSlide(slide, rest) {
      const task: PreviewEditedTask = {
        previewEdited: slide,
        ...withoutUndefined(rest),
        ...(options.brand ? { brand: options.brand } : {}),
      };
      return (await pool.run(task)) as string;
    },
    async importPresentation(source, { onProgress, office, brand, files, handOver } = {}) {
      const channel = progressChannel(onProgress);
      // A file is read by the worker itself. Bytes go as the worker's own copy, moved rather
      // than copied again; bytes handed over that fill their memory whole are moved as they are.
      const owned = source instanceof Uint8Array ? ownCopy(source, handOver) : undefined;
      const fonts = brand ? { brand, files: { ...files } } : {};
      const readTask: ImportReadTask = {
        importRead: owned ?? source,
        ...(office ? { forOffice: true } : {}),
        ...(channel ? { progress: channel.port2 } : {}),
        ...fonts,
      };
      let read: ImportReadResult;
      try {
        read = (await pool.run(readTask, {
          transferList: [
            ...(owned ? [owned.buffer as ArrayBuffer] : []),
            ...(channel ? [channel.port2] : []),
          ],
        })) as ImportReadResult;
      } finally {
        channel?.port1.close();
      }
      if (!read.ok) return read;
      const { officeFolder, ...imported } = read;
      // The office renderer draws the file the worker wrote for it (seconds, in a process of its
      // own) with no render thread waiting on it: decks are made meanwhile. Its part is a help,
      // never a reason to fail the import.
      const pdf =
        office && officeFolder
          ? await (await import('../import/office-render.ts')).drawInOffice(officeFolder, office)
          : undefined;
      const finishTask: ImportFinishTask = {
        importFinish: imported,
        ...(pdf ? { officePdf: pdf } : {}),
        ...fonts,
      };
      const pictures = imported.slides.flatMap((slide) => [...slide.pictures.values()]);
      return (await pool.run(finishTask, {
        transferList: movableMemory(pdf ? [...pictures, pdf] : pictures),
      })) as ImportTaskResult;
    },
    async acceptedPdf(deckPdf, certificate, { brand, logo } = {}) {
      const task: AcceptedPdfTask = {
        acceptedPdf: deckPdf,
        certificate,
        ...(brand ? { brand } : {}),
        ...(logo ? { logo } : {}),
      };
      return toBuffer((await pool.run(task)) as Uint8Array);
    },
    checkPicture: (url) => checkPicture(url, options.images),
    get pending() {
      return pool.queueSize + pool.utilization * maxThreads;
    },
    warmedUp,
    async close() {
      stopWarmUp.abort();
      await warmedUp;
      await pool.close();
    },
  };
}

/**
 * The options given, those left undefined left out: a task crosses threads (and the render
 * process's channel, apps/server/src/render-process.ts) as it is.
 */
export function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** Bytes the worker may own: these very bytes when handed over whole, else a copy. */
function ownCopy(bytes: Uint8Array, handOver: boolean | undefined): Uint8Array {
  const memory = bytes.buffer;
  return handOver &&
    memory instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === memory.byteLength
    ? new Uint8Array(memory)
    : new Uint8Array(bytes);
}
