import { viewEventLimits, type ViewEvent, type ViewEventBatch } from '@deck-portal/domain';
import { ApiError } from '../../lib/api-client.ts';

/** Events per request: well under the server's limit, so a beacon stays small. */
export const viewEventBatchSize = 20;
/** How often time seen so far is sent while the page stays open. */
export const viewFlushIntervalMs = 15_000;
/**
 * A look at a slide shorter than this is no view: arrow-key repeat or scrubbing the thumbnails
 * passes slides nobody read. Its time is dropped and it takes no `view` number.
 */
export const minViewMs = 300;
/**
 * The longest one piece may measure. The flush cuts a piece every 15 s, so a longer one means
 * the timers were suspended (a laptop asleep with the tab visible): nobody was looking then.
 */
export const maxPieceMs = 2 * viewFlushIntervalMs;

type PageEvents = {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
};

/**
 * What the trackers of one visit share: a visit outlives its tracker (the page remounts, the
 * passcode form comes back and goes again), and must still never reuse a `view` number.
 */
export type ViewTrackerVisit = {
  /** The next `view` number to hand out. */
  nextView: number;
  /** Events a stopped tracker could not deliver (the passcode ran out): the next one sends them. */
  unsent: ViewEvent[];
  /** The server holds all the events this visit may report: nothing more is sent. */
  isFull: boolean;
};

export function createViewTrackerVisit(): ViewTrackerVisit {
  return { nextView: 0, unsent: [], isFull: false };
}

export type ViewTrackerOptions = {
  /** Milliseconds on a clock that only moves forward (`performance.now`). */
  now: () => number;
  /** Sends a batch while the page stays open (fetch); rejects when it was not stored. */
  send: (batch: ViewEventBatch) => Promise<void>;
  /** Sends a batch as the page goes away (`navigator.sendBeacon`); false when refused. */
  sendBeacon: (batch: ViewEventBatch) => boolean;
  /** The visit this tracker reports to; by default a new one, numbering views from 0. */
  visit?: ViewTrackerVisit;
  /** A batch the server refused (the link gone, the passcode ran out, bad events). */
  onRejected?: (error: unknown) => void;
  document?: PageEvents & { readonly visibilityState: DocumentVisibilityState };
  window?: PageEvents;
};

export type ViewTracker = {
  /** Listens to the page's visibility and starts the periodic flush. */
  start(): void;
  /**
   * The slide now on screen (1-based). Bringing a slide on screen starts a new view, once it
   * has stayed `minViewMs`.
   */
  showSlide(slide: number): void;
  /** Sends the time seen so far, including the stretch still in progress. */
  flush(): Promise<void>;
  /**
   * Stops listening and sends what is left by beacon; what cannot be sent now (the passcode ran
   * out) waits in the visit for its next tracker.
   */
  stop(): void;
};

/**
 * What becomes of a batch whose request failed. It is sent again only when the server surely
 * did not store it: 429 (refused before storing) and 401 (the passcode's cookie ran out; sent
 * once the page is unlocked again). A 5xx, a proxy's 502 or 504 included, may come after the
 * server stored it, and sending it again would count its time twice: dropped, as is every other
 * refusal. Status 0 (no answer: offline, connection reset) is sent again although, rarely, the
 * server did store a batch whose answer was lost on the way back, and then counts it twice:
 * better than losing all the time seen while offline.
 */
function failureOf(error: unknown): 'retry' | 'locked' | 'full' | 'drop' {
  if (!(error instanceof ApiError)) return 'drop';
  if (error.status === 0 || error.status === 429) return 'retry';
  if (error.status === 401) return 'locked';
  if (error.status === 400 && error.code === 'too_many_events') return 'full';
  return 'drop';
}

/**
 * Measures how long each slide is on screen in a visible page, as the events of
 * `POST /api/client-view/:token/visits/:visitId/events`. Time is cut into pieces whenever the
 * slide changes, the page hides, or a flush sends what was seen so far; pieces of one look at a
 * slide keep that look's `view` number, so the server counts the look once and sums its time.
 * Each millisecond counted is in at most one event: a piece is taken out of the pending list
 * when its batch is handed over, and put back only when the request surely did not arrive.
 * Glances under `minViewMs` and time while the timers were suspended are not counted.
 */
