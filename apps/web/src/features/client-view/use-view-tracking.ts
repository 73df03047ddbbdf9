import { useCallback, useEffect, useEffectEvent, useRef } from 'react';
import { beaconViewEvents, sendViewEvents } from './api/send-view-events.ts';
import {
  createViewTracker,
  createViewTrackerVisit,
  type ViewTracker,
  type ViewTrackerVisit,
} from './view-tracker.ts';

/** What the trackers of each visit share: a visit outlives the page's trackers (remounts). */
const trackerVisits = new Map<string, ViewTrackerVisit>();

function trackerVisitOf(visitId: string) {
  let visit = trackerVisits.get(visitId);
  if (!visit) {
    visit = createViewTrackerVisit();
    trackerVisits.set(visitId, visit);
  }
  return visit;
}

/**
 * Reports how long each slide is on screen during the visit `visitId` (none when null: the
 * visit is not counted). Returns the SlideViewer's `onSlideChange`.
 */
export function useViewTracking({
  token,
  visitId,
  onRejected,
}: {
  token: string;
  visitId: string | null;
  onRejected: (error: unknown) => void;
}) {
  // The slide shown before the visit started is where its first view begins.
  const slideRef = useRef<number | null>(null);
  const trackerRef = useRef<ViewTracker | null>(null);
  const reject = useEffectEvent((error: unknown) => onRejected(error));

  useEffect(() => {
    if (!visitId) return;
    const tracker = createViewTracker({
      now: () => performance.now(),
      send: (batch) => sendViewEvents(token, visitId, batch),
      sendBeacon: (batch) => beaconViewEvents(token, visitId, batch),
      visit: trackerVisitOf(visitId),
      onRejected: (error) => reject(error),
    });
    tracker.start();
    if (slideRef.current !== null) tracker.showSlide(slideRef.current);
    trackerRef.current = tracker;
    return () => {
      trackerRef.current = null;
      tracker.stop();
    };
  }, [token, visitId]);

  return useCallback((index: number) => {
    slideRef.current = index + 1;
    trackerRef.current?.showSlide(index + 1);
  }, []);
}
