import { useLayoutEffect, useRef, useState } from 'react';
import { swipeHandlers } from './swipe-gesture.ts';

/** A sideways swipe as `onSwipe(+1)` (next) or `onSwipe(-1)`: see swipeHandlers. */
export function useSwipe(onSwipe: (direction: 1 | -1) => void) {
  const onSwipeRef = useRef(onSwipe);
  useLayoutEffect(() => {
    onSwipeRef.current = onSwipe;
  });
  const [handlers] = useState(() => swipeHandlers((direction) => onSwipeRef.current(direction)));
  return handlers;
}
