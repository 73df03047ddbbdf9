import {
  editRuns,
  linkOfWords,
  linkWords,
  paragraphText,
  styleWords,
  type WordStyle,
  type TemplateCondition,
  type TemplateParagraph,
} from '@deck-portal/domain';
import { ActionIcon, Button, Group, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { BindingMenu, type BindingGroup } from './binding-menu.tsx';
import { ConditionField } from './condition-field.tsx';
import type { ChosenWords } from './link-words-button.tsx';
import { WordStyleButtons } from './word-style-buttons.tsx';

/**
 * A paragraph of a text: its words (as runs when some are styled apart), and when it is shown
 * (always when it has no condition).
 */
export type Paragraph = TemplateParagraph;

const whenOf = (paragraph: Paragraph) =>
  typeof paragraph === 'string' ? undefined : paragraph.when;
const isStyled = (paragraph: Paragraph) => typeof paragraph !== 'string' && 'runs' in paragraph;

/** The paragraph with its words changed to `text` and shown `when`; styled words keep their style. */
function edited(
  paragraph: Paragraph,
  text: string,
  when: TemplateCondition | undefined,
  caret?: number,
): Paragraph {
  if (typeof paragraph !== 'string' && 'runs' in paragraph) {
    return { runs: editRuns(paragraph.runs, text, caret), ...(when ? { when } : {}) };
  }
  return when ? { text, when } : text;
}

/**
 * A text's paragraphs one by one, each shown always or only in decks where a binding has a value
 * ("Attention: {{contact.name}}" only when the deck names a contact); "Insert binding" puts the
 * binding at the caret of the paragraph last edited.
 */
export function ParagraphsField({
  paragraphs,
  groups,
  onChange,
}: {
  paragraphs: readonly Paragraph[];
  groups: readonly BindingGroup[];
  onChange: (paragraphs: Paragraph[]) => void;
}) {
  const areas = useRef<(HTMLTextAreaElement | null)[]>([]);
  const [focused, setFocused] = useState(0);
  const set = (index: number, text: string, when: TemplateCondition | undefined, caret?: number) =>
    onChange(paragraphs.map((p, i) => (i === index ? edited(p, text, when, caret) : p)));

  const insert = (path: string) => {
    const index = Math.min(focused, paragraphs.length - 1);
    const paragraph = paragraphs[index]!;
    const area = areas.current[index];
    const text = paragraphText(paragraph);
    const at = area?.selectionStart ?? text.length;
    const end = area?.selectionEnd ?? at;
    const binding = `{{${path}}}`;
    set(
      index,
      text.slice(0, at) + binding + text.slice(end),
      whenOf(paragraph),
      at + binding.length,
    );
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(at + binding.length, at + binding.length);
    });
  };

  /** The words chosen in paragraph `index`, and their link; null when none are. */
  const chosenIn = (index: number): ChosenWords | null => {
    const area = areas.current[index];
    if (!area || area.selectionStart === area.selectionEnd) return null;
    const range = { from: area.selectionStart, to: area.selectionEnd };
    return { paragraph: index, range, link: linkOfWords(paragraphs[index]!, range) };
  };
  /** The words chosen in paragraph `index`, made bold, italic or underlined (or plain again). */
  const styleChosen = (index: number, style: WordStyle) => {
    const chosen = chosenIn(index);
    if (!chosen) return;
    onChange(paragraphs.map((p, i) => (i === index ? styleWords(p, chosen.range, style) : p)));
  };
  const linkChosen = ({ paragraph, range }: ChosenWords, link: string | null) =>
    onChange(paragraphs.map((p, i) => (i === paragraph ? linkWords(p, range, link) : p)));

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Paragraphs
      </Text>
      {paragraphs.map((paragraph, index) => (
        <Stack
          key={index}
          gap={4}
          p="xs"
          style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6 }}
        >
          <Group justify="space-between" wrap="nowrap">
            <Text size="xs" fw={600}>
              Paragraph {index + 1}
            </Text>
            <Tooltip label="Remove this paragraph">
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                aria-label={`Remove paragraph ${index + 1}`}
                disabled={paragraphs.length === 1}
                onClick={() => onChange(paragraphs.filter((_, i) => i !== index))}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <Textarea
            ref={(area) => {
              areas.current[index] = area;
            }}
            aria-label={`Paragraph ${index + 1}`}
            value={paragraphText(paragraph)}
            autosize
            minRows={1}
            maxRows={8}
            {...(isStyled(paragraph)
              ? { description: 'Some words are styled apart: they keep their style as you type.' }
              : {})}
            onFocus={() => setFocused(index)}
            onChange={(event) =>
              set(
                index,
                event.currentTarget.value,
                whenOf(paragraph),
                event.currentTarget.selectionEnd,
              )
            }
          />
          <WordStyleButtons
            of={`paragraph ${index + 1}`}
            onStyle={(style) => styleChosen(index, style)}
            choose={() => chosenIn(index)}
            onLink={linkChosen}
          />
          <ConditionField
            label={`Paragraph ${index + 1} shown`}
            when={whenOf(paragraph)}
            groups={groups}
            onChange={(when) => set(index, paragraphText(paragraph), when)}
          />
        </Stack>
      ))}
      <Group gap="xs">
        <BindingMenu groups={groups} onPick={insert} />
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...paragraphs, ''])}
        >
          Add a paragraph
        </Button>
      </Group>
    </Stack>
  );
}
