import {
  useCallback,
  useEffect,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import {
  ActionIcon,
  AspectRatio,
  Box,
  Center,
  Group,
  Image,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import type { SlideLink } from '@deck-portal/domain';
import { PresentMode } from './present-mode.tsx';
import { SlideLinks } from './slide-links.tsx';
import { useSwipe } from './use-swipe.ts';
import { nextSlideIndex } from './slide-navigation.ts';

export type Slide = { index: number; url: string; links?: readonly SlideLink[] };

/**
 * A deck's slides in the browser: the current slide with previous/next, its position, a strip
 * of thumbnails, arrow-key navigation and (while `isPresenting`) full-screen present mode.
 * The page owns the Present button, so it sits with the page's other actions.
 */
export function SlideViewer({
  slides,
  isPresenting,
  onPresentingChange,
  onSlideChange,
}: {
  slides: readonly Slide[];
  isPresenting: boolean;
  onPresentingChange: (isPresenting: boolean) => void;
  /** The index (0-based) of the slide on screen: once on mount, then on every change. */
  onSlideChange?: (index: number) => void;
}) {
  const [current, setCurrent] = useState(0);
  const count = slides.length;
  const thumbId = useId();
  // Present mode enters full screen when its `onExit` changes, so it gets one that never does.
  const onPresentingChangeRef = useRef(onPresentingChange);
  useLayoutEffect(() => {
    onPresentingChangeRef.current = onPresentingChange;
  });
  const exitPresent = useCallback(() => onPresentingChangeRef.current(false), []);

  const reportSlide = useEffectEvent((index: number) => onSlideChange?.(index));
  useEffect(() => {
    if (count > 0) reportSlide(current);
  }, [current, count]);

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const target = event.target as HTMLElement | null;
    if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
    if (event.key === 'Escape' && isPresenting) {
      onPresentingChange(false);
      return;
    }
    const next = nextSlideIndex(event.key, current, count);
    if (next === null) return;
    event.preventDefault();
    setCurrent(next);
  });
  useEffect(() => {
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Keep the thumbnail of the current slide in view.
  useEffect(() => {
    document
      .getElementById(`${thumbId}-${current}`)
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [thumbId, current]);

  const slide = slides[current];
  const go = useCallback(
    (direction: 1 | -1) => setCurrent((c) => Math.min(Math.max(0, c + direction), count - 1)),
    [count],
  );
  const swipe = useSwipe(go);
  // A phone or tablet has no arrow keys to speak of: its hint is the swipe.
  const isTouch = useMediaQuery('(pointer: coarse)');

  return (
    <Stack gap="lg">
      <Box
        p={{ base: 'xs', sm: 'md' }}
        style={{
          background: '#1f2430',
          borderRadius: 'var(--mantine-radius-lg)',
          touchAction: 'pan-y',
        }}
        {...swipe}
      >
        <AspectRatio ratio={16 / 9}>
          {slide ? (
            <Box pos="relative">
              <Image
                src={slide.url}
                alt={`Slide ${current + 1} of ${count}`}
                radius="sm"
                style={{ background: 'white' }}
              />
              <SlideLinks links={slide.links} />
            </Box>
          ) : (
            <Center c="gray.4">This deck has no slides.</Center>
          )}
        </AspectRatio>
        <Group justify="space-between" mt="sm">
          <Tooltip label="Previous slide (←)">
            <ActionIcon
              variant="filled"
              color="dark.4"
              size="lg"
              radius="xl"
              aria-label="Previous slide"
              disabled={current === 0}
              onClick={() => setCurrent((c) => Math.max(0, c - 1))}
            >
              <IconChevronLeft />
            </ActionIcon>
          </Tooltip>
          <Text c="gray.3" size="sm" aria-live="polite">
            Slide {count === 0 ? 0 : current + 1} of {count}
          </Text>
          <Tooltip label="Next slide (→)">
            <ActionIcon
              variant="filled"
              color="dark.4"
              size="lg"
              radius="xl"
              aria-label="Next slide"
              disabled={current >= count - 1}
              onClick={() => setCurrent((c) => Math.min(count - 1, c + 1))}
            >
              <IconChevronRight />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Box>

      <ScrollArea type="auto" offsetScrollbars>
        {/* A list of buttons: a screen reader announces "list, n items" and each slide's button. */}
        <Group
          component="ul"
          gap="sm"
          wrap="nowrap"
          pb="xs"
          aria-label="Slides"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {slides.map((s, index) => (
            <li key={s.index} style={{ flex: '0 0 160px' }}>
              <UnstyledButton
                id={`${thumbId}-${index}`}
                aria-label={`Go to slide ${index + 1}`}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => setCurrent(index)}
                style={{
                  display: 'block',
                  width: '100%',
                  borderRadius: 'var(--mantine-radius-sm)',
                  outline:
                    index === current
                      ? '3px solid var(--mantine-color-blue-5)'
                      : '1px solid var(--mantine-color-gray-3)',
                  outlineOffset: index === current ? 0 : -1,
                  overflow: 'hidden',
                }}
              >
                <AspectRatio ratio={16 / 9}>
                  <img src={s.url} alt="" loading="lazy" style={{ background: 'white' }} />
                </AspectRatio>
              </UnstyledButton>
            </li>
          ))}
        </Group>
      </ScrollArea>
      <Text size="xs" c="dimmed" ta="center">
        {isTouch
          ? 'Swipe left or right to move between slides. Present shows them full screen.'
          : 'Use the arrow keys to move between slides. Present opens full screen; Escape leaves it.'}
      </Text>

      {isPresenting && (
        <PresentMode slides={slides} current={current} onExit={exitPresent} onSwipe={go} />
      )}
    </Stack>
  );
}
