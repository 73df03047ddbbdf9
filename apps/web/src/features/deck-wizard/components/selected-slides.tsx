import type { TemplateSlideInfo } from '@deck-portal/domain';
import { Pill, Text } from '@mantine/core';

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
    <Pill.Group aria-label="Selected slides">
      {ordered.map((slide) => (
        <Pill
          key={slide.id}
          size="md"
          withRemoveButton
          onRemove={() => onRemove(slide.id)}
          removeButtonProps={{ 'aria-label': `Remove ${slide.title}` }}
        >
          {slide.index + 1}. {slide.title}
        </Pill>
      ))}
    </Pill.Group>
  );
}
