import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { beaconViewEvents, sendViewEvents } from './api/send-view-events.ts';
import { useVisit } from './api/start-visit.ts';
import {
  createViewTracker,
  createViewTrackerVisit,
  type ViewTracker,
  type ViewTrackerVisit,
} from './view-tracker.ts';

/**
 * What the trackers of each link's visit share, kept as long as the query cache that holds the
 * visit (one visit per link and page load): the visit outlives the page's trackers (remounts,
 * the passcode form coming back).
 */
const trackerVisits = new WeakMap<QueryClient, Map<string, ViewTrackerVisit>>();

function trackerVisitOf(queryClient: QueryClient, token: string) {
  let visits = trackerVisits.get(queryClient);
  if (!visits) {
    visits = new Map();
    trackerVisits.set(queryClient, visits);
  }
  let visit = visits.get(token);
  if (!visit) {
    visit = createViewTrackerVisit();
    visits.set(token, visit);
  }
  return visit;
}

/**
 * Measures how long each slide is on screen, starts the visit once the page has been seen a
 * moment (`visitStartAfterMs`: a mail scanner running the page is no open), and reports the
 * time to it. Returns the SlideViewer's `onSlideChange` and the visit, once started.
 */
export function useViewTracking({
  token,
  onRejected,
}: {
  token: string;
  /** A visit or report the server refused (the link gone meanwhile, the passcode expired). */
  onRejected: (error: unknown) => void;
}) {
  // The slide on screen when a tracker starts is where its first view begins.
  const slideRef = useRef<number | null>(null);
  const trackerRef = useRef<ViewTracker | null>(null);
  const queryClient = useQueryClient();
  const [isSeen, setSeen] = useState(() => trackerVisitOf(queryClient, token).isSeen);
  const visit = useVisit(token, { enabled: isSeen });
  const reject = useEffectEvent((error: unknown) => onRejected(error));

  useEffect(() => {
    const tracker = createViewTracker({
      now: () => performance.now(),
      send: (visitId, batch) => sendViewEvents(token, visitId, batch),
      sendBeacon: (visitId, batch) => beaconViewEvents(token, visitId, batch),
      visit: trackerVisitOf(queryClient, token),
      onSeen: () => setSeen(true),
      onRejected: (error) => reject(error),
    });
    tracker.start();
    if (slideRef.current !== null) tracker.showSlide(slideRef.current);
    trackerRef.current = tracker;
    return () => {
      trackerRef.current = null;
      tracker.stop();
    };
  }, [queryClient, token]);

  const started = visit.data;
  useEffect(() => {
    if (started) trackerRef.current?.begin(started.visitId);
  }, [token, started]);

  useEffect(() => {
    if (visit.error) reject(visit.error);
  }, [visit.error]);

  const onSlideChange = useCallback((index: number) => {
    slideRef.current = index + 1;
    trackerRef.current?.showSlide(index + 1);
  }, []);
  return { onSlideChange, visit: started };
}
