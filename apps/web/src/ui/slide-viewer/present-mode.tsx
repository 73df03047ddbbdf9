import { useEffect, useRef } from 'react';
import { ActionIcon, Box, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';

/** Full-screen present mode: the slide on black, keys to move, Escape to leave. */
export function PresentMode({
  slides,
  current,
  onExit,
}: {
  slides: readonly { url: string }[];
  current: number;
  onExit: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
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
  return (
    <Box
      ref={ref}
      role="dialog"
      aria-label="Presentation"
      style={{
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
        <img
          src={slide.url}
          alt={`Slide ${current + 1} of ${slides.length}`}
          style={{ maxWidth: '100vw', maxHeight: '100vh', width: '100%', objectFit: 'contain' }}
        />
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
    </Box>
  );
}
