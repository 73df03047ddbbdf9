import type { EditedFile, FigureChange, SlideChange } from '@deck-portal/domain';
import {
  Badge,
  Group,
  List,
  Paper,
  Radio,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';

/** Which figures the new version shows: the file's (a changed price goes to the deal desk), or the quote's. */
export type FiguresChoice = 'file' | 'quote';

const kindLabels: Record<SlideChange['kind'], { label: string; color: string }> = {
  added: { label: 'Added', color: 'green' },
  removed: { label: 'Removed', color: 'red' },
  moved: { label: 'Moved', color: 'blue' },
  changed: { label: 'Changed', color: 'yellow' },
};

/** "Slide 3 “Pricing”", or "Slide 3" for a slide without a title. */
const slideName = (number: number, title: string) =>
  title.trim() ? `Slide ${number} “${title.trim()}”` : `Slide ${number}`;

/** What happened to one slide, in a sentence: where it is now, and where it was. */
export function describeSlideChange(change: SlideChange): string {
  const name = slideName(change.number, change.title);
  const wasElsewhere = change.from !== undefined && change.from !== change.number;
  switch (change.kind) {
    case 'added':
      return `${name} is new in the file.`;
    case 'removed':
      return `${name} of the version is not in the file.`;
    case 'moved':
      return wasElsewhere ? `${name} was slide ${change.from}.` : `${name} moved.`;
    case 'changed': {
      const hasWords = change.wordsRemoved.length > 0 || change.wordsAdded.length > 0;
      const what = [
        ...(hasWords ? ['has other words'] : []),
        ...(change.hidden === true
          ? ['is hidden']
          : change.hidden === false
            ? ['is shown again']
            : []),
      ];
      const before = wasElsewhere ? ` (slide ${change.from} before)` : '';
      return what.length > 0
        ? `${name}${before} ${what.join(' and ')}.`
        : `${name}${before} changed.`;
    }
  }
}

/** The words taken out, struck through, then the words put in, highlighted. */
function ChangedWords({ change }: { change: SlideChange }) {
  if (change.wordsRemoved.length === 0 && change.wordsAdded.length === 0) return null;
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {change.wordsRemoved.length > 0 && <VisuallyHidden>Words removed: </VisuallyHidden>}
      {change.wordsRemoved.map((words, i) => (
        <span key={`removed-${i}`}>
          <Text component="del" inherit c="red.8" td="line-through">
            {words}
          </Text>{' '}
        </span>
      ))}
      {change.wordsAdded.length > 0 && <VisuallyHidden>Words added: </VisuallyHidden>}
      {change.wordsAdded.map((words, i) => (
        <span key={`added-${i}`}>
          <Text
            component="ins"
            inherit
            td="none"
            bg="green.1"
            fw={600}
            px={4}
            style={{ borderRadius: 'var(--mantine-radius-xs)' }}
          >
            {words}
          </Text>{' '}
        </span>
      ))}
    </Text>
  );
}

/** Slides added, removed, moved and changed between the deck's version and the file. */
export function SlideChanges({ file }: { file: EditedFile }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="edited-file-changes">
      <Title order={3} size="h5" id="edited-file-changes">
        What changed since version {file.baseVersion}
      </Title>
      {file.changes.length === 0 ? (
        <Text size="sm">
          Nothing changed: the file has the same slides, in the same order and with the same words,
          as version {file.baseVersion}.
        </Text>
      ) : (
        <List spacing="sm" listStyleType="none" aria-label="Slides changed">
          {file.changes.map((change) => (
            <List.Item key={`${change.kind}-${change.number}-${change.from ?? ''}`}>
              <Stack gap={2}>
                <Group gap="xs" wrap="nowrap" align="baseline">
                  <Badge
                    size="sm"
                    variant="light"
                    color={kindLabels[change.kind].color}
                    style={{ flexShrink: 0 }}
                  >
                    {kindLabels[change.kind].label}
                  </Badge>
                  <Text size="sm">{describeSlideChange(change)}</Text>
                </Group>
                <ChangedWords change={change} />
              </Stack>
            </List.Item>
          ))}
        </List>
      )}
      {file.leftOut && file.leftOut.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Not kept from the file (the portal cannot draw these yet):
          </Text>
          <List size="sm" spacing={2} aria-label="Not kept from the file">
            {file.leftOut.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Stack>
  );
}

/** "Battery Backup unit price: $4,500 in the file, $5,995 in the quote". */
export const describeFigureChange = (figure: FigureChange) =>
  `${figure.label}: ${figure.inFile} in the file, ${figure.inQuote} in the quote`;

/** The figures the file shows differently from the quote, and which the version is to keep. */
export function FigureChanges({
  figures,
  choice,
  onChoose,
  disabled,
}: {
  figures: FigureChange[];
  choice: FiguresChoice | null;
  onChoose: (choice: FiguresChoice) => void;
  disabled: boolean;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="edited-file-figures">
      <Stack gap="sm">
        <Title order={3} size="h5" id="edited-file-figures">
          Figures that differ from the quote
        </Title>
        <List size="sm" spacing={4}>
          {figures.map((figure, i) => (
            <List.Item key={`${figure.slideTitle}-${figure.label}-${i}`}>
              {describeFigureChange(figure)}
              {figure.slideTitle.trim() && (
                <Text span size="xs" c="dimmed">
                  {' '}
                  (on “{figure.slideTitle.trim()}”)
                </Text>
              )}
            </List.Item>
          ))}
        </List>
        <Radio.Group
          label="Which figures should the new version show?"
          value={choice}
          onChange={(value) => onChoose(value as FiguresChoice)}
        >
          <Stack gap="xs" mt="xs">
            <Radio
              value="file"
              disabled={disabled}
              label="Keep the file’s figures (a discount past your limits needs approval)"
            />
            <Radio value="quote" disabled={disabled} label="Keep the quote’s figures" />
          </Stack>
        </Radio.Group>
      </Stack>
    </Paper>
  );
}
