import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import type { DeckDraft, DeckPresenter, PriceBook } from '@deck-portal/domain';
import { Piscina } from 'piscina';
import type { FetchImageOptions } from '../images/fetch-image.ts';
import { checkPicture, type PictureCheck } from '../images/resolve-images.ts';
import type { BrandDefinition } from '../library/brand.ts';
import type { RenderedDeck, RenderProgress } from '../render/render-deck.ts';
import type { ImportedSlideResult, ImportOptions } from '../import-presentation.ts';
import type {
  ImportTask,
  ImportTaskResult,
  LibraryVersion,
  RenderTask,
  RenderTaskResult,
  WarmUpTask,
} from './render-task.ts';

export interface DeckRendererOptions {
  /** Default: the machine's parallelism minus one (at least 1). */
  maxThreads?: number;
  /** Workers kept warm; default 1. */
  minThreads?: number;
  brand?: BrandDefinition;
  /** Picture fetching rules (the loopback allowance is for tests only). */
  images?: FetchImageOptions;
}

export type { ImportTaskResult, ImportedSlideResult, LibraryVersion };

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
      /** Told as each stage starts on the worker thread. */
      onProgress?: (progress: RenderProgress) => void;
      /**
       * Drawn as a see-through diagonal band across every PDF page and web view slide, never in
       * the PPTX (the server passes `APPROVAL_WATERMARK` for a deck awaiting approval).
       */
      watermark?: string;
    },
  ): Promise<RenderedDeck>;
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

/** A worker pool for deck generation: create one per process, close it at shutdown. */
export function createDeckRenderer(options: DeckRendererOptions = {}): DeckRendererPool {
  const maxThreads = options.maxThreads ?? Math.max(1, availableParallelism() - 1);
  const pool = new Piscina({
    filename: new URL('./render-worker.mjs', import.meta.url).href,
    maxThreads,
    minThreads: Math.min(options.minThreads ?? 1, maxThreads),
    idleTimeout: 60_000,
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
    async generate(draft, { presenter, pictures, library, priceBook, onProgress, watermark } = {}) {
      const channel = onProgress ? new MessageChannel() : undefined;
      channel?.port1.on('message', (progress: RenderProgress) => onProgress!(progress));
      const task: RenderTask = {
        draft,
        ...(presenter ? { presenter } : {}),
        ...(pictures ? { pictures } : {}),
        ...(library ? { library } : {}),
        ...(priceBook ? { priceBook } : {}),
        ...(watermark ? { watermark } : {}),
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
      return {
        pptx: toBuffer(result.pptx),
        pdf: toBuffer(result.pdf),
        svgs: result.svgs,
        slideTitles: result.slideTitles,
        slideLinks: result.slideLinks,
        warnings: result.warnings,
        missingPictures: result.missingPictures,
      };
    },
    async importPresentation(source, { onProgress, office, brand, files, handOver } = {}) {
      const channel = onProgress ? new MessageChannel() : undefined;
      channel?.port1.on('message', (progress: { done: number; total: number }) =>
        onProgress!(progress),
      );
      // A file is read by the worker itself. Bytes go as the worker's own copy, moved rather
      // than copied again; bytes handed over that fill their memory whole are moved as they are.
      const owned = source instanceof Uint8Array ? ownCopy(source, handOver) : undefined;
      const task: ImportTask = {
        importPptx: owned ?? source,
        ...(office ? { office } : {}),
        ...(channel ? { progress: channel.port2 } : {}),
        ...(brand ? { brand, files: { ...files } } : {}),
      };
      const transferList = [
        ...(owned ? [owned.buffer as ArrayBuffer] : []),
        ...(channel ? [channel.port2] : []),
      ];
      try {
        return (await pool.run(task, { transferList })) as ImportTaskResult;
      } finally {
        channel?.port1.close();
      }
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
