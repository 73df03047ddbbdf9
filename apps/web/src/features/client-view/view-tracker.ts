import { viewEventLimits } from '@deck-portal/domain/client-link-rules';
import type { ViewEvent, ViewEventBatch } from '@deck-portal/domain';
import { ApiError } from '../../lib/api-error.ts';

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
/**
 * Visible time with a slide on screen before the visit is started. A mail scanner that opens
 * the link and runs its script is gone long before: it never counts as an open, nor tells the
 * rep the client opened the deck. What is measured meanwhile is sent once the visit exists.
 */
export const visitStartAfterMs = 2_000;

type PageEvents = {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
};

/**
 * What the trackers of one visit share: a visit outlives its tracker (the page remounts, the
 * passcode form comes back and goes again), and must still never reuse a `view` number or a
 * batch number.
 */
export type ViewTrackerVisit = {
  /** The server's id of the visit; null until it has begun. */
  id: string | null;
  /** Visible time counted so far towards starting the visit. */
  seenMs: number;
  /** The page was seen `visitStartAfterMs`: the visit is asked for. */
  isSeen: boolean;
  /** The next `view` number to hand out. */
  nextView: number;
  /** The number of the next batch: 1, 2, 3… */
  nextSequence: number;
  /**
   * Numbered batches not yet stored, oldest first. They are sent in order, each with its own
   * number however often it is sent, so the server stores each once.
   */
  queue: ViewEventBatch[];
  /** Events not yet in a batch that a stopped tracker leaves to the next one. */
  unsent: ViewEvent[];
  /** Nothing more is reported: the visit is not counted, or holds all it may. */
  isClosed: boolean;
};

export function createViewTrackerVisit(): ViewTrackerVisit {
  return {
    id: null,
    seenMs: 0,
    isSeen: false,
    nextView: 0,
    nextSequence: 1,
    queue: [],
    unsent: [],
    isClosed: false,
  };
}

export type ViewTrackerOptions = {
  /** Milliseconds on a clock that only moves forward (`performance.now`). */
  now: () => number;
  /** Sends a batch while the page stays open (fetch); rejects when it was not stored. */
  send: (visitId: string, batch: ViewEventBatch) => Promise<void>;
  /** Sends a batch as the page goes away (`navigator.sendBeacon`); false when refused. */
  sendBeacon: (visitId: string, batch: ViewEventBatch) => boolean;
  /** Tells the server, as the page goes away after its last batch, that the visit is over. */
  sendEnd?: (visitId: string) => void;
  /** The visit this tracker reports to; by default a new one, not yet begun. */
  visit?: ViewTrackerVisit;
  /** The page has been seen `visitStartAfterMs`: time to start the visit (once per visit). */
  onSeen?: () => void;
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
  /**
   * The visit has begun on the server (sends what was held back), or is not counted (null:
   * nothing is measured or sent from then on).
   */
  begin(visitId: string | null): void;
  /** Sends the time seen so far, including the stretch still in progress. */
  flush(): Promise<void>;
  /**
   * Stops listening and sends what is left by beacon; what cannot be sent now (no visit yet,
   * the passcode ran out) waits in the visit for its next tracker.
   */
  stop(): void;
};

/**
 * What becomes of a batch whose request failed. It is sent again, with its number, when it may
 * not have been stored: no answer (status 0: offline, connection reset), 429, and 401 (the
 * passcode's cookie ran out; sent once the page is unlocked again). Its number makes a second
 * copy harmless: the server stores a number once. A 503 (a restart, a database outage) is
 * retried too. Any other 5xx is dropped, as is every other refusal: sent again, a batch the
 * server cannot take would hold up every batch after it.
 */
function failureOf(error: unknown): 'retry' | 'locked' | 'full' | 'drop' {
  if (!(error instanceof ApiError)) return 'drop';
  // 503 is the server draining or its database away for a moment: it says to come back.
  if (error.status === 0 || error.status === 429 || error.status === 503) return 'retry';
  if (error.status === 401) return 'locked';
  if (error.status === 400 && error.code === 'too_many_events') return 'full';
  return 'drop';
}

/**
 * Measures how long each slide is on screen in a visible page, as the events of
 * `POST /api/client-view/:token/visits/:visitId/events`. Time is cut into pieces whenever the
 * slide changes, the page hides, or a flush sends what was seen so far; pieces of one look at a
 * slide keep that look's `view` number, so the server counts the look once and sums its time.
 * Events wait until the visit has begun (`begin`), which the tracker asks for (`onSeen`) once
 * the page has been seen `visitStartAfterMs`. Batches are numbered 1, 2, 3… per visit and sent
 * in order, one request at a time; a batch not surely stored is sent again with its number, and
 * newer events wait (adding up) until it is through.
 * Glances under `minViewMs` and time while the timers were suspended are not counted.
 */
