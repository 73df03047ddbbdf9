import { elementWords, type TemplateElement } from '@deck-portal/domain';
import {
  Anchor,
  Button,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconLock, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { boxOf, describeElement, withBox } from '../../../lib/slide-document/element-boxes.ts';
import { PictureBrowser } from '../../../ui/library/picture-browser.tsx';
import { withWords, wordsOf } from '../edit-words.ts';

export const LOCKED_FIGURES_NOTE =
  'Prices and quantities are the quote’s: change them with Modify.';

/**
 * What a rep changes of the selected element: a text's words, a picture, its place and size.
 * The look (fonts, colours, bindings) is the library's, changed in the studio. An element that
 * shows the quote's figures is shown, not changed: the deal desk checks those through Modify.
 */
export function DeckElementPanel({
  element,
  isLocked,
  onChange,
  onDelete,
  onModify,
}: {
  element: TemplateElement;
  /** It shows the quote's figures. */
  isLocked: boolean;
  onChange: (element: TemplateElement) => void;
  onDelete: () => void;
  /** Modify → the wizard, where quantities and prices are changed. */
  onModify: (() => void) | undefined;
}) {
  const box = boxOf(element);
  const [isBrowsing, setBrowsing] = useState(false);

  if (isLocked) {
    return (
      <Stack gap="sm" aria-label="Selected element">
        <Group gap="xs">
          <IconLock size={16} aria-hidden />
          <Text fw={600}>{describeElement(element)}</Text>
        </Group>
        <Text size="sm" role="note">
          {LOCKED_FIGURES_NOTE}{' '}
          {onModify && (
            <Anchor component="button" type="button" size="sm" onClick={onModify}>
              Modify the deck
            </Anchor>
          )}
        </Text>
        <Textarea
          label="Shows"
          value={elementWords(element)}
          readOnly
          autosize
          maxRows={8}
          aria-readonly
        />
      </Stack>
    );
  }

  return (
    <Stack gap="sm" aria-label="Selected element">
      <Group justify="space-between">
        <Text fw={600}>{describeElement(element)}</Text>
        {element.kind !== 'part' && (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={onDelete}
          >
            Delete element
          </Button>
        )}
      </Group>

      {element.kind === 'text' && (
        <Textarea
          label="Text"
          description={
            Array.isArray(element.text) ? 'A blank line starts a new paragraph.' : undefined
          }
          value={wordsOf(element.text)}
          autosize
          minRows={2}
          maxRows={12}
          onChange={(event) =>
            onChange({ ...element, text: withWords(element.text, event.currentTarget.value) })
          }
        />
      )}

      {element.kind === 'picture' && (
        <>
          <Button
            size="compact-sm"
            variant="light"
            w="fit-content"
            leftSection={<IconPhoto size={14} />}
            onClick={() => setBrowsing(true)}
          >
            Choose a picture
          </Button>
          <PictureBrowser
            opened={isBrowsing}
            onClose={() => setBrowsing(false)}
            uploadTo="own"
            title="Choose a picture"
            onChoose={(address) => onChange({ ...element, src: address })}
          />
          <TextInput
            label="Description"
            description="Read aloud by screen readers in the web view."
            value={element.alt}
            onChange={(event) => onChange({ ...element, alt: event.currentTarget.value })}
          />
        </>
      )}

      {element.kind !== 'text' && element.kind !== 'picture' && (
        <Text size="sm" c="dimmed">
          Move or resize it on the slide. What it shows is the library’s.
        </Text>
      )}

      {box && element.kind !== 'repeat' && (
        <SimpleGrid cols={2} spacing="xs">
          {(['x', 'y', 'w', 'h'] as const).map((key) => (
            <NumberInput
              key={key}
              label={{ x: 'From left', y: 'From top', w: 'Width', h: 'Height' }[key]}
              value={box[key]}
              min={key === 'w' || key === 'h' ? 0 : -2000}
              max={3000}
              decimalScale={1}
              onChange={(value) =>
                typeof value === 'number' && onChange(withBox(element, { ...box, [key]: value }))
              }
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
