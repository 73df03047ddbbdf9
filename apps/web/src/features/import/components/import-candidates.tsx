import {
  importSlidesRequestSchema,
  type BindingPath,
  type ImportCandidate,
  type LibraryDraftResponse,
  type LibraryImportResponse,
} from '@deck-portal/domain';
import {
  Alert,
  AspectRatio,
  Badge,
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  Image,
  List,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Select,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEyeOff, IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useImportLibrarySlides } from '../api/library-import.ts';
import { errorText } from '../../../lib/library-api/error-text.ts';
import { ImportFieldSelect } from './import-field-select.tsx';

type Categories = LibraryDraftResponse['categories'];

/** What the editor decided for one slide of the file. */
type SlideChoice = {
  isChosen: boolean;
  title: string;
  category: string;
  /** By the field's text, as the request names it. */
  fields: Record<string, BindingPath | null>;
  /** The library slide it replaces (imported from it before), or null for a new slide. */
  replace: string | null;
};

/** A refused import: what was said, and what it said of which slide's title or category. */
type Refusal = { message: string; problems: { slide?: number; field?: string; message: string }[] };

const slidesWord = (count: number) => (count === 1 ? '1 slide' : `${count} slides`);

/** "3 slides imported into the draft; 1 of them replaced the library slide imported from it before." */
function importedMessage(created: number, replaced: number) {
  const all = `${slidesWord(created + replaced)} imported into the draft`;
  if (replaced === 0) return `${all}.`;
  if (created === 0) {
    return replaced === 1
      ? `${all}, in place of the library slide imported from it before.`
      : `${all}, each in place of the library slide imported from it before.`;
  }
  return replaced === 1
    ? `${all}; 1 of them replaced the library slide imported from it before.`
    : `${all}; ${replaced} of them replaced the library slides imported from them before.`;
}

/** A slide's fields, each text once (the request holds one choice per text and slide). */
const uniqueFields = (candidate: ImportCandidate) =>
  candidate.fields.filter(
    (field, at) => candidate.fields.findIndex((other) => other.text === field.text) === at,
  );

/**
 * Every slide shown in the original is chosen; one imported before replaces its library slide,
 * under that slide's title and category (which the editor may have changed since).
 */
function firstChoices(candidates: ImportCandidate[], categories: Categories) {
  const known = (id: string | undefined) => categories.some((category) => category.id === id);
  return Object.fromEntries(
    candidates.map((candidate): [number, SlideChoice] => {
      const { replaces } = candidate;
      return [
        candidate.number,
        {
          isChosen: !candidate.hidden,
          title: replaces?.title ?? candidate.title,
          category: known(replaces?.category) ? replaces!.category : (categories[0]?.id ?? ''),
          fields: Object.fromEntries(
            uniqueFields(candidate).map((field) => [field.text, field.suggestion ?? null]),
          ),
          replace: replaces?.id ?? null,
        },
      ];
    }),
  );
}

/**
 * `slides.2.title` → the third slide sent, and `title`; anything else is said as it is. The
 * numbers are those sent, in the order sent.
 */
function readProblems(fields: Record<string, string>, numbers: number[]): Refusal['problems'] {
  return Object.entries(fields).map(([key, message]) => {
    const match = /^slides\.(\d+)\.(\w+)$/.exec(key);
    const slide = match ? numbers[Number(match[1])] : undefined;
    return slide === undefined ? { message } : { slide, field: match![2], message };
  });
}