export function createViewTracker(options: ViewTrackerOptions): ViewTracker {
  const { now, send, sendBeacon, sendEnd, onSeen, onRejected } = options;
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
  // What an earlier tracker of this visit measured and could not send goes first.
  let pending: ViewEvent[] = visit.unsent.splice(0);
  let timer: ReturnType<typeof setInterval> | undefined;
  let seenTimer: ReturnType<typeof setTimeout> | undefined;
  /** The server last answered 401: beacons would be refused too, so events wait for the unlock. */
  let isLocked = false;
  // A visit that reports nothing more is not tracked again (the page remounted).
  let isStopped = visit.isClosed;
  /** The flush under way: flushes run one after another, so batches leave in order. */
  let flushing: Promise<void> | null = null;

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
    visit.seenMs += ms;
    if (shown.view !== null) {
      addToPending(shown.slide, shown.view, ms);
      return;
    }
    shown.glanceMs += ms;
    if (shown.glanceMs < minViewMs) return;
    shown.view = visit.nextView++;
    addToPending(shown.slide, shown.view, shown.glanceMs);
  }

  /** Waits for the page to have been seen long enough to start the visit, while it is seen. */
  function watchSeen() {
    clearTimeout(seenTimer);
    seenTimer = undefined;
    if (visit.isSeen || isStopped || !isCounting() || pieceStart === null) return;
    const counted = visit.seenMs + Math.max(0, now() - pieceStart);
    seenTimer = setTimeout(checkSeen, Math.max(0, visitStartAfterMs - counted));
  }

  function checkSeen() {
    seenTimer = undefined;
    cutPiece();
    if (visit.seenMs < visitStartAfterMs) {
      watchSeen();
      return;
    }
    visit.isSeen = true;
    onSeen?.();
  }

  /** Numbers what is pending into batches at the end of the queue (once the visit exists). */
  function enqueuePending() {
    cutPiece();
    if (visit.id === null) return;
    for (let i = 0; i < pending.length; i += viewEventBatchSize) {
      visit.queue.push({
        sequence: visit.nextSequence++,
        events: pending.slice(i, i + viewEventBatchSize),
      });
    }
    pending = [];
  }

  function dequeue(batch: ViewEventBatch) {
    const index = visit.queue.indexOf(batch);
    if (index >= 0) visit.queue.splice(index, 1);
  }

  function setVisible(visible: boolean) {
    if (visible === isVisible) return;
    cutPiece();
    isVisible = visible;
    pieceStart = isCounting() ? now() : null;
    watchSeen();
  }

  function flushByBeacon() {
    cutPiece();
    // Without the passcode's cookie the server would refuse them, and a beacon cannot tell;
    // without a visit there is nowhere to send them.
    if (isLocked || visit.id === null) return;
    enqueuePending();
    for (const batch of [...visit.queue]) {
      // The browser's beacon queue is full: this one and the rest wait for the next flush.
      if (!sendBeacon(visit.id, batch)) return;
      dequeue(batch);
    }
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
    // Everything sent: the visit is over (the server's sweep ends it otherwise, once quiet).
    if (!isLocked && visit.id !== null && visit.queue.length === 0) sendEnd?.(visit.id);
  };
  // A page restored from the back/forward cache counts again.
  const onPageShow = () => setVisible(page.visibilityState === 'visible');

  function stopListening() {
    page.removeEventListener('visibilitychange', onVisibilityChange);
    win.removeEventListener('pagehide', onPageHide);
    win.removeEventListener('pageshow', onPageShow);
    clearInterval(timer);
    clearTimeout(seenTimer);
    seenTimer = undefined;
  }

  /** Nothing more this visit reports would be stored (or counted): stop for good. */
  function halt() {
    visit.isClosed = true;
    visit.queue = [];
    visit.unsent = [];
    stopListening();
    isStopped = true;
    shown = null;
    pieceStart = null;
    pending = [];
  }

  /** Sends the queue in order; false when a batch has to wait (or the tracker halted). */
  async function sendQueue(visitId: string) {
    while (visit.queue.length > 0) {
      const batch = visit.queue[0]!;
      try {
        await send(visitId, batch);
        isLocked = false;
        dequeue(batch);
      } catch (error) {
        const failure = failureOf(error);
        if (failure !== 'retry') onRejected?.(error);
        if (failure === 'full') {
          halt();
          return false;
        }
        if (failure === 'drop') {
          dequeue(batch);
          continue;
        }
        // This one and those after it wait, in order, for the next flush (or the unlock).
        if (failure === 'locked') isLocked = true;
        return false;
      }
    }
    return true;
  }

  async function flushNow() {
    if (isStopped) return;
    cutPiece();
    const visitId = visit.id;
    if (visitId === null) return;
    // Batches already numbered go first; new events wait, adding up, until those are through.
    const isHeldUp = visit.queue.length > 0;
    if (!isHeldUp) enqueuePending();
    if (!(await sendQueue(visitId)) || !isHeldUp || isStopped) return;
    enqueuePending();
    await sendQueue(visitId);
  }

  /** Starts at once when no flush is under way, else right after it. */
  function flush() {
    const run = flushing ? flushing.then(flushNow) : flushNow();
    const current: Promise<void> = run.finally(() => {
      if (flushing === current) flushing = null;
    });
    flushing = current;
    return current;
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
      watchSeen();
    },
    begin(visitId) {
      if (isStopped) return;
      if (visitId === null) {
        halt();
        return;
      }
      visit.id = visitId;
      void flush();
    },
    flush,
    stop() {
      if (isStopped) return;
      stopListening();
      setVisible(false);
      flushByBeacon();
      isStopped = true;
      // Kept back (no visit yet, locked out): the visit's next tracker sends them.
      visit.unsent.push(...pending);
      pending = [];
    },
  };
}
