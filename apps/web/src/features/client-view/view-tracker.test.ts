import { viewEventLimits, type ViewEvent, type ViewEventBatch } from '@deck-portal/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { createViewTracker, viewFlushIntervalMs, type ViewTrackerOptions } from './view-tracker.ts';

/** A tracker on a fake page and clock; `sent` and `beaconed` record what left. */
function setup(overrides: Partial<ViewTrackerOptions> = {}) {
  let time = 0;
  const page = Object.assign(new EventTarget(), {
    visibilityState: 'visible' as DocumentVisibilityState,
  });
  const win = new EventTarget();
  const sent: ViewEventBatch[] = [];
  const beaconed: ViewEventBatch[] = [];
  const tracker = createViewTracker({
    now: () => time,
    send: async (batch) => {
      sent.push(structuredClone(batch));
    },
    sendBeacon: (batch) => {
      beaconed.push(structuredClone(batch));
      return true;
    },
    document: page,
    window: win,
    ...overrides,
  });
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
    page.advance(100);
    page.tracker.showSlide(2);
    page.advance(200);
    // The same slide again (a click on its own thumbnail) is no new view.
    page.tracker.showSlide(2);
    page.advance(50);
    page.tracker.showSlide(1);
    page.advance(300);
    await page.tracker.flush();

    expect(eventsOf(page.sent)).toEqual([
      { slide: 1, ms: 100, view: 0 },
      { slide: 2, ms: 250, view: 1 },
      { slide: 1, ms: 300, view: 2 },
    ]);
  });

  it('takes view numbers from the counter it is given', async () => {
    let next = 7;
    const page = setup({ takeViewNumber: () => next++ });
    page.tracker.start();
    page.tracker.showSlide(1);
    page.advance(100);
    page.tracker.showSlide(2);
    page.advance(100);
    await page.tracker.flush();
    expect(eventsOf(page.sent).map((event) => event.view)).toEqual([7, 8]);
  });

  it('drops stretches under a millisecond and carries the fraction on', async () => {
    const page = setup();
    page.tracker.start();
    page.tracker.showSlide(1);
    page.advance(0.6);
    page.tracker.showSlide(2);
    page.advance(0.6);
    await page.tracker.flush();
    expect(page.sent).toEqual([]);
    page.advance(0.6);
    await page.tracker.flush();
    expect(eventsOf(page.sent)).toEqual([{ slide: 2, ms: 1, view: 1 }]);
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
      { events: [{ slide: 3, ms: 15_000, view: 0 }] },
      { events: [{ slide: 3, ms: 15_000, view: 0 }] },
      { events: [{ slide: 3, ms: 15_000, view: 0 }] },
    ]);
    expect(eventsOf(page.beaconed)).toEqual([{ slide: 3, ms: 4_000, view: 0 }]);
  });

  it('caps one event at the longest stretch the server accepts', async () => {
    const page = setup();
    page.tracker.start();
    page.tracker.showSlide(1);
    page.advance(viewEventLimits.maxMs + 5_000);
    await page.tracker.flush();
    expect(eventsOf(page.sent)).toEqual([{ slide: 1, ms: viewEventLimits.maxMs, view: 0 }]);
  });

  it('sends batches of at most 20 events', async () => {
    const page = setup();
    page.tracker.start();
    for (let slide = 1; slide <= 45; slide++) {
      page.tracker.showSlide(slide);
      page.advance(10);
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
    page.advance(250);
    page.pageHide();
    page.advance(10_000);
    await page.tracker.flush();
    page.pageHide();

    expect(eventsOf(page.sent)).toEqual([{ slide: 1, ms: 2_000, view: 0 }]);
    expect(page.beaconed).toEqual([
      {
        events: [
          { slide: 1, ms: 1_500, view: 0 },
          { slide: 2, ms: 250, view: 1 },
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

  it('sends again a batch that did not reach the server', async () => {
    const failures = [new ApiError(0, 'network_error', 'The server could not be reached.')];
    const sent: ViewEventBatch[] = [];
    const page = setup({
      send: async (batch) => {
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
    expect(eventsOf(sent)).toEqual([{ slide: 1, ms: 1_500, view: 0 }]);
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
});
