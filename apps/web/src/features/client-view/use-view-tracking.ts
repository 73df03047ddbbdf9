import type { StartVisitResponse } from '@deck-portal/domain';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { startVisit } from './api/client-view-api.ts';
import { beaconViewEvents, beaconVisitEnd, sendViewEvents } from './api/send-view-events.ts';
import {
  createViewTracker,
  createViewTrackerVisit,
  type ViewTracker,
  type ViewTrackerVisit,
} from './view-tracker.ts';

/**
 * One page load's visit of a link: what its trackers share, and the visit started once. It
 * outlives the page's trackers (the passcode form coming back and going again).
 */
export type VisitSession = {
  token: string;
  tracker: ViewTrackerVisit;
  /** Starts the visit the first time; later calls get the same answer (one open per load). */
  start: () => Promise<StartVisitResponse>;
};

export function createVisitSession(token: string): VisitSession {
  let started: Promise<StartVisitResponse> | undefined;
  return {
    token,
    tracker: createViewTrackerVisit(),
    // Never asked again after a lost answer: that would count the opening twice.
    start: () => (started ??= startVisit(token)),
  };
}

/**
 * Measures how long each slide is on screen, starts the visit once the page has been seen a
 * moment (`visitStartAfterMs`: a mail scanner running the page is no open), and reports the
 * time to it. Returns the viewer's `onSlideChange` and the visit, once started.
 */
export function useViewTracking({
  session,
  onRejected,
}: {
  session: VisitSession;
  /** A visit or report the server refused (the link gone meanwhile, the passcode expired). */
  onRejected: (error: unknown) => void;
}) {
  const { token } = session;
  // The slide on screen when a tracker starts is where its first view begins.
  const slideRef = useRef<number | null>(null);
  const trackerRef = useRef<ViewTracker | null>(null);
  const rejectRef = useRef(onRejected);
  rejectRef.current = onRejected;
  const [isSeen, setSeen] = useState(() => session.tracker.isSeen);
  const [visit, setVisit] = useState<StartVisitResponse>();

  useEffect(() => {
    const tracker = createViewTracker({
      now: () => performance.now(),
      send: (visitId, batch) => sendViewEvents(token, visitId, batch),
      sendBeacon: (visitId, batch) => beaconViewEvents(token, visitId, batch),
      sendEnd: (visitId) => beaconVisitEnd(token, visitId),
      visit: session.tracker,
      onSeen: () => setSeen(true),
      onRejected: (error) => rejectRef.current(error),
    });
    tracker.start();
    if (slideRef.current !== null) tracker.showSlide(slideRef.current);
    trackerRef.current = tracker;
    return () => {
      trackerRef.current = null;
      tracker.stop();
    };
  }, [session, token]);

  useEffect(() => {
    if (!isSeen) return;
    let isCurrent = true;
    session.start().then(
      (started) => {
        if (!isCurrent) return;
        setVisit(started);
        trackerRef.current?.begin(started.visitId);
      },
      (error: unknown) => isCurrent && rejectRef.current(error),
    );
    return () => {
      isCurrent = false;
    };
  }, [session, isSeen]);

  const onSlideChange = useCallback((index: number) => {
    slideRef.current = index + 1;
    trackerRef.current?.showSlide(index + 1);
  }, []);
  return { onSlideChange, visit };
}