export function createViewTracker(options: ViewTrackerOptions): ViewTracker {
  const { now, send, sendBeacon, onRejected } = options;
  const page = options.document ?? document;
  const win = options.window ?? window;
  const visit = options.visit ?? createViewTrackerVisit();

  /**
   * The look in progress. Its `view` is null until the slide has been counted `minViewMs`;
   * `glanceMs` holds the time counted until then.
   */
  let shown: { slide: number; view: number | null; glanceMs: number } | null = null;
  let isVisible = false;
  /** When the piece in progress began; null while nothing is being counted. */
  let pieceStart: number | null = null;
  // What an earlier tracker of this visit could not deliver goes first.
  let pending: ViewEvent[] = visit.unsent.splice(0);
  let timer: ReturnType<typeof setInterval> | undefined;
  /** The server last answered 401: beacons would be refused too, so events wait for the unlock. */
  let isLocked = false;
  // A visit the server holds no more events of is not tracked again (the page remounted).
  let isStopped = visit.isFull;

  function isCounting() {
    return shown !== null && isVisible;
  }

  function addToPending(slide: number, view: number, ms: number) {
    const last = pending.at(-1);
    if (
      last &&
      last.slide === slide &&
      last.view === view &&
      last.ms + ms <= viewEventLimits.maxMs
    ) {
      last.ms += ms;
    } else {
      pending.push({ slide, ms, view });
    }
  }

  /** Moves the time of the piece in progress into `pending`; the stretch itself goes on. */
  function cutPiece() {
    if (pieceStart === null || shown === null) return;
    const at = now();
    // Whole milliseconds only; the fraction stays in the next piece rather than being lost.
    const elapsed = Math.floor(at - pieceStart);
    if (elapsed < 1) return;
    pieceStart += elapsed;
    const ms = Math.min(elapsed, maxPieceMs);
    if (shown.view !== null) {
      addToPending(shown.slide, shown.view, ms);
      return;
    }
    shown.glanceMs += ms;
    if (shown.glanceMs < minViewMs) return;
    shown.view = visit.nextView++;
    addToPending(shown.slide, shown.view, shown.glanceMs);
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
    if (events.length === 0 || visit.isFull) return;
    const copies = events.map((event) => ({ ...event }));
    // A request that failed after the tracker stopped: the visit's next tracker sends them.
    if (isStopped) visit.unsent.push(...copies);
    else pending = [...copies, ...pending];
  }

  function setVisible(visible: boolean) {
    if (visible === isVisible) return;
    cutPiece();
    isVisible = visible;
    pieceStart = isCounting() ? now() : null;
  }

  function flushByBeacon() {
    if (isLocked) {
      // Without the passcode's cookie the server would refuse them, and a beacon cannot tell.
      cutPiece();
      return;
    }
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

  function stopListening() {
    page.removeEventListener('visibilitychange', onVisibilityChange);
    win.removeEventListener('pagehide', onPageHide);
    win.removeEventListener('pageshow', onPageShow);
    clearInterval(timer);
  }

  /** The visit reached the server's limit: nothing more it reports would be stored. */
  function halt() {
    visit.isFull = true;
    visit.unsent = [];
    stopListening();
    isStopped = true;
    shown = null;
    pieceStart = null;
    pending = [];
  }

  async function flush() {
    if (isStopped) return;
    const failed: ViewEvent[] = [];
    const batches = takeBatches();
    for (const [index, batch] of batches.entries()) {
      try {
        await send(batch);
        isLocked = false;
      } catch (error) {
        const failure = failureOf(error);
        if (failure !== 'retry') onRejected?.(error);
        if (failure === 'full') {
          halt();
          return;
        }
        if (failure === 'drop') continue;
        failed.push(...batch.events);
        if (failure === 'locked') {
          // The rest would be refused the same way: they wait with this one.
          isLocked = true;
          failed.push(...batches.slice(index + 1).flatMap((rest) => rest.events));
          break;
        }
      }
    }
    putBack(failed);
  }

  return {
    start() {
      if (isStopped) return;
      page.addEventListener('visibilitychange', onVisibilityChange);
      win.addEventListener('pagehide', onPageHide);
      win.addEventListener('pageshow', onPageShow);
      timer = setInterval(() => void flush(), viewFlushIntervalMs);
      setVisible(page.visibilityState === 'visible');
    },
    showSlide(slide) {
      if (isStopped || shown?.slide === slide) return;
      cutPiece();
      // A glance too short to be a view is dropped with its time.
      shown = { slide, view: null, glanceMs: 0 };
      pieceStart = isCounting() ? now() : null;
    },
    flush,
    stop() {
      if (isStopped) return;
      stopListening();
      setVisible(false);
      flushByBeacon();
      isStopped = true;
      // Kept back (locked out, or the beacon refused): the visit's next tracker sends them.
      visit.unsent.push(...pending);
      pending = [];
    },
  };
}
