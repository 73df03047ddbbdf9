import type { EditedSlide, TemplateElement } from '@deck-portal/domain';
import { Grid, NavLink, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { describeElement } from '../../../lib/slide-document/element-boxes.ts';
import type { StudioCommand, StudioElement } from '../../../lib/slide-document/studio-commands.ts';
import { SlideCanvas } from '../../../ui/slide-canvas/slide-canvas.tsx';
import { useEditorSlidePreview } from '../api/preview-editor-slide.ts';
import { DeckElementPanel } from './deck-element-panel.tsx';

/**
 * The selected slide on the studio's canvas (drawn as the deck draws it), the selected element's
 * fields beside it, and the slide's elements as a list (to reach one hidden under another).
 */
export function SlideWorkspace({
  deckId,
  slide,
  previewed,
  selected,
  onSelect,
  isLocked,
  onCommand,
  onChange,
  onGestureStart,
  onGestureEnd,
  onModify,
}: {
  deckId: string;
  slide: EditedSlide;
  /** The slide as it is drawn: it follows the typing when the typing rests. */
  previewed: EditedSlide;
  selected: string | undefined;
  onSelect: (id: string | undefined) => void;
  isLocked: (element: TemplateElement) => boolean;
  onCommand: (command: StudioCommand) => void;
  onChange: (id: string, element: TemplateElement) => void;
  onGestureStart: () => void;
  onGestureEnd: () => void;
  onModify: (() => void) | undefined;
}) {
  const preview = useEditorSlidePreview(deckId, previewed);
  const elements = slide.document.elements as StudioElement[];
  // What a rep changes most (words, pictures) first; the slide's shapes and lines after.
  const listed = [
    ...elements.filter((e) => e.kind === 'text' || e.kind === 'picture'),
    ...elements.filter((e) => e.kind !== 'text' && e.kind !== 'picture'),
  ];
  const element = selected === undefined ? undefined : elements.find((e) => e.id === selected);

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="xs" style={{ position: 'sticky', top: 16 }}>
          {/* Boxes of shapes that bleed off the slide stay within a step of it: on a phone they
              would widen the page. */}
          <div style={{ overflow: 'clip', overflowClipMargin: 12 }}>
            <SlideCanvas
              svg={preview.data?.svg}
              elements={elements}
              selected={selected}
              onSelect={onSelect}
              onMove={(ids, dx, dy) => onCommand({ type: 'moveElements', ids, dx, dy })}
              onResize={onChange}
              onGestureStart={onGestureStart}
              onGestureEnd={onGestureEnd}
            />
          </div>
          {preview.isError && (
            <Text size="sm" c="red.8" role="alert">
              {preview.error.message}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {slide.hidden
              ? 'This slide is hidden: it is kept here, not in the version. '
              : 'What the deck will show. '}
            Drag or resize a box; arrow keys move it by a point, Shift+arrow by ten.
          </Text>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="md">
          <Paper withBorder p="sm" radius="md">
            {element && selected !== undefined ? (
              <DeckElementPanel
                // A panel per element: what one is half-way through typing stays with it.
                key={`${slide.key}:${selected}`}
                element={element}
                isLocked={isLocked(element)}
                onChange={(next) => onChange(selected, next)}
                onDelete={() => {
                  onCommand({ type: 'removeElement', id: selected });
                  onSelect(undefined);
                }}
                onModify={onModify}
              />
            ) : (
              <Text size="sm" c="dimmed">
                Select an element on the slide or in the list below to change it.
              </Text>
            )}
          </Paper>
          <Paper withBorder p="sm" radius="md">
            <Text fw={600} size="sm" mb="xs">
              Elements
            </Text>
            <ScrollArea.Autosize mah={260}>
              {listed.map((item) => (
                <NavLink
                  component="button"
                  key={item.id}
                  label={describeElement(item)}
                  rightSection={
                    isLocked(item) ? <IconLock size={14} aria-label="The quote’s" /> : undefined
                  }
                  active={selected === item.id}
                  onClick={() => onSelect(item.id)}
                />
              ))}
            </ScrollArea.Autosize>
          </Paper>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
