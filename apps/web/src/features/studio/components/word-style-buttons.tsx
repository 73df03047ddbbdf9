import type { WordStyle } from '@deck-portal/domain';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconBold, IconItalic, IconUnderline } from '@tabler/icons-react';
import { LinkWordsButton, type ChosenWords } from './link-words-button.tsx';

const styles = [
  { style: 'bold', name: 'Bold', Icon: IconBold },
  { style: 'italic', name: 'Italic', Icon: IconItalic },
  { style: 'underline', name: 'Underline', Icon: IconUnderline },
] as const;

/**
 * Bold, italic and underline for the words chosen in a text box: pressing one sets the style on
 * them, or takes it off when they all have it. The box keeps its selection while a button is
 * pressed, so the words stay chosen. Beside them, a link for the chosen words.
 */
export function WordStyleButtons({
  of,
  onStyle,
  choose,
  onLink,
}: {
  /** What the words are in, for a screen reader: "paragraph 2". */
  of: string;
  onStyle: (style: WordStyle) => void;
  /** The words chosen now (and their link), or null when none are. */
  choose: () => ChosenWords | null;
  onLink: (chosen: ChosenWords, link: string | null) => void;
}) {
  return (
    <Group gap={4}>
      {styles.map(({ style, name, Icon }) => (
        <Tooltip key={style} label={`${name} the chosen words`}>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={`${name} the chosen words of ${of}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onStyle(style)}
          >
            <Icon size={14} />
          </ActionIcon>
        </Tooltip>
      ))}
      <LinkWordsButton of={of} choose={choose} onLink={onLink} />
    </Group>
  );
}
