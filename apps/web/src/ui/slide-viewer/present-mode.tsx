import { useEffect, useId, useRef } from 'react';
import type { SlideLink } from '@deck-portal/domain';
import { ActionIcon, Box, FocusTrap, Text, VisuallyHidden } from '@mantine/core';
import { useSwipe } from './use-swipe.ts';
import { SlideLinks } from './slide-links.tsx';
import { IconX } from '@tabler/icons-react';

/**
 * Full-screen present mode: the slide on black, keys or swipes to move, Escape to leave. A modal
 * dialog: focus moves into it when it opens, stays in it, and goes back where it was after.
 */
export function PresentMode({
  slides,
  current,
  onExit,
  onSwipe,
}: {
  slides: readonly { url: string; links?: readonly SlideLink[] }[];
  current: number;
  onExit: () => void;
  onSwipe: (direction: 1 | -1) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const swipe = useSwipe(onSwipe);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ref.current?.focus();
    return () => opener?.focus();
  }, []);
  useEffect(() => {
    const element = ref.current;
    // Where the browser refuses full screen the overlay still covers the window.
    element?.requestFullscreen?.().catch(() => undefined);
    const onChange = () => {
      if (!document.fullscreenElement) onExit();
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    };
  }, [onExit]);
  const slide = slides[current];
  const hintId = useId();
  return (
    <FocusTrap active>
      <Box
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-label="Presentation"
        aria-describedby={hintId}
        tabIndex={-1}
        {...swipe}
        style={{
          touchAction: 'pan-y',
          outline: 'none',
          position: 'fixed',
          inset: 0,
          zIndex: 1000,
          background: '#000',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        {slide && (
          <Box
            pos="relative"
            style={{ width: 'min(100vw, 100vh * 16 / 9)', aspectRatio: '16 / 9' }}
          >
            <img
              src={slide.url}
              alt={`Slide ${current + 1} of ${slides.length}`}
              style={{ display: 'block', width: '100%', height: '100%' }}
            />
            <SlideLinks links={slide.links} />
          </Box>
        )}
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label="Exit presentation"
          onClick={onExit}
          style={{ position: 'absolute', top: 16, right: 16 }}
        >
          <IconX />
        </ActionIcon>
        <Text
          size="sm"
          c="gray.5"
          style={{ position: 'absolute', bottom: 12, right: 20 }}
          aria-live="polite"
        >
          {current + 1} / {slides.length}
        </Text>
        <VisuallyHidden id={hintId}>
          Arrow keys or a swipe move between slides; Escape leaves the presentation.
        </VisuallyHidden>
      </Box>
    </FocusTrap>
  );
}
