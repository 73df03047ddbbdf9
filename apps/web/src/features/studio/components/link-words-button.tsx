import { linkAddressFrom } from '@deck-portal/domain';
import { ActionIcon, Button, Group, Popover, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useState } from 'react';

/** The words chosen in a text box when the button was pressed, and the link they have. */
export interface ChosenWords {
  /** The paragraph they are in, and where in it. */
  paragraph: number;
  range: { from: number; to: number };
  link: string | null;
}

/**
 * "Link the chosen words": a web page or an e-mail address the words open in the PDF, the
 * PowerPoint and the web views. Pressed with words chosen, it asks for the address (the one they
 * link to already, to change it), and offers to take the link off; with none chosen, it says to
 * choose them first.
 */
export function LinkWordsButton({
  of,
  choose,
  onLink,
}: {
  /** What the words are in, for a screen reader: "paragraph 2". */
  of: string;
  /** The words chosen now, or null when none are. */
  choose: () => ChosenWords | null;
  onLink: (chosen: ChosenWords, link: string | null) => void;
}) {
  const [chosen, setChosen] = useState<ChosenWords | null>(null);
  const [isOpen, setOpen] = useState(false);
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);

  const open = () => {
    const now = choose();
    setChosen(now);
    setAddress(now?.link ?? '');
    setError(null);
    setOpen(true);
  };
  const finish = (link: string | null) => {
    if (chosen) onLink(chosen, link);
    setOpen(false);
  };
  const apply = () => {
    const link = linkAddressFrom(address);
    if (!link) {
      setError('Enter a web page (https://…) or an e-mail address.');
      return;
    }
    finish(link);
  };

  return (
    <Popover opened={isOpen} onChange={setOpen} position="bottom-start" width={320} trapFocus>
      <Popover.Target>
        <Tooltip label="Link the chosen words">
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={`Link the chosen words of ${of}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => (isOpen ? setOpen(false) : open())}
          >
            <IconLink size={14} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        {chosen ? (
          <Stack gap="xs">
            <TextInput
              label="Link address"
              placeholder="https://… or name@company.com"
              description="The words open it in the PDF, the PowerPoint and the web views."
              value={address}
              error={error}
              data-autofocus
              onChange={(event) => {
                setAddress(event.currentTarget.value);
                setError(null);
              }}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                apply();
              }}
            />
            <Group justify="space-between">
              {chosen.link ? (
                <Button size="compact-sm" variant="subtle" color="red" onClick={() => finish(null)}>
                  Remove link
                </Button>
              ) : (
                <span />
              )}
              <Button size="compact-sm" onClick={apply}>
                {chosen.link ? 'Change link' : 'Link'}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Text size="sm">Choose the words to link in {of} first.</Text>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
