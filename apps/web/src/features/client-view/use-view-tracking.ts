import { useCallback, useEffect, useEffectEvent, useRef } from 'react';
import { beaconViewEvents, sendViewEvents } from './api/send-view-events.ts';
import { createViewTracker, type ViewTracker } from './view-tracker.ts';

/** The next `view` number of each visit: a visit outlives the page's trackers (remounts). */
const nextViewOfVisit = new Map<string, number>();

function takeViewNumber(visitId: string) {
  const view = nextViewOfVisit.get(visitId) ?? 0;
  nextViewOfVisit.set(visitId, view + 1);
  return view;
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
      takeViewNumber: () => takeViewNumber(visitId),
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
