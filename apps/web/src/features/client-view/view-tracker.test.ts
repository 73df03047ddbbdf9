import { viewEventLimits, type ViewEvent, type ViewEventBatch } from '@deck-portal/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import {
  createViewTracker,
  createViewTrackerVisit,
  viewFlushIntervalMs,
  visitStartAfterMs,
  type ViewTrackerOptions,
} from './view-tracker.ts';

/**
 * A tracker on a fake page and clock, of a visit seen and begun as 'v1' unless `isBegun` is
 * false; `sent` and `beaconed` record what left.
 */
function setup({
  isBegun = true,
  visit = createViewTrackerVisit(),
  ...overrides
}: Partial<ViewTrackerOptions> & { isBegun?: boolean } = {}) {
  let time = 0;
  if (isBegun) visit.isSeen = true;
  const page = Object.assign(new EventTarget(), {
    visibilityState: 'visible' as DocumentVisibilityState,
  });
  const win = new EventTarget();
  const sent: ViewEventBatch[] = [];
  const beaconed: ViewEventBatch[] = [];
  const tracker = createViewTracker({
    now: () => time,
    send: async (_visitId, batch) => {
      sent.push(structuredClone(batch));
    },
    sendBeacon: (_visitId, batch) => {
      beaconed.push(structuredClone(batch));
      return true;
    },
    document: page,
    window: win,
    visit,
    ...overrides,
  });
  if (isBegun) tracker.begin('v1');
  return {
    tracker,
    sent,
    beaconed,
    advance(ms: number) {
      time += ms;
    },
    setVisibility(state: DocumentVisibilityState) {
      page.visibilityState = state;
      page.dispatchEvent(new Event('visibilitychange'));
    },
    pageHide() {
      win.dispatchEvent(new Event('pagehide'));
    },
  };
}

const eventsOf = (batches: ViewEventBatch[]): ViewEvent[] => batches.flatMap((b) => b.events);

afterEach(() => {
  vi.useRealTimers();
});

