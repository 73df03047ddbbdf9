import { elementWords, type TemplateElement } from '@deck-portal/domain';
import { Anchor, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconLock, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { ElementBoxFields, ElementHeading } from '../../../ui/slide-canvas/element-panel-parts.tsx';
import { describeElement } from '../../../lib/slide-document/element-boxes.ts';
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
      <ElementHeading element={element} onDelete={onDelete} />

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

      <ElementBoxFields element={element} onChange={onChange} />
    </Stack>
  );
}
