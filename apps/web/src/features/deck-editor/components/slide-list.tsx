import { elementWords, showsQuoteFigures, type EditedSlide } from '@deck-portal/domain';
import { ActionIcon, Badge, Box, Group, Menu, Paper, Text } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconCopy,
  IconDots,
  IconEye,
  IconEyeOff,
  IconTrash,
} from '@tabler/icons-react';
import { useDebouncedValue } from '@mantine/hooks';
import { useEditorSlidePreview } from '../api/preview-editor-slide.ts';
import classes from './slide-list.module.css';

/**
 * A slide's name in the list: the words of its largest text that is not the quote's figures
 * (its heading, as a person reads the slide), else its title.
 */
export function slideName(slide: EditedSlide): string {
  let name: string | undefined;
  let size = 0;
  for (const element of slide.document.elements) {
    // A priced slide's largest text may be its total: a figure does not name the slide.
    if (element.kind !== 'text' || showsQuoteFigures(slide, element)) continue;
    const words = elementWords(element).replace(/\s+/g, ' ').trim();
    if (words && element.style.size > size) {
      name = words;
      size = element.style.size;
    }
  }
  return name ?? slide.document.title;
}

export type SlideAction = 'up' | 'down' | 'hide' | 'show' | 'duplicate' | 'delete';

/**
 * The draft's slides in order, each drawn small, with what can be done to it: move up or down,
 * hide or show, duplicate (not a priced slide: its figures are the quote's), delete (not the
 * last slide shown).
 */
export function SlideList({
  deckId,
  slides,
  selected,
  onSelect,
  onAction,
}: {
  deckId: string;
  slides: readonly EditedSlide[];
  selected: string | undefined;
  onSelect: (key: string) => void;
  onAction: (key: string, action: SlideAction) => void;
}) {
  const shown = slides.filter((slide) => !slide.hidden).length;
  return (
    <ol aria-label="Slides" className={classes.list}>
      {slides.map((slide, i) => {
        const name = slideName(slide);
        const isSelected = slide.key === selected;
        const canDelete = slide.hidden || shown > 1;
        return (
          <li key={slide.key} className={classes.item}>
            <Paper
              withBorder
              radius="md"
              p={6}
              style={{
                borderColor: isSelected ? 'var(--mantine-color-blue-6)' : undefined,
                borderWidth: isSelected ? 2 : undefined,
              }}
            >
              <Group gap={6} wrap="nowrap" align="flex-start">
                <Text size="xs" c="dimmed" w={18} ta="right">
                  {i + 1}
                </Text>
                <Box
                  component="button"
                  type="button"
                  aria-label={`Slide ${i + 1}: ${name}`}
                  aria-current={isSelected ? 'true' : undefined}
                  onClick={() => onSelect(slide.key)}
                  style={{
                    flex: 1,
                    minWidth: 0,
                    padding: 0,
                    border: 0,
                    background: 'none',
                    cursor: 'pointer',
                    textAlign: 'left',
                    opacity: slide.hidden ? 0.45 : 1,
                  }}
                >
                  <Thumbnail deckId={deckId} slide={slide} />
                  <Text size="xs" truncate mt={2}>
                    {name}
                  </Text>
                  <Group gap={4}>
                    {slide.hidden && (
                      <Badge size="xs" color="gray" variant="light">
                        Hidden
                      </Badge>
                    )}
                    {slide.priced && (
                      <Badge size="xs" color="teal" variant="light">
                        Priced
                      </Badge>
                    )}
                  </Group>
                </Box>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      aria-label={`Actions for slide ${i + 1}`}
                    >
                      <IconDots size={14} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      leftSection={<IconArrowUp size={14} />}
                      disabled={i === 0}
                      onClick={() => onAction(slide.key, 'up')}
                    >
                      Move up
                    </Menu.Item>
                    <Menu.Item
                      leftSection={<IconArrowDown size={14} />}
                      disabled={i === slides.length - 1}
                      onClick={() => onAction(slide.key, 'down')}
                    >
                      Move down
                    </Menu.Item>
                    {slide.hidden ? (
                      <Menu.Item
                        leftSection={<IconEye size={14} />}
                        onClick={() => onAction(slide.key, 'show')}
                      >
                        Show
                      </Menu.Item>
                    ) : (
                      <Menu.Item
                        leftSection={<IconEyeOff size={14} />}
                        disabled={shown <= 1}
                        onClick={() => onAction(slide.key, 'hide')}
                      >
                        Hide
                      </Menu.Item>
                    )}
                    {!slide.priced && (
                      <Menu.Item
                        leftSection={<IconCopy size={14} />}
                        onClick={() => onAction(slide.key, 'duplicate')}
                      >
                        Duplicate
                      </Menu.Item>
                    )}
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={14} />}
                      disabled={!canDelete}
                      onClick={() => onAction(slide.key, 'delete')}
                    >
                      Delete
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            </Paper>
          </li>
        );
      })}
    </ol>
  );
}

/** The slide drawn small, as the deck draws it; drawn again only when the slide changes. */
function Thumbnail({ deckId, slide }: { deckId: string; slide: EditedSlide }) {
  // Typing draws the selected slide large at once; its thumbnail follows when the typing rests.
  const [settled] = useDebouncedValue(slide, 500);
  const preview = useEditorSlidePreview(deckId, settled);
  return (
    <Box
      style={{
        aspectRatio: '16 / 9',
        background: 'var(--mantine-color-gray-1)',
        borderRadius: 4,
        overflow: 'hidden',
      }}
    >
      {preview.data && (
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(preview.data.svg)}`}
          alt=""
          style={{ width: '100%', height: '100%', display: 'block' }}
        />
      )}
    </Box>
  );
}
