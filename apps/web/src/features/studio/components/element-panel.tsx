import {
  linkOfWords,
  linkWords,
  styleWords,
  type LineEnd,
  type TemplateCondition,
  type TemplateElement,
  type TemplateParagraph,
} from '@deck-portal/domain';
import {
  Button,
  Checkbox,
  FileButton,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPhoto, IconPhotoUp, IconPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useUploadLibraryPicture } from '../../../lib/library-api/upload-library-picture.ts';
import { PictureBrowser } from '../../../ui/library/picture-browser.tsx';
import { ElementBoxFields, ElementHeading } from '../../../ui/slide-canvas/element-panel-parts.tsx';
import { errorText } from '../../../lib/library-api/error-text.ts';
import { ChartDataField } from './chart-data-field.tsx';
import { ColourField, type PaletteColour } from './colour-field.tsx';
import { TableCellsField } from './table-cells-field.tsx';
import { BindingMenu, bindingGroupsFor, type BindingGroup } from './binding-menu.tsx';
import { ConditionField } from './condition-field.tsx';
import { ParagraphsField, type Paragraph } from './paragraphs-field.tsx';
import { PointsInput } from './points-input.tsx';
import { ShapeLookField } from './shape-look-field.tsx';
import { StrokeFields } from './stroke-fields.tsx';
import type { ChosenWords } from './link-words-button.tsx';
import { WordStyleButtons } from './word-style-buttons.tsx';

export type { PaletteColour } from './colour-field.tsx';

type TextElement = Extract<TemplateElement, { kind: 'text' }>;

/** What a line's end can be drawn with, as the studio names them. */
const lineEndChoices: { value: LineEnd | 'none'; label: string }[] = [
  { value: 'none', label: 'Plain' },
  { value: 'triangle', label: 'Arrowhead' },
  { value: 'arrow', label: 'Open arrow' },
  { value: 'stealth', label: 'Stealth arrow' },
  { value: 'diamond', label: 'Diamond' },
  { value: 'oval', label: 'Dot' },
];

/** A text's paragraphs as a list (one string is one paragraph per blank-line-separated block). */
const paragraphsOf = (text: TextElement['text']): Paragraph[] =>
  Array.isArray(text) ? text : text.split(/\n{2,}/);

/** The element shown always (no `when`), or when the condition holds. */
function withCondition(element: TemplateElement, when: TemplateCondition | undefined) {
  const { when: _old, ...rest } = element;
  return (when ? { ...rest, when } : rest) as TemplateElement;
}

/** A text's paragraphs as one string to edit (a blank line between paragraphs). */
function editableText(element: Extract<TemplateElement, { kind: 'text' }>): string | undefined {
  if (typeof element.text === 'string') return element.text;
  if (element.text.every((p) => typeof p === 'string')) return element.text.join('\n\n');
  return undefined;
}

