import type { SlideViewStats } from '@deck-portal/domain';
import { Badge, Box, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { formatDuration } from '../../../lib/format-duration.ts';
import classes from './time-per-slide.module.css';

function viewsText(views: number): string {
  if (views === 0) return 'Not viewed';
  return views === 1 ? '1 view' : `${views.toLocaleString('en-US')} views`;
}

/** The slide the client spent longest on; none before any time was recorded. */
export function longestViewedSlide(slides: readonly SlideViewStats[]): number | null {
  let longest: SlideViewStats | null = null;
  for (const stats of slides) {
    if (stats.totalMs > 0 && (!longest || stats.totalMs > longest.totalMs)) longest = stats;
  }
  return longest?.slide ?? null;
}

function SlideRow({
  deckId,
  version,
  stats,
  maxMs,
  isLongest,
}: {
  deckId: string;
  version: number;
  stats: SlideViewStats;
  maxMs: number;
  isLongest: boolean;
}) {
  const share = maxMs > 0 ? (stats.totalMs / maxMs) * 100 : 0;
  return (
    <li className={classes.row} data-longest={isLongest || undefined}>
      <Image
        src={`/api/decks/${encodeURIComponent(deckId)}/slides/${stats.slide}?version=${version}`}
        // Decorative: the row's slide title beside it already names it.
        alt=""
        loading="lazy"
        radius="sm"
        className={classes.thumbnail}
      />
      <Stack gap={6} className={classes.body}>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {stats.title}
          </Text>
          <Text size="xs" c="dimmed">
            Slide {stats.slide}
          </Text>
          {isLongest && (
            <Badge color="teal" variant="light" size="sm" tt="none">
              Most viewed
            </Badge>
          )}
        </Group>
        {/* The bar only pictures the time written beside it. */}
        <Box className={classes.track} aria-hidden>
          <Box
            className={classes.bar}
            data-longest={isLongest || undefined}
            style={{ width: `${share}%` }}
          />
        </Box>
      </Stack>
      <Stack gap={0} className={classes.figures}>
        <Text size="sm" fw={600}>
          {formatDuration(stats.totalMs)}
        </Text>
        <Text size="xs" c="dimmed">
          {viewsText(stats.views)}
        </Text>
      </Stack>
    </li>
  );
}

/**
 * One row per slide of one version of the deck: its thumbnail and title, a bar of its time,
 * the time and the views. `heading` names the version when the link showed more than one.
 */
export function TimePerSlide({
  deckId,
  version,
  slides,
  heading = 'Time per slide',
}: {
  deckId: string;
  version: number;
  slides: readonly SlideViewStats[];
  heading?: string;
}) {
  const maxMs = Math.max(0, ...slides.map((stats) => stats.totalMs));
  const longest = longestViewedSlide(slides);
  const titleId = `time-per-slide-${version}`;
  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" mb="md" id={titleId}>
        {heading}
      </Title>
      {slides.length === 0 ? (
        <Text size="sm" c="dimmed">
          This deck has no slides.
        </Text>
      ) : (
        <ul className={classes.list} aria-label={heading}>
          {slides.map((stats) => (
            <SlideRow
              key={stats.slide}
              deckId={deckId}
              version={version}
              stats={stats}
              maxMs={maxMs}
              isLongest={stats.slide === longest}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}
