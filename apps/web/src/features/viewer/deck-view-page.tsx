import { useCallback, useEffect, useRef, useState } from 'react';
import {
  ActionIcon,
  Alert,
  AspectRatio,
  Box,
  Button,
  Center,
  Group,
  Image,
  Loader,
  ScrollArea,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconChevronLeft,
  IconChevronRight,
  IconDownload,
  IconFileTypePpt,
  IconPresentation,
  IconX,
} from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { BackToDashboardButton } from '../../ui/back-to-dashboard-button.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { useDeckSlides } from './api/get-deck-slides.ts';
import { nextSlideIndex } from './slide-navigation.ts';
import { NewTabButton } from '../../ui/new-tab-button.tsx';

type Slide = { index: number; url: string };

/** Full-screen present mode: the slide on black, keys to move, Escape to leave. */
function PresentMode({
  slides,
  current,
  onExit,
}: {
  slides: readonly Slide[];
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

function Viewer({ id }: { id: string }) {
  const deck = useDeckSlides(id);
  const [current, setCurrent] = useState(0);
  const [isPresenting, setPresenting] = useState(false);
  const slides = deck.data?.slides ?? [];
  const count = slides.length;
  const exitPresent = useCallback(() => setPresenting(false), []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
      if (event.key === 'Escape' && isPresenting) {
        setPresenting(false);
        return;
      }
      const next = nextSlideIndex(event.key, current, count);
      if (next === null) return;
      event.preventDefault();
      setCurrent(next);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current, count, isPresenting]);

  // Keep the thumbnail of the current slide in view.
  useEffect(() => {
    document
      .getElementById(`slide-thumb-${current}`)
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current]);

  if (deck.isPending) {
    return (
      <Center py={80}>
        <Loader aria-label="Loading deck" />
      </Center>
    );
  }
  if (deck.isError) {
    const error = deck.error;
    const isSignedOut = error instanceof ApiError && error.status === 401;
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title="Deck not available">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            {isSignedOut
              ? 'Sign in with the e-mail address the deck was shared with to view it.'
              : error instanceof ApiError && error.status === 404
                ? 'This deck does not exist or has not been shared with you.'
                : error.message}
          </Text>
          {isSignedOut && (
            <Button component={Link} to={paths.auth} size="xs">
              Sign in
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }

  const { title, clientName, pdfUrl, editUrl } = deck.data;
  const slide = slides[current];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {title || 'Untitled Deck'}
          </Title>
          <Text c="dimmed">{clientName || 'No client specified'}</Text>
        </Stack>
        <Group gap="sm">
          <Button
            leftSection={<IconPresentation size={16} />}
            onClick={() => setPresenting(true)}
            disabled={count === 0}
          >
            Present
          </Button>
          <NewTabButton href={pdfUrl} variant="light" leftSection={<IconDownload size={16} />}>
            Download PDF
          </NewTabButton>
          <NewTabButton href={editUrl} variant="light" leftSection={<IconFileTypePpt size={16} />}>
            Download PPTX
          </NewTabButton>
        </Group>
      </Group>

      <Box
        p={{ base: 'xs', sm: 'md' }}
        style={{ background: '#1f2430', borderRadius: 'var(--mantine-radius-lg)' }}
      >
        <AspectRatio ratio={16 / 9}>
          {slide ? (
            <Image
              src={slide.url}
              alt={`Slide ${current + 1} of ${count}`}
              radius="sm"
              style={{ background: 'white' }}
            />
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
        <Group gap="sm" wrap="nowrap" pb="xs" role="list" aria-label="Slides">
          {slides.map((s, index) => (
            <UnstyledButton
              key={s.index}
              id={`slide-thumb-${index}`}
              role="listitem"
              aria-label={`Go to slide ${index + 1}`}
              aria-current={index === current ? 'true' : undefined}
              onClick={() => setCurrent(index)}
              style={{
                flex: '0 0 160px',
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
          ))}
        </Group>
      </ScrollArea>
      <Text size="xs" c="dimmed" ta="center">
        Use the arrow keys to move between slides. Present opens full screen; Escape leaves it.
      </Text>

      {isPresenting && <PresentMode slides={slides} current={current} onExit={exitPresent} />}
    </Stack>
  );
}

/** /deck/{id}/view: the generated deck in the browser, slide by slide (DESIGN.md §5). */
export default function DeckViewPage() {
  const { id = '' } = useParams();
  return (
    <PageShell actions={<BackToDashboardButton />}>
      <Viewer id={id} />
    </PageShell>
  );
}
