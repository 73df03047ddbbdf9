/** @jsxImportSource preact */
import type { SlideLink } from '@deck-portal/domain';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { nextSlideIndex } from '../../../ui/slide-viewer/slide-navigation.ts';
import { slideLinkAnchors } from '../../../ui/slide-viewer/slide-link-anchors.ts';
import { swipeHandlers } from '../../../ui/slide-viewer/swipe-gesture.ts';
import { usePageLanguage } from '../page-language.ts';
import { ChevronLeft, ChevronRight, Close } from './icons.tsx';

type Slide = { index: number; url: string; links?: readonly SlideLink[] };

/**
 * The slide's linked words as links over its picture (see `slideLinkAnchors`); `onOpen` is told
 * which of them the client opened.
 */
function SlideLinks({
  links,
  onOpen,
}: {
  links?: readonly SlideLink[];
  onOpen?: ((link: number) => void) | undefined;
}) {
  return (
    <>
      {slideLinkAnchors(links).map(({ place, attributes }) => (
        <a key={place} class="cv-slide-link" {...attributes} onClick={() => onOpen?.(place)} />
      ))}
    </>
  );
}

/** Handlers for a swipe that call the latest `onSwipe`. */
function useSwipe(onSwipe: (direction: 1 | -1) => void) {
  const onSwipeRef = useRef(onSwipe);
  onSwipeRef.current = onSwipe;
  const [handlers] = useState(() => swipeHandlers((direction) => onSwipeRef.current(direction)));
  return handlers;
}

/**
 * A key as the viewer reads it: on a right-to-left page the next slide lies to the left (as the
 * slides' strip runs), so the left arrow moves forward there.
 */
const mirroredKey = (key: string, isRtl: boolean) =>
  !isRtl ? key : key === 'ArrowLeft' ? 'ArrowRight' : key === 'ArrowRight' ? 'ArrowLeft' : key;

/** Whether the device's main pointer is a finger (a phone, a tablet). */
function useIsTouch() {
  const [isTouch] = useState(() => window.matchMedia?.('(pointer: coarse)').matches ?? false);
  return isTouch;
}

/**
 * The client's slide viewer, as the portal's (ui/slide-viewer) behaves: the current slide with
 * previous/next, its position, a strip of thumbnails, arrow keys and swipes, and (while
 * `isPresenting`) full-screen present mode. The page owns the Present button.
 */