/** Step three: every slide read, as a candidate to tick, title, file under and map fields of. */
export function ImportCandidates({
  libraryImport,
  categories,
}: {
  libraryImport: LibraryImportResponse;
  categories: Categories;
}) {
  const { candidates } = libraryImport;
  const [choices, setChoices] = useState(() => firstChoices(candidates, categories));
  const [refusal, setRefusal] = useState<Refusal | undefined>();
  const importSlides = useImportLibrarySlides(libraryImport.id);
  const navigate = useNavigate();
  const chosen = candidates.filter((candidate) => choices[candidate.number]?.isChosen);
  const importedBefore = candidates.filter((candidate) => candidate.replaces).length;

  const update = (number: number, change: Partial<SlideChoice>) => {
    setRefusal(undefined);
    setChoices((all) => ({ ...all, [number]: { ...all[number]!, ...change } }));
  };
  const chooseAll = (isChosen: boolean) => {
    setRefusal(undefined);
    setChoices((all) =>
      Object.fromEntries(
        Object.entries(all).map(([number, choice]) => [number, { ...choice, isChosen }]),
      ),
    );
  };

  const submit = () => {
    const numbers = chosen.map((candidate) => candidate.number);
    const checked = importSlidesRequestSchema.safeParse({
      slides: chosen.map((candidate) => {
        const { title, category, fields, replace } = choices[candidate.number]!;
        return {
          number: candidate.number,
          title,
          category,
          fields,
          ...(replace ? { replace } : {}),
        };
      }),
    });
    if (!checked.success) {
      const fields = Object.fromEntries(
        checked.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
      );
      setRefusal({
        message: 'Some slides need a look before they can be imported.',
        problems: readProblems(fields, numbers),
      });
      return;
    }
    setRefusal(undefined);
    importSlides.mutate(checked.data, {
      onSuccess: ({ created, replaced }) => {
        notifications.show({
          color: 'teal',
          message: importedMessage(created.length, replaced.length),
          autoClose: 6000,
        });
        void navigate(paths.library);
      },
      onError: (error) =>
        setRefusal(
          error instanceof ApiError
            ? { message: error.message, problems: readProblems(error.fields, numbers) }
            : { message: errorText(error), problems: [] },
        ),
    });
  };

  const problemOf = (slide: number, field: string) =>
    refusal?.problems.find((problem) => problem.slide === slide && problem.field === field)
      ?.message;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2} miw={0}>
          {/* A file's name can be one long word: it breaks rather than widen the page. */}
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {slidesWord(candidates.length)} in {libraryImport.fileName}
          </Title>
          <Text size="sm" c="dimmed">
            Each is drawn as our decks will draw it. Choose the slides to import, give each a title
            and a category, and say what the fields found on them should show.
          </Text>
          {importedBefore > 0 && (
            <Text size="sm" c="dimmed">
              {importedBefore === 1
                ? '1 slide was imported from this presentation before: importing it again replaces that library slide in the draft, unless you add it as a new one.'
                : `${importedBefore} slides were imported from this presentation before: importing them again replaces those library slides in the draft, unless you add them as new ones.`}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => chooseAll(true)}>
            Choose all
          </Button>
          <Button size="xs" variant="default" onClick={() => chooseAll(false)}>
            Choose none
          </Button>
        </Group>
      </Group>
      <Stack component="ul" gap="md" aria-label="Slides found" p={0} m={0}>
        {candidates.map((candidate) => (
          <CandidateCard
            key={candidate.number}
            candidate={candidate}
            choice={choices[candidate.number]!}
            categories={categories}
            onChange={(change) => update(candidate.number, change)}
            titleError={problemOf(candidate.number, 'title')}
            categoryError={problemOf(candidate.number, 'category')}
            replaceError={problemOf(candidate.number, 'replace')}
          />
        ))}
      </Stack>
      <Paper
        withBorder
        shadow="md"
        radius="md"
        p="md"
        pos="sticky"
        bottom={0}
        style={{ zIndex: 2 }}
      >
        <Stack gap="sm">
          {refusal && (
            <Alert color="red" title={refusal.message}>
              {refusal.problems.length > 0 && (
                <List size="sm" spacing={2}>
                  {refusal.problems.map((problem, at) => (
                    <List.Item key={at}>
                      {problem.slide === undefined
                        ? problem.message
                        : `Slide ${problem.slide}: ${problem.message}`}
                    </List.Item>
                  ))}
                </List>
              )}
            </Alert>
          )}
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {chosen.length} of {slidesWord(candidates.length)} chosen
            </Text>
            <Button
              leftSection={<IconFileImport size={16} />}
              disabled={chosen.length === 0}
              loading={importSlides.isPending}
              onClick={submit}
            >
              Import {slidesWord(chosen.length)} into the draft
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

function CandidateCard({
  candidate,
  choice,
  categories,
  onChange,
  titleError,
  categoryError,
  replaceError,
}: {
  candidate: ImportCandidate;
  choice: SlideChoice;
  categories: Categories;
  onChange: (change: Partial<SlideChoice>) => void;
  titleError: string | undefined;
  categoryError: string | undefined;
  replaceError: string | undefined;
}) {
  const { number } = candidate;
  const headingId = `import-slide-${number}`;
  const fields = uniqueFields(candidate);
  const imported = Object.entries(candidate.imported).filter(([, count]) => count > 0);

  return (
    <Card
      component="li"
      withBorder
      radius="md"
      padding="md"
      aria-labelledby={headingId}
      style={{ listStyle: 'none', opacity: choice.isChosen ? 1 : 0.75 }}
    >
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <Stack gap="xs">
            <AspectRatio ratio={16 / 9}>
              <Image
                src={candidate.thumbnail}
                alt={`Slide ${number} as imported`}
                fit="contain"
                radius="sm"
                bd="1px solid var(--mantine-color-gray-3)"
              />
            </AspectRatio>
            {imported.length > 0 && (
              <Text size="xs" c="dimmed">
                Editable: {imported.map(([kind, count]) => `${count} ${kind}`).join(', ')}
              </Text>
            )}
            {candidate.original && (
              <>
                <AspectRatio ratio={16 / 9}>
                  <Image
                    src={candidate.original}
                    alt={`Slide ${number} in the original`}
                    fit="contain"
                    radius="sm"
                    bd="1px solid var(--mantine-color-gray-3)"
                  />
                </AspectRatio>
                <Text size="xs" c="dimmed">
                  The original, as the office renderer draws it
                </Text>
              </>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Title order={3} size="h4" id={headingId}>
                Slide {number}
                {candidate.title ? `: ${candidate.title}` : ''}
              </Title>
              {candidate.hidden && (
                <Badge color="gray" variant="light" leftSection={<IconEyeOff size={12} />}>
                  Hidden in the show
                </Badge>
              )}
            </Group>
            <Checkbox
              label="Import"
              aria-label={`Import slide ${number}`}
              checked={choice.isChosen}
              onChange={(event) => onChange({ isChosen: event.currentTarget.checked })}
            />
            {candidate.replaces && (
              <Radio.Group
                label={`Imported before as “${candidate.replaces.title}”`}
                description="Replacing it keeps its place in the library, its description and the decks it is offered for."
                value={choice.replace ? 'replace' : 'new'}
                error={replaceError}
                onChange={(value) => onChange(replacing(candidate, choice, value === 'replace'))}
              >
                <Group gap="lg" mt={6}>
                  <Radio value="replace" label="Replace it" />
                  <Radio value="new" label="Add as a new slide" />
                </Group>
              </Radio.Group>
            )}
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                label="Title"
                value={choice.title}
                onChange={(event) => onChange({ title: event.currentTarget.value })}
                error={titleError}
              />
              <Select
                label="Category"
                data={categories.map((category) => ({ value: category.id, label: category.name }))}
                value={choice.category || null}
                onChange={(category) => category && onChange({ category })}
                allowDeselect={false}
                error={categoryError}
              />
            </SimpleGrid>
            {fields.length > 0 && (
              <Stack gap={4}>
                <Text fw={600} size="sm">
                  Fields
                </Text>
                <Text size="xs" c="dimmed">
                  Text that looks like a field: choose what decks fill it with, or keep the text.
                </Text>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                  {fields.map((field) => (
                    <ImportFieldSelect
                      key={field.text}
                      field={field}
                      value={choice.fields[field.text] ?? null}
                      onChange={(binding) =>
                        onChange({ fields: { ...choice.fields, [field.text]: binding } })
                      }
                    />
                  ))}
                </SimpleGrid>
              </Stack>
            )}
            <NotImported candidate={candidate} />
            {candidate.fonts.length > 0 && (
              <Stack gap={2}>
                <Text fw={600} size="sm" id={`${headingId}-fonts`}>
                  Fonts
                </Text>
                <List size="sm" spacing={2} aria-labelledby={`${headingId}-fonts`}>
                  {candidate.fonts.map((font) => (
                    <List.Item key={`${font.from}→${font.to}`}>
                      {font.from === font.to ? font.from : `${font.from} is drawn in ${font.to}`}
                    </List.Item>
                  ))}
                </List>
              </Stack>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Card>
  );
}

/**
 * Replacing, or adding a new slide: a title left as offered follows, the library slide's when
 * replacing it and the file's for a new one (two slides of one title would be hard to tell apart).
 */
function replacing(
  { replaces, title }: ImportCandidate,
  choice: SlideChoice,
  isReplacing: boolean,
): Partial<SlideChoice> {
  if (!replaces) return {};
  const [from, to] = isReplacing ? [title, replaces.title] : [replaces.title, title];
  return {
    replace: isReplacing ? replaces.id : null,
    ...(choice.title === from ? { title: to } : {}),
  };
}

function NotImported({ candidate }: { candidate: ImportCandidate }) {
  const id = `import-slide-${candidate.number}-not-imported`;
  // The report files a font drawn in another among what was not imported; its words were
  // imported all the same, so it is told under a heading of its own.
  const replacedFonts = candidate.notImported.filter((item) => item.kind === 'font');
  const notImported = candidate.notImported.filter((item) => item.kind !== 'font');
  const item = (entry: (typeof notImported)[number], at: number) => (
    <List.Item key={at}>
      {entry.why}
      {entry.count !== undefined && entry.count > 1 ? ` ×${entry.count}` : ''}
    </List.Item>
  );
  return (
    <>
      <Stack gap={2}>
        <Text fw={600} size="sm" id={id}>
          Not imported
        </Text>
        {notImported.length === 0 ? (
          <Text size="sm" c="dimmed">
            Everything on this slide imported as editable elements.
          </Text>
        ) : (
          <List size="sm" spacing={2} aria-labelledby={id}>
            {notImported.map(item)}
          </List>
        )}
      </Stack>
      {replacedFonts.length > 0 && (
        <Stack gap={2}>
          <Text fw={600} size="sm" id={`${id}-fonts`}>
            Fonts replaced
          </Text>
          <List size="sm" spacing={2} aria-labelledby={`${id}-fonts`}>
            {replacedFonts.map(item)}
          </List>
        </Stack>
      )}
    </>
  );
}