describe('createViewTracker', () => {
  it('counts time only while the page is visible, and a slide resumed keeps its view', async () => {
    const page = setup();
    page.tracker.start();
    page.tracker.showSlide(1);
    page.advance(1_000);
    page.setVisibility('hidden');
    page.advance(60_000);
    page.setVisibility('visible');
    page.advance(500);
    await page.tracker.flush();

    expect(eventsOf(page.beaconed)).toEqual([{ slide: 1, ms: 1_000, view: 0 }]);
    expect(eventsOf(page.sent)).toEqual([{ slide: 1, ms: 500, view: 0 }]);
  });

  it('counts nothing when the page starts hidden, until it shows', async () => {
    const page = setup();
    page.setVisibility('hidden');
    page.tracker.start();
    page.tracker.showSlide(1);
    page.advance(5_000);
    await page.tracker.flush();
    expect(page.sent).toEqual([]);

    page.setVisibility('visible');
    page.advance(700);
    await page.tracker.flush();
    expect(eventsOf(page.sent)).toEqual([{ slide: 1, ms: 700, view: 0 }]);
  });

  it('numbers each time a slide is brought on screen, across all slides', async () => {
    const page = setup();
    page.tracker.start();
    page.tracker.showSlide(1);
    page.advance(1_000);
    page.tracker.showSlide(2);
    page.advance(2_000);
    // The same slide again (a click on its own thumbnail) is no new view.
    page.tracker.showSlide(2);
    page.advance(500);
    page.tracker.showSlide(1);
    page.advance(3_000);
    await page.tracker.flush();

    expect(eventsOf(page.sent)).toEqual([
      { slide: 1, ms: 1_000, view: 0 },
      { slide: 2, ms: 2_500, view: 1 },
      { slide: 1, ms: 3_000, view: 2 },
    ]);
  });

  it('goes on numbering the views of the visit it is given', async () => {
    const visit = { ...createViewTrackerVisit(), nextView: 7 };
    const page = setup({ visit });
    page.tracker.start();
    page.tracker.showSlide(1);
    page.advance(400);
    page.tracker.showSlide(2);
    page.advance(400);
    await page.tracker.flush();
    expect(eventsOf(page.sent).map((event) => event.view)).toEqual([7, 8]);
    expect(visit.nextView).toBe(9);
  });

  it('drops stretches under a millisecond and carries the fraction on', async () => {
    const page = setup();
    page.tracker.start();
    page.tracker.showSlide(1);
    page.advance(500.6);
    await page.tracker.flush();
    expect(eventsOf(page.sent)).toEqual([{ slide: 1, ms: 500, view: 0 }]);
    page.advance(0.3);
    await page.tracker.flush();
    expect(page.sent).toHaveLength(1);
    page.advance(0.3);
    await page.tracker.flush();
    expect(eventsOf(page.sent)).toEqual([
      { slide: 1, ms: 500, view: 0 },
      { slide: 1, ms: 1, view: 0 },
    ]);
  });

  it('drops a glance under 300 ms with its time, and gives it no view number', async () => {
    const page = setup();
    page.tracker.start();
    page.tracker.showSlide(1);
    page.advance(1_000);
    // Arrow-key repeat: slides passed on the way.
    page.tracker.showSlide(2);
    page.advance(299);
    page.tracker.showSlide(3);
    page.advance(40);
    page.tracker.showSlide(4);
    page.advance(300);
    page.tracker.showSlide(5);
    page.advance(10);
    await page.tracker.flush();
    page.pageHide();

    expect(eventsOf(page.sent)).toEqual([
      { slide: 1, ms: 1_000, view: 0 },
      { slide: 4, ms: 300, view: 1 },
    ]);
    expect(page.beaconed).toEqual([]);
  });

  it('counts a look once its visible time reaches 300 ms, across flushes and hiding', async () => {
    const page = setup();
    page.tracker.start();
    page.tracker.showSlide(1);
    page.advance(150);
    await page.tracker.flush();
    page.setVisibility('hidden');
    page.advance(10_000);
    page.setVisibility('visible');
    page.advance(100);
    await page.tracker.flush();
    expect(page.sent).toEqual([]);
    expect(page.beaconed).toEqual([]);

    page.advance(100);
    await page.tracker.flush();
    expect(eventsOf(page.sent)).toEqual([{ slide: 1, ms: 350, view: 0 }]);
  });

  it('sends a long look every 15 s under one view, each millisecond once', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const page = setup();
    page.tracker.start();
    page.tracker.showSlide(3);
    for (let i = 0; i < 3; i++) {
      page.advance(viewFlushIntervalMs);
      await vi.advanceTimersByTimeAsync(viewFlushIntervalMs);
    }
    page.advance(4_000);
    page.pageHide();

    expect(page.sent).toEqual([
      { sequence: 1, events: [{ slide: 3, ms: 15_000, view: 0 }] },
      { sequence: 2, events: [{ slide: 3, ms: 15_000, view: 0 }] },
      { sequence: 3, events: [{ slide: 3, ms: 15_000, view: 0 }] },
    ]);
    expect(page.beaconed).toEqual([{ sequence: 4, events: [{ slide: 3, ms: 4_000, view: 0 }] }]);
  });

  it('caps a piece at 30 s when timers were suspended (laptop asleep, tab visible)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const page = setup();
    page.tracker.start();
    page.tracker.showSlide(1);
    // Asleep for an hour: the clock moved on, the interval did not fire.
    page.advance(60 * 60_000);
    await vi.advanceTimersByTimeAsync(viewFlushIntervalMs);
    page.advance(viewFlushIntervalMs);
    await vi.advanceTimersByTimeAsync(viewFlushIntervalMs);

    expect(page.sent).toEqual([
      { sequence: 1, events: [{ slide: 1, ms: 2 * viewFlushIntervalMs, view: 0 }] },
      { sequence: 2, events: [{ slide: 1, ms: viewFlushIntervalMs, view: 0 }] },
    ]);
  });

  it('caps one event at the longest stretch the server accepts', async () => {
    let isOnline = false;
    const sent: ViewEventBatch[] = [];
    const page = setup({
      send: async (_visitId, batch) => {
        if (!isOnline) throw new ApiError(0, 'network_error', 'The server could not be reached.');
        sent.push(structuredClone(batch));
      },
    });
    page.tracker.start();
    page.tracker.showSlide(1);
    // Offline: the first batch waits to be sent again, while the pieces of the look after it
    // pile up, each added to the one before.
    const pieces = viewEventLimits.maxMs / viewFlushIntervalMs + 2;
    for (let i = 0; i < pieces; i++) {
      page.advance(viewFlushIntervalMs);
      await page.tracker.flush();
    }
    isOnline = true;
    await page.tracker.flush();
    expect(sent).toEqual([
      { sequence: 1, events: [{ slide: 1, ms: viewFlushIntervalMs, view: 0 }] },
      {
        sequence: 2,
        events: [
          { slide: 1, ms: viewEventLimits.maxMs, view: 0 },
          { slide: 1, ms: viewFlushIntervalMs, view: 0 },
        ],
      },
    ]);
  });

  it('sends batches of at most 20 events', async () => {
    const page = setup();
    page.tracker.start();
    for (let slide = 1; slide <= 45; slide++) {
      page.tracker.showSlide(slide);
      page.advance(500);
    }
    await page.tracker.flush();
    expect(page.sent.map((batch) => batch.events.length)).toEqual([20, 20, 5]);
    expect(eventsOf(page.sent).map((event) => event.view)).toEqual(
      Array.from({ length: 45 }, (_, view) => view),
    );
    page.pageHide();
    expect(page.beaconed).toEqual([]);
  });

  it('sends what is left by beacon on pagehide, and nothing twice', async () => {
    const page = setup();
    page.tracker.start();
    page.tracker.showSlide(1);
    page.advance(2_000);
    await page.tracker.flush();
    page.advance(1_500);
    page.tracker.showSlide(2);
    page.advance(400);
    page.pageHide();
    page.advance(10_000);
    await page.tracker.flush();
    page.pageHide();

    expect(eventsOf(page.sent)).toEqual([{ slide: 1, ms: 2_000, view: 0 }]);
    expect(page.beaconed).toEqual([
      {
        sequence: 2,
        events: [
          { slide: 1, ms: 1_500, view: 0 },
          { slide: 2, ms: 400, view: 1 },
        ],
      },
    ]);
  });

  it('keeps events the browser would not beacon, and sends them on the next flush', async () => {
    const page = setup({ sendBeacon: () => false });
    page.tracker.start();
    page.tracker.showSlide(1);
    page.advance(800);
    page.pageHide();
    await page.tracker.flush();
    expect(eventsOf(page.sent)).toEqual([{ slide: 1, ms: 800, view: 0 }]);
  });

  it.each([
    ['no answer (status 0)', new ApiError(0, 'network_error', 'The server could not be reached.')],
    ['429', new ApiError(429, 'too_many_requests', 'Slow down.')],
    ['503 (a restart, a database outage)', new ApiError(503, 'service_unavailable', 'Back soon.')],
  ])('sends again, with its own number, a batch that may not be stored: %s', async (_, failure) => {
    const failures = [failure];
    const sent: ViewEventBatch[] = [];
    const page = setup({
      send: async (_visitId, batch) => {
        const failure = failures.shift();
        if (failure) throw failure;
        sent.push(structuredClone(batch));
      },
    });
    page.tracker.start();
    page.tracker.showSlide(1);
    page.advance(1_000);
    await page.tracker.flush();
    expect(sent).toEqual([]);
    page.advance(500);
    await page.tracker.flush();
    // Had the server stored it (the answer lost on the way back), it stores a number once.
    expect(sent).toEqual([
      { sequence: 1, events: [{ slide: 1, ms: 1_000, view: 0 }] },
      { sequence: 2, events: [{ slide: 1, ms: 500, view: 0 }] },
    ]);
  });

  it.each([500, 502, 504])(
    'drops a batch answered %i rather than hold up the batches after it',
    async (status) => {
      const failure = new ApiError(status, 'http_error', `HTTP error! status: ${status}`);
      const failures = [failure];
      const sent: ViewEventBatch[] = [];
      const onRejected = vi.fn();
      const page = setup({
        send: async (_visitId, batch) => {
          const next = failures.shift();
          if (next) throw next;
          sent.push(structuredClone(batch));
        },
        onRejected,
      });
      page.tracker.start();
      page.tracker.showSlide(1);
      page.advance(1_000);
      await page.tracker.flush();
      page.advance(500);
      await page.tracker.flush();
      page.pageHide();
      expect(sent).toEqual([{ sequence: 2, events: [{ slide: 1, ms: 500, view: 0 }] }]);
      expect(page.beaconed).toEqual([]);
      expect(onRejected).toHaveBeenCalledWith(failure);
    },
  );

  it('keeps what was refused for want of the passcode (401) for after the unlock', async () => {
    const visit = createViewTrackerVisit();
    const expired = new ApiError(401, 'passcode_required', 'Enter the passcode.');
    const onRejected = vi.fn();
    const locked = setup({
      visit,
      send: async () => {
        throw expired;
      },
      onRejected,
    });
    locked.tracker.start();
    locked.tracker.showSlide(1);
    locked.advance(1_000);
    await locked.tracker.flush();
    // The page asks for the view again, which brings back the passcode form.
    expect(onRejected).toHaveBeenCalledWith(expired);
    locked.advance(500);
    // A beacon would be refused the same way, and nobody would know.
    locked.setVisibility('hidden');
    locked.tracker.stop();
    expect(locked.beaconed).toEqual([]);

    // Unlocked: the deck shows again, with a new tracker for the same visit.
    const unlocked = setup({ visit });
    unlocked.tracker.start();
    unlocked.tracker.showSlide(2);
    unlocked.advance(700);
    await unlocked.tracker.flush();
    expect(unlocked.sent).toEqual([
      { sequence: 1, events: [{ slide: 1, ms: 1_000, view: 0 }] },
      {
        sequence: 2,
        events: [
          { slide: 1, ms: 500, view: 0 },
          { slide: 2, ms: 700, view: 1 },
        ],
      },
    ]);
  });

  it('stops for the rest of the visit once the server holds all its events', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const visit = createViewTrackerVisit();
    const full = new ApiError(
      400,
      'too_many_events',
      'This visit has reported too many slide views.',
    );
    const onRejected = vi.fn();
    const send = vi.fn(async () => {
      throw full;
    });
    const page = setup({ visit, send, onRejected });
    page.tracker.start();
    // Two batches' worth: the second is not sent after the first is refused.
    for (let slide = 1; slide <= 25; slide++) {
      page.tracker.showSlide(slide);
      page.advance(500);
    }
    await vi.advanceTimersByTimeAsync(viewFlushIntervalMs);
    expect(send).toHaveBeenCalledTimes(1);
    expect(onRejected).toHaveBeenCalledWith(full);

    page.tracker.showSlide(1);
    page.advance(5 * viewFlushIntervalMs);
    await vi.advanceTimersByTimeAsync(5 * viewFlushIntervalMs);
    await page.tracker.flush();
    page.setVisibility('hidden');
    page.pageHide();
    page.tracker.stop();
    expect(send).toHaveBeenCalledTimes(1);
    expect(page.beaconed).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);

    // The page remounts within the same visit: still nothing.
    const again = setup({ visit, send });
    again.tracker.start();
    again.tracker.showSlide(2);
    again.advance(2 * viewFlushIntervalMs);
    await vi.advanceTimersByTimeAsync(2 * viewFlushIntervalMs);
    again.tracker.stop();
    expect(send).toHaveBeenCalledTimes(1);
    expect(again.beaconed).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('drops a batch the server refused and reports why', async () => {
    const refusal = new ApiError(404, 'link_unavailable', 'gone');
    const onRejected = vi.fn();
    const send = vi.fn(async () => {
      throw refusal;
    });
    const page = setup({ send, onRejected });
    page.tracker.start();
    page.tracker.showSlide(1);
    page.advance(1_000);
    await page.tracker.flush();
    expect(onRejected).toHaveBeenCalledWith(refusal);
    await page.tracker.flush();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('stops counting and sends the rest by beacon when stopped', async () => {
    const page = setup();
    page.tracker.start();
    page.tracker.showSlide(1);
    page.advance(900);
    page.tracker.stop();
    page.advance(5_000);
    page.setVisibility('hidden');
    await page.tracker.flush();
    expect(eventsOf(page.beaconed)).toEqual([{ slide: 1, ms: 900, view: 0 }]);
    expect(page.sent).toEqual([]);
  });
  it('numbers its batches 1, 2, 3… per visit, across beacons and the trackers of the visit', async () => {
    const visit = createViewTrackerVisit();
    const first = setup({ visit });
    first.tracker.start();
    first.tracker.showSlide(1);
    first.advance(1_000);
    await first.tracker.flush();
    first.advance(1_000);
    first.setVisibility('hidden');
    first.tracker.stop();

    // The page remounts (the passcode form came and went): the visit goes on numbering.
    const second = setup({ visit });
    second.tracker.start();
    second.tracker.showSlide(2);
    second.advance(1_000);
    await second.tracker.flush();
    expect(first.sent.map((batch) => batch.sequence)).toEqual([1]);
    expect(first.beaconed.map((batch) => batch.sequence)).toEqual([2]);
    expect(second.sent.map((batch) => batch.sequence)).toEqual([3]);
  });

  it('sends one batch at a time, in order: a flush while one is in flight waits for it', async () => {
    const answers: (() => void)[] = [];
    const started: number[] = [];
    const page = setup({
      send: (_visitId, batch) => {
        started.push(batch.sequence);
        return new Promise<void>((resolve) => answers.push(resolve));
      },
    });
    page.tracker.start();
    page.tracker.showSlide(1);
    page.advance(1_000);
    const firstFlush = page.tracker.flush();
    await vi.waitFor(() => expect(started).toEqual([1]));
    page.advance(1_000);
    const secondFlush = page.tracker.flush();
    // Batch 2 waits for batch 1's answer.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started).toEqual([1]);
    answers.shift()!();
    await firstFlush;
    await vi.waitFor(() => expect(started).toEqual([1, 2]));
    answers.shift()!();
    await secondFlush;
  });

  it('asks for the visit once the page has been seen 2 s, then sends what it measured meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const onSeen = vi.fn();
    const visitIds: string[] = [];
    const sent: ViewEventBatch[] = [];
    const page = setup({
      isBegun: false,
      onSeen,
      send: async (visitId, batch) => {
        visitIds.push(visitId);
        sent.push(structuredClone(batch));
      },
    });
    const see = async (ms: number) => {
      page.advance(ms);
      await vi.advanceTimersByTimeAsync(ms);
    };
    page.tracker.start();
    page.tracker.showSlide(1);
    await see(1_500);
    // Hidden time does not count towards it.
    page.setVisibility('hidden');
    await see(60_000);
    page.setVisibility('visible');
    await see(visitStartAfterMs - 1_500 - 1);
    expect(onSeen).not.toHaveBeenCalled();
    // With no visit yet, nothing is sent, however long it waits.
    await page.tracker.flush();
    expect(page.beaconed).toEqual([]);
    await see(1);
    expect(onSeen).toHaveBeenCalledTimes(1);

    page.tracker.showSlide(2);
    await see(700);
    page.tracker.begin('v9');
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(visitIds).toEqual(['v9']);
    expect(sent).toEqual([
      {
        sequence: 1,
        events: [
          { slide: 1, ms: visitStartAfterMs, view: 0 },
          { slide: 2, ms: 700, view: 1 },
        ],
      },
    ]);
    await see(30_000);
    expect(onSeen).toHaveBeenCalledTimes(1);
  });

  it('never asks for a visit when the page goes within 2 s of being seen (a mail scanner)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const onSeen = vi.fn();
    const page = setup({ isBegun: false, onSeen });
    page.tracker.start();
    page.tracker.showSlide(1);
    page.advance(visitStartAfterMs - 100);
    await vi.advanceTimersByTimeAsync(visitStartAfterMs - 100);
    page.pageHide();
    page.tracker.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onSeen).not.toHaveBeenCalled();
    expect(page.sent).toEqual([]);
    expect(page.beaconed).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('measures and sends nothing once told the visit is not counted', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const visit = createViewTrackerVisit();
    const page = setup({ isBegun: false, visit });
    page.tracker.start();
    page.tracker.showSlide(1);
    page.advance(visitStartAfterMs);
    await vi.advanceTimersByTimeAsync(visitStartAfterMs);
    page.tracker.begin(null);
    page.advance(viewFlushIntervalMs);
    await vi.advanceTimersByTimeAsync(viewFlushIntervalMs);
    page.pageHide();
    expect(page.sent).toEqual([]);
    expect(page.beaconed).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
    expect(visit.isClosed).toBe(true);
  });
});
