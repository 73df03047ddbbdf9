import { useState } from 'react';
import { isImagePlaceholder, type CustomSlide, type LayoutInfo } from '@deck-portal/domain';
import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useFontCheck } from '../api/font-check.ts';
import { LayoutPickerModal } from './layout-picker-modal.tsx';
import { PlaceholderInput } from './placeholder-input.tsx';

/** The slide's texts (not its pictures), as the font check reads them. */
const slideTexts = (slide: CustomSlide) =>
  slide.placeholders
    .filter((placeholder) => !isImagePlaceholder(placeholder.type))
    .map((placeholder) => slide.placeholderContent[placeholder.objectId] ?? '');

/**
 * One custom slide's fields, checked against the deck's font when the rep leaves one: a
 * character the font lacks is named under the slide, before it shows as an empty box.
 */
function SlideFields({
  slide,
  index,
  onContentChange,
}: {
  slide: CustomSlide;
  index: number;
  onContentChange: (index: number, objectId: string, value: string) => void;
}) {
  const [checked, setChecked] = useState(() => slideTexts(slide));
  const missing = useFontCheck(checked).data?.missing ?? [];
  return (
    <Stack gap="sm" onBlurCapture={() => setChecked(slideTexts(slide))}>
      {slide.placeholders.map((placeholder) => (
        <PlaceholderInput
          key={placeholder.objectId}
          placeholder={placeholder}
          value={slide.placeholderContent[placeholder.objectId] ?? ''}
          onChange={(value) => onContentChange(index, placeholder.objectId, value)}
        />
      ))}
      {missing.length > 0 && (
        <Text size="sm" c="orange.9" role="note">
          The deck&apos;s fonts have no characters for {missing.join(' ')}: they would show as empty
          boxes on this slide.
        </Text>
      )}
    </Stack>
  );
}

/** Advanced mode's own slides, each built from a layout's placeholders. */
export function CustomSlides({
  slides,
  errors,
  onAdd,
  onRemove,
  onContentChange,
}: {
  slides: readonly CustomSlide[];
  errors: Record<number, string | undefined>;
  onAdd: (layout: LayoutInfo) => void;
  onRemove: (index: number) => void;
  onContentChange: (index: number, objectId: string, value: string) => void;
}) {
  const [isPickerOpen, setPickerOpen] = useState(false);
  return (
    <Stack gap="md">
      {slides.length === 0 && (
        <Text size="sm" c="dimmed">
          No custom slides yet. Add one to put your own message, numbers or images in the deck.
        </Text>
      )}
      {slides.map((slide, index) => (
        <Card
          key={slide.id}
          withBorder
          radius="md"
          p="md"
          component="section"
          aria-label={`Custom slide C${index + 1}`}
        >
          <Group justify="space-between" mb="sm">
            <Group gap="xs">
              <Badge color="grape" variant="filled" radius="sm">
                C{index + 1}
              </Badge>
              <Text fw={600}>{slide.layoutName || slide.layoutId}</Text>
            </Group>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => onRemove(index)}
              aria-label={`Remove custom slide C${index + 1}`}
            >
              Remove
            </Button>
          </Group>
          <Stack gap="sm">
            {errors[index] && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" py="xs">
                {errors[index]}
              </Alert>
            )}
            <SlideFields slide={slide} index={index} onContentChange={onContentChange} />
          </Stack>
        </Card>
      ))}
      <Group>
        <Button
          variant="light"
          color="grape"
          leftSection={<IconPlus size={16} />}
          onClick={() => setPickerOpen(true)}
        >
          Add Custom Slide
        </Button>
      </Group>
      <LayoutPickerModal
        opened={isPickerOpen}
        onClose={() => setPickerOpen(false)}
        onPick={(layout) => {
          onAdd(layout);
          setPickerOpen(false);
        }}
      />
    </Stack>
  );
}