export function ClientSlideViewer({
  slides,
  isPresenting,
  onPresentingChange,
  onSlideChange,
  onLinkOpen,
}: {
  slides: readonly Slide[];
  isPresenting: boolean;
  onPresentingChange: (isPresenting: boolean) => void;
  /** The index (0-based) of the slide on screen: once on mount, then on every change. */
  onSlideChange: (index: number) => void;
  /** The client opened a link on a slide: the slide's number (1-based) and the link's place. */
  onLinkOpen?: (slide: number, link: number) => void;
}) {
  const [current, setCurrent] = useState(0);
  const count = slides.length;
  const thumbId = useId();
  const { texts, count: written } = usePageLanguage();
  const isRtl = texts.direction === 'rtl';
  const latest = useRef({ current, count, isPresenting, isRtl, onPresentingChange, onSlideChange });
  latest.current = { current, count, isPresenting, isRtl, onPresentingChange, onSlideChange };

  // The slide on screen when the viewer appears; every later change is told by `show`.
  useEffect(() => {
    if (count > 0) latest.current.onSlideChange(latest.current.current);
  }, [count]);

  /**
   * Brings slide `index` on screen and tells `onSlideChange` at once, in the event that moves
   * it: a report left to an effect after the next paint waits for the browser, and a busy or
   * throttled page then counts the new slide's first moments (seconds, at worst) on the old one.
   */
  const show = (index: number) => {
    const now = latest.current;
    const next = Math.min(Math.max(0, index), now.count - 1);
    if (next === now.current || next < 0) return;
    // Read by the next key press, which may come before the page is drawn again.
    now.current = next;
    setCurrent(next);
    now.onSlideChange(next);
  };
  const showRef = useRef(show);
  showRef.current = show;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
      const now = latest.current;
      if (event.key === 'Escape' && now.isPresenting) {
        now.onPresentingChange(false);
        return;
      }
      const next = nextSlideIndex(mirroredKey(event.key, now.isRtl), now.current, now.count);
      if (next === null) return;
      event.preventDefault();
      showRef.current(next);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Keep the thumbnail of the current slide in view.
  useEffect(() => {
    document
      .getElementById(`${thumbId}-${current}`)
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [thumbId, current]);

  const go = (direction: 1 | -1) => show(latest.current.current + direction);
  // A finger moving right brings the next slide on a right-to-left page.
  const swipeTo = (direction: 1 | -1) =>
    go(latest.current.isRtl ? (-direction as 1 | -1) : direction);
  const swipe = useSwipe(swipeTo);
  const isTouch = useIsTouch();
  const slide = slides[current];

  return (
    <div class="cv-viewer">
      <div class="cv-stage" {...swipe}>
        <div class="cv-frame">
          {slide ? (
            <>
              <img
                src={slide.url}
                alt={texts.slideOf(written(current + 1), written(count))}
                fetchpriority="high"
              />
              <SlideLinks links={slide.links} onOpen={(link) => onLinkOpen?.(slide.index, link)} />
            </>
          ) : (
            <p class="cv-empty">{texts.noSlides}</p>
          )}
        </div>
        <div class="cv-controls">
          <button
            type="button"
            class="cv-round"
            aria-label={texts.previousSlide}
            title={`${texts.previousSlide} (${isRtl ? '→' : '←'})`}
            disabled={current === 0}
            onClick={() => go(-1)}
          >
            {isRtl ? <ChevronRight /> : <ChevronLeft />}
          </button>
          <span aria-live="polite">
            {texts.slideOf(written(count === 0 ? 0 : current + 1), written(count))}
          </span>
          <button
            type="button"
            class="cv-round"
            aria-label={texts.nextSlide}
            title={`${texts.nextSlide} (${isRtl ? '←' : '→'})`}
            disabled={current >= count - 1}
            onClick={() => go(1)}
          >
            {isRtl ? <ChevronLeft /> : <ChevronRight />}
          </button>
        </div>
      </div>
      {/* A list of buttons: a screen reader announces "list, n items" and each slide's button. */}
      <ul class="cv-thumbs" aria-label={texts.slides}>
        {slides.map((s, index) => (
          <li key={s.index}>
            <button
              type="button"
              id={`${thumbId}-${index}`}
              aria-label={texts.goToSlide(written(index + 1))}
              aria-current={index === current ? 'true' : undefined}
              onClick={() => show(index)}
            >
              <img src={s.url} alt="" loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
      <p class="cv-hint">{isTouch ? texts.touchHint : texts.keysHint}</p>
      {isPresenting && (
        <PresentMode
          slides={slides}
          current={current}
          onExit={() => latest.current.onPresentingChange(false)}
          onSwipe={swipeTo}
          onLinkOpen={onLinkOpen}
        />
      )}
    </div>
  );
}

/**
 * Full-screen present mode: the slide on black, keys or swipes to move, Escape to leave. A modal
 * dialog: focus moves into it when it opens, stays in it, and goes back where it was after.
 */
function PresentMode({
  slides,
  current,
  onExit,
  onSwipe,
  onLinkOpen,
}: {
  slides: readonly Slide[];
  current: number;
  onExit: () => void;
  onSwipe: (direction: 1 | -1) => void;
  onLinkOpen?: ((slide: number, link: number) => void) | undefined;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const exitRef = useRef(onExit);
  exitRef.current = onExit;
  const swipe = useSwipe(onSwipe);
  const hintId = useId();
  const { texts, count: written } = usePageLanguage();

  useEffect(() => {
    const element = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element?.focus();
    // Where the browser refuses full screen the overlay still covers the window.
    element?.requestFullscreen?.().catch(() => undefined);
    const onChange = () => {
      if (!document.fullscreenElement) exitRef.current();
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      opener?.focus();
      // Leaving full screen (Escape does, before the page sees the key) hands focus to the page
      // body once the browser is done; focus goes back to the opener after that too.
      requestAnimationFrame(() => {
        if (opener?.isConnected && document.activeElement === document.body) opener.focus();
      });
    };
  }, []);

  // Focus stays in the dialog: its one control, or the dialog itself.
  const keepFocus = (event: KeyboardEvent) => {
    if (event.key !== 'Tab') return;
    event.preventDefault();
    ref.current?.querySelector('button')?.focus();
  };

  const slide = slides[current];
  return (
    <div
      ref={ref}
      class="cv-present"
      role="dialog"
      aria-modal="true"
      aria-label={texts.presentation}
      aria-describedby={hintId}
      tabIndex={-1}
      onKeyDown={keepFocus}
      {...swipe}
    >
      {slide && (
        <div class="cv-present-slide">
          <img src={slide.url} alt={texts.slideOf(written(current + 1), written(slides.length))} />
          <SlideLinks links={slide.links} onOpen={(link) => onLinkOpen?.(slide.index, link)} />
        </div>
      )}
      <button
        type="button"
        class="cv-present-exit"
        aria-label={texts.exitPresentation}
        onClick={() => exitRef.current()}
      >
        <Close />
      </button>
      <span class="cv-present-count" aria-live="polite">
        {written(current + 1)} / {written(slides.length)}
      </span>
      <span id={hintId} class="cv-visually-hidden">
        {texts.presentationHint}
      </span>
    </div>
  );
}
