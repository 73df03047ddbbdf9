import { viewEventLimits, type ViewEvent, type ViewEventBatch } from '@deck-portal/domain';
import { ApiError } from '../../lib/api-client.ts';

/** Events per request: well under the server's limit, so a beacon stays small. */
export const viewEventBatchSize = 20;
/** How often time seen so far is sent while the page stays open. */
export const viewFlushIntervalMs = 15_000;

type PageEvents = {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
};

export type ViewTrackerOptions = {
  /** Milliseconds on a clock that only moves forward (`performance.now`). */
  now: () => number;
  /** Sends a batch while the page stays open (fetch); rejects when it was not stored. */
  send: (batch: ViewEventBatch) => Promise<void>;
  /** Sends a batch as the page goes away (`navigator.sendBeacon`); false when refused. */
  sendBeacon: (batch: ViewEventBatch) => boolean;
  /**
   * Hands out `view` numbers; by default from 0. One visit must never reuse a number, so a
   * visit outliving its tracker (the page remounted) passes a counter kept per visit.
   */
  takeViewNumber?: () => number;
  /** A batch the server refused for good (the link gone, bad events). */
  onRejected?: (error: unknown) => void;
  document?: PageEvents & { readonly visibilityState: DocumentVisibilityState };
  window?: PageEvents;
};

export type ViewTracker = {
  /** Listens to the page's visibility and starts the periodic flush. */
  start(): void;
  /** The slide now on screen (1-based). Bringing a slide on screen starts a new view. */
  showSlide(slide: number): void;
  /** Sends the time seen so far, including the stretch still in progress. */
  flush(): Promise<void>;
  /** Stops listening and sends what is left by beacon. */
  stop(): void;
};

/** Worth sending again later: the request may never have reached the server. */
function isRetryable(error: unknown) {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

/**
 * Measures how long each slide is on screen in a visible page, as the events of
 * `POST /api/client-view/:token/visits/:visitId/events`. Time is cut into pieces whenever the
 * slide changes, the page hides, or a flush sends what was seen so far; pieces of one look at a
 * slide keep that look's `view` number, so the server counts the look once and sums its time.
 * Each millisecond is in exactly one event: a piece is taken out of the pending list when its
 * batch is handed over, and put back only when the request surely did not arrive.
 */
export function createViewTracker(options: ViewTrackerOptions): ViewTracker {
  const { now, send, sendBeacon, onRejected } = options;
  const page = options.document ?? document;
  const win = options.window ?? window;

  let shown: { slide: number; view: number } | null = null;
  let nextView = 0;
  const takeViewNumber = options.takeViewNumber ?? (() => nextView++);
  let isVisible = false;
  /** When the piece in progress began; null while nothing is being counted. */
  let pieceStart: number | null = null;
  let pending: ViewEvent[] = [];
  let timer: ReturnType<typeof setInterval> | undefined;

  function isCounting() {
    return shown !== null && isVisible;
  }

  /** Moves the time of the piece in progress into `pending`; the stretch itself goes on. */
  function cutPiece() {
    if (pieceStart === null || shown === null) return;
    const at = now();
    // Whole milliseconds only; the fraction stays in the next piece rather than being lost.
    const elapsed = Math.floor(at - pieceStart);
    if (elapsed < 1) return;
    pieceStart += elapsed;
    const ms = Math.min(elapsed, viewEventLimits.maxMs);
    const last = pending.at(-1);
    if (
      last &&
      last.slide === shown.slide &&
      last.view === shown.view &&
      last.ms + ms <= viewEventLimits.maxMs
    ) {
      last.ms += ms;
    } else {
      pending.push({ slide: shown.slide, ms, view: shown.view });
    }
  }

  function takeBatches(): ViewEventBatch[] {
    cutPiece();
    const batches: ViewEventBatch[] = [];
    for (let i = 0; i < pending.length; i += viewEventBatchSize) {
      batches.push({ events: pending.slice(i, i + viewEventBatchSize) });
    }
    pending = [];
    return batches;
  }

  /** Unsent events go back before newer ones, as copies: the sent ones are no longer ours. */
  function putBack(events: ViewEvent[]) {
    if (events.length > 0) pending = [...events.map((event) => ({ ...event })), ...pending];
  }

  function setVisible(visible: boolean) {
    if (visible === isVisible) return;
    cutPiece();
    isVisible = visible;
    pieceStart = isCounting() ? now() : null;
  }

  function flushByBeacon() {
    const refused = takeBatches().filter((batch) => !sendBeacon(batch));
    // The browser's beacon queue was full: keep them for the next flush, if there is one.
    putBack(refused.flatMap((batch) => batch.events));
  }

  const onVisibilityChange = () => {
    const visible = page.visibilityState === 'visible';
    setVisible(visible);
    // Hidden is the last moment a page is sure to get (mobile browsers may never fire pagehide).
    if (!visible) flushByBeacon();
  };
  const onPageHide = () => {
    setVisible(false);
    flushByBeacon();
  };
  // A page restored from the back/forward cache counts again.
  const onPageShow = () => setVisible(page.visibilityState === 'visible');

  async function flush() {
    const failed: ViewEvent[] = [];
    for (const batch of takeBatches()) {
      try {
        await send(batch);
      } catch (error) {
        if (isRetryable(error)) failed.push(...batch.events);
        else onRejected?.(error);
      }
    }
    putBack(failed);
  }

  return {
    start() {
      page.addEventListener('visibilitychange', onVisibilityChange);
      win.addEventListener('pagehide', onPageHide);
      win.addEventListener('pageshow', onPageShow);
      timer = setInterval(() => void flush(), viewFlushIntervalMs);
      setVisible(page.visibilityState === 'visible');
    },
    showSlide(slide) {
      if (shown?.slide === slide) return;
      cutPiece();
      shown = { slide, view: takeViewNumber() };
      pieceStart = isCounting() ? now() : null;
    },
    flush,
    stop() {
      page.removeEventListener('visibilitychange', onVisibilityChange);
      win.removeEventListener('pagehide', onPageHide);
      win.removeEventListener('pageshow', onPageShow);
      clearInterval(timer);
      setVisible(false);
      flushByBeacon();
    },
  };
}
