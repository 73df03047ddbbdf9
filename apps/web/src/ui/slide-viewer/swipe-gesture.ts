/** How far (px) a finger must travel sideways, more than up or down, to turn the slide. */
const SWIPE_DISTANCE = 40;

type PointerLike = { pointerType: string; pointerId: number; clientX: number; clientY: number };

/**
 * Handlers that turn a sideways swipe into `onSwipe(+1)` (to the next slide: finger moving left)
 * or `onSwipe(-1)`. Spread them on the element, with `touch-action: pan-y` so the browser keeps
 * vertical scrolling and leaves sideways moves to the page. Mouse drags are left alone. No
 * framework in here: the portal's viewer and the client's page both use it.
 */
export function swipeHandlers(onSwipe: (direction: 1 | -1) => void) {
  let start: { x: number; y: number; id: number } | null = null;
  return {
    onPointerDown(event: PointerLike) {
      if (event.pointerType === 'mouse') return;
      start = { x: event.clientX, y: event.clientY, id: event.pointerId };
    },
    onPointerUp(event: PointerLike) {
      const from = start;
      start = null;
      if (!from || from.id !== event.pointerId) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) < SWIPE_DISTANCE || Math.abs(dx) <= Math.abs(dy)) return;
      onSwipe(dx < 0 ? 1 : -1);
    },
    onPointerCancel() {
      start = null;
    },
  };
}
