import type { TemplateSlideInfo } from '@deck-portal/domain';
import { Badge, CloseButton, Group, Text } from '@mantine/core';

/** The chosen template slides as removable chips, in deck order. */
export function SelectedSlides({
  slides,
  selected,
  onRemove,
}: {
  slides: readonly TemplateSlideInfo[];
  selected: readonly string[];
  onRemove: (slideId: string) => void;
}) {
  const chosen = new Set(selected);
  const ordered = slides.filter((s) => chosen.has(s.id));
  if (ordered.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No slides selected yet.
      </Text>
    );
  }
  return (
    <Group gap={6} role="list" aria-label="Selected slides">
      {ordered.map((slide) => (
        <Badge
          key={slide.id}
          role="listitem"
          size="lg"
          radius="xl"
          variant="light"
          tt="none"
          fw={500}
          pr={4}
          rightSection={
            // Mantine's Pill hides its remove button from assistive technology; this one is a real button.
            <CloseButton
              size="xs"
              radius="xl"
              aria-label={`Remove ${slide.title}`}
              onClick={() => onRemove(slide.id)}
            />
          }
        >
          {slide.index + 1}. {slide.title}
        </Badge>
      ))}
    </Group>
  );
}