/** The properties of the selected element: its text, bindings, colours, size and place. */
export function ElementPanel({
  element,
  palette,
  extraBindings = [],
  products = [],
  onChange,
  onDelete,
}: {
  element: TemplateElement;
  palette: readonly PaletteColour[];
  /** Bindings of this document and library (a layout's fields, figures, products), by group. */
  extraBindings?: readonly BindingGroup[];
  /** The price book's products: whose feature tags a tags element shows. */
  products?: readonly { id: string; name: string }[];
  onChange: (element: TemplateElement) => void;
  onDelete: () => void;
}) {
  const textArea = useRef<HTMLTextAreaElement>(null);
  const groups = bindingGroupsFor(extraBindings);
  const upload = useUploadLibraryPicture();
  const [isBrowsing, setBrowsing] = useState(false);

  const insertBinding = (path: string, text: string, apply: (next: string) => void) => {
    const area = textArea.current;
    const at = area?.selectionStart ?? text.length;
    const end = area?.selectionEnd ?? at;
    const binding = `{{${path}}}`;
    apply(text.slice(0, at) + binding + text.slice(end));
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(at + binding.length, at + binding.length);
    });
  };

  return (
    <Stack gap="sm" aria-label="Selected element">
      <ElementHeading element={element} onDelete={onDelete} />

      {element.kind === 'text' && textFields()}

      {(element.kind === 'rect' || element.kind === 'ellipse' || element.kind === 'path') && (
        <ShapeLookField shape={element} palette={palette} onChange={onChange} />
      )}

      {element.kind === 'table' && <TableCellsField table={element} onChange={onChange} />}

      {element.kind === 'chart' && (
        <ChartDataField chart={element} palette={palette} onChange={onChange} />
      )}

      {element.kind === 'chips' && (
        <>
          <MultiSelect
            label="Whose tags"
            description="Each product's feature tags from the price book, in this order."
            data={products.map((p) => ({ value: p.id, label: p.name }))}
            value={element.products}
            onChange={(chosen) => chosen.length > 0 && onChange({ ...element, products: chosen })}
          />
          <SizeInput
            value={element.style.size}
            max={60}
            onChange={(size) => onChange({ ...element, style: { ...element.style, size } })}
          />
          <ColourField
            label="Fill"
            value={element.fill}
            palette={palette}
            onChange={(fill) => onChange({ ...element, fill })}
          />
          <ColourField
            label="Colour"
            value={element.style.color}
            palette={palette}
            onChange={(color) => onChange({ ...element, style: { ...element.style, color } })}
          />
        </>
      )}

      {element.kind === 'repeat' && (
        <>
          <Text size="sm" c="dimmed">
            One copy of its elements per{' '}
            {element.over === 'deck.products' ? 'product of the deck' : 'section of the deck'}, each{' '}
            {element.direction === 'down' ? 'below' : 'to the right of'} the one before.
          </Text>
          <Group grow gap="xs">
            {(
              [
                ['x', 'From left', -2000],
                ['y', 'From top', -2000],
                ['step', 'Step', 1],
                ['within', 'Fit within', 0],
              ] as const
            ).map(([key, label, min]) => (
              <NumberInput
                key={key}
                label={label}
                value={element[key] ?? ''}
                min={min}
                max={3000}
                decimalScale={1}
                onChange={(value) =>
                  onChange(
                    typeof value === 'number'
                      ? { ...element, [key]: value }
                      : key === 'within'
                        ? { ...element, within: undefined }
                        : element,
                  )
                }
              />
            ))}
          </Group>
          <NumberInput
            label="At most"
            description="Copies drawn at most."
            value={element.max}
            min={1}
            max={40}
            allowDecimal={false}
            onChange={(max) => typeof max === 'number' && onChange({ ...element, max })}
          />
        </>
      )}

      {element.kind === 'line' && (
        <>
          <StrokeFields
            names={{ colour: 'Line colour', width: 'Line width', dashed: 'Dashed' }}
            stroke={element}
            palette={palette}
            onChange={onChange}
          />
          <Group grow gap="xs">
            {(
              [
                ['startArrow', 'Start'],
                ['endArrow', 'End'],
              ] as const
            ).map(([key, label]) => (
              <Select
                key={key}
                label={label}
                data={lineEndChoices}
                value={element[key] ?? 'none'}
                allowDeselect={false}
                onChange={(mark) => {
                  // Set, or left out of the line altogether.
                  const line = { ...element };
                  delete line[key];
                  if (mark && mark !== 'none') line[key] = mark as LineEnd;
                  onChange(line);
                }}
              />
            ))}
          </Group>
        </>
      )}

      {element.kind === 'picture' && (
        <>
          <Group gap="xs">
            <FileButton
              accept="image/png,image/jpeg,image/webp,image/gif,image/svg+xml"
              onChange={(file) =>
                file &&
                upload.mutate(file, {
                  onSuccess: (stored) => onChange({ ...element, src: stored.url }),
                })
              }
            >
              {(props) => (
                <Button
                  {...props}
                  size="compact-sm"
                  variant="light"
                  w="fit-content"
                  loading={upload.isPending}
                  leftSection={<IconPhotoUp size={14} />}
                >
                  Upload a picture
                </Button>
              )}
            </FileButton>
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconPhoto size={14} />}
              onClick={() => setBrowsing(true)}
            >
              Choose from library
            </Button>
          </Group>
          <PictureBrowser
            opened={isBrowsing}
            canEdit
            onClose={() => setBrowsing(false)}
            onChoose={(src) => onChange({ ...element, src })}
          />
          {upload.isError && (
            <Text size="sm" c="red.8" role="alert">
              {errorText(upload.error)}
            </Text>
          )}
          <TextInput
            label="Picture address"
            description="Set by the upload or the library; or an https address, or a layout field such as {{placeholder.image}}."
            value={element.src}
            onChange={(event) => onChange({ ...element, src: event.currentTarget.value })}
          />
          <TextInput
            label="Description"
            description="Read aloud by screen readers in the web view."
            value={element.alt}
            onChange={(event) => onChange({ ...element, alt: event.currentTarget.value })}
          />
        </>
      )}

      {element.kind !== 'part' && (
        <ConditionField
          label="Shown"
          when={element.when}
          groups={groups}
          onChange={(when) => onChange(withCondition(element, when))}
        />
      )}

      <ElementBoxFields element={element} onChange={onChange} />
    </Stack>
  );

  // A function, not a component: a component made in render would remount and lose the caret.
  function textFields() {
    if (element.kind !== 'text') return null;
    const text = editableText(element);
    const style = element.style;
    const setStyle = (patch: Partial<typeof style>) =>
      onChange({ ...element, style: { ...style, ...patch } });
    const setText = (next: string) =>
      onChange({
        ...element,
        text: Array.isArray(element.text) ? next.split(/\n{2,}/) : next,
      });
    // Styling or linking chosen words turns the text into its paragraphs (as the layout reads
    // them: a line each for one string, the list as it is), the chosen one written as runs.
    // The list's own paragraphs (all strings here) are joined by a blank line in the box.
    const isList = Array.isArray(element.text);
    const paragraphs = isList ? (element.text as string[]) : (text ?? '').split('\n');
    const chosenWords = (): ChosenWords | null => {
      const area = textArea.current;
      if (!area || text === undefined || area.selectionStart === area.selectionEnd) return null;
      const separator = isList ? 2 : 1;
      let start = 0;
      const index = paragraphs.findIndex((paragraph) => {
        const isHere = area.selectionStart <= start + paragraph.length;
        if (!isHere) start += paragraph.length + separator;
        return isHere;
      });
      const paragraph = paragraphs[index];
      if (paragraph === undefined || area.selectionEnd > start + paragraph.length) return null;
      const range = { from: area.selectionStart - start, to: area.selectionEnd - start };
      return { paragraph: index, range, link: linkOfWords(paragraph, range) };
    };
    const changeChosen = (
      chosen: ChosenWords | null,
      change: (paragraph: string, range: ChosenWords['range']) => TemplateParagraph,
    ) => {
      if (!chosen) return;
      onChange({
        ...element,
        text: paragraphs.map((p, i) => (i === chosen.paragraph ? change(p, chosen.range) : p)),
      });
    };
    return (
      <>
        {text === undefined ? (
          <ParagraphsField
            paragraphs={paragraphsOf(element.text)}
            groups={groups}
            onChange={(paragraphs) => onChange({ ...element, text: paragraphs })}
          />
        ) : (
          <>
            <Textarea
              ref={textArea}
              label="Text"
              description="A blank line starts a new paragraph."
              value={text}
              autosize
              minRows={3}
              maxRows={12}
              onChange={(event) => setText(event.currentTarget.value)}
            />
            <WordStyleButtons
              of="the text"
              onStyle={(wordStyle) =>
                changeChosen(chosenWords(), (p, range) => styleWords(p, range, wordStyle))
              }
              choose={chosenWords}
              onLink={(chosen, link) =>
                changeChosen(chosen, (p, range) => linkWords(p, range, link))
              }
            />
            <BindingMenu groups={groups} onPick={(path) => insertBinding(path, text, setText)} />
            <Button
              size="compact-sm"
              variant="subtle"
              w="fit-content"
              leftSection={<IconPlus size={14} />}
              onClick={() =>
                onChange({
                  ...element,
                  text: [
                    ...paragraphsOf(element.text),
                    { text: '', when: { filled: 'contact.name' } },
                  ],
                })
              }
            >
              Add a paragraph shown only in some decks
            </Button>
          </>
        )}
        <Group grow gap="xs">
          <SizeInput value={style.size} max={400} onChange={(size) => setStyle({ size })} />
          <NumberInput
            label="Smallest size"
            description="Shrinks to fit down to this"
            value={style.minSize ?? style.size}
            min={4}
            max={400}
            decimalScale={1}
            onChange={(minSize) => typeof minSize === 'number' && setStyle({ minSize })}
          />
        </Group>
        <Stack gap="xs">
          <Select
            label="Weight"
            data={['regular', 'medium', 'semibold', 'bold']}
            value={style.weight ?? 'regular'}
            allowDeselect={false}
            onChange={(weight) => weight && setStyle({ weight: weight as typeof style.weight })}
          />
          <SegmentedControl
            fullWidth
            aria-label="Alignment"
            data={[
              { value: 'left', label: 'Left' },
              { value: 'center', label: 'Centre' },
              { value: 'right', label: 'Right' },
            ]}
            value={style.align ?? 'left'}
            onChange={(align) => setStyle({ align: align as typeof style.align })}
          />
          <Group gap="md">
            {(['italic', 'underline'] as const).map((key) => (
              <Checkbox
                key={key}
                label={key === 'italic' ? 'Italic' : 'Underline'}
                checked={style[key] === true}
                onChange={(event) => {
                  // Set, or left out of the style altogether (never `false`).
                  const next = { ...style };
                  delete next[key];
                  if (event.currentTarget.checked) next[key] = true;
                  onChange({ ...element, style: next });
                }}
              />
            ))}
          </Group>
        </Stack>
        <ColourField
          label="Colour"
          value={style.color}
          palette={palette}
          onChange={(color) => setStyle({ color })}
        />
      </>
    );
  }
}

/** A text's size in points, to a tenth. */
function SizeInput({
  value,
  max,
  onChange,
}: {
  value: number;
  max: number;
  onChange: (size: number) => void;
}) {
  return <PointsInput label="Size" value={value} max={max} onChange={onChange} />;
}
