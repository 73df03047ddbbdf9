import { useState } from 'react';
import type { LibraryTranslationLanguage } from '@deck-portal/domain';
import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { errorText } from '../../../lib/library-api/error-text.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import {
  useSaveTranslations,
  useTranslationTexts,
  type TranslatedDocument,
} from '../api/library-translations.ts';

const kindName = { slide: 'Slide', layout: 'Layout', part: 'Shared part' } as const;

/**
 * A language's texts beside the library's: the documents on the left with how many of their
 * texts have no translation, the chosen one's texts on the right, each translation editable.
 */
export function TranslationsPanel({ language }: { language: LibraryTranslationLanguage }) {
  const [document, setDocument] = useState<TranslatedDocument | undefined>();
  const texts = useTranslationTexts(language.language, document);
  const documents = texts.data?.documents ?? [];
  const isChosen = (candidate: TranslatedDocument | undefined) =>
    candidate?.kind === document?.kind && candidate?.id === document?.id;

  return (
    <Grid>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <ScrollArea.Autosize mah="70vh">
          <nav aria-label="Texts of">
            <NavLink
              component="button"
              label="Every text"
              active={document === undefined}
              onClick={() => setDocument(undefined)}
              rightSection={
                <MissingBadge missing={texts.data?.language.missing ?? language.missing} />
              }
            />
            {documents.map((entry) => (
              <NavLink
                component="button"
                key={`${entry.kind}:${entry.id}`}
                label={entry.title}
                description={entry.kind === 'slide' ? undefined : kindName[entry.kind]}
                active={isChosen(entry)}
                onClick={() => setDocument({ kind: entry.kind, id: entry.id })}
                rightSection={<MissingBadge missing={entry.missing} />}
              />
            ))}
          </nav>
        </ScrollArea.Autosize>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8 }}>
        {texts.isPending && <PageLoader label="Loading the texts" />}
        {texts.isError && (
          <Alert color="red" title="The texts could not be loaded">
            {errorText(texts.error)}
          </Alert>
        )}
        {texts.data && (
          // A fresh form for each language, document and revision: what was typed is saved or dropped.
          <TextsForm
            key={`${language.language}:${document?.kind}:${document?.id}:${texts.data.language.revision}`}
            language={texts.data.language}
            texts={texts.data.texts}
          />
        )}
      </Grid.Col>
    </Grid>
  );
}

function MissingBadge({ missing }: { missing: number }) {
  return missing > 0 ? (
    <Badge color="orange" variant="light" size="sm">
      {missing} missing
    </Badge>
  ) : (
    <Badge color="green" variant="light" size="sm">
      Done
    </Badge>
  );
}

function TextsForm({
  language,
  texts,
}: {
  language: LibraryTranslationLanguage;
  texts: { id: string; source: string; target: string; missing: boolean }[];
}) {
  const [edits, setEdits] = useState<Record<string, string>>({});
  const save = useSaveTranslations(language.language);
  const changed = Object.keys(edits).length;

  if (texts.length === 0) return <Text c="dimmed">This has no texts to translate.</Text>;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {changed > 0
            ? `${changed} changed, not saved yet`
            : 'Type a translation beside its text.'}
        </Text>
        <Button
          leftSection={<IconDeviceFloppy size={16} />}
          disabled={changed === 0}
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { revision: language.revision, entries: edits },
              { onSuccess: () => setEdits({}) },
            )
          }
        >
          Save translations
        </Button>
      </Group>
      {save.isError && (
        <Alert color="red" title="The translations were not saved">
          {errorText(save.error)}
        </Alert>
      )}
      <Table layout="fixed" verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>English</Table.Th>
            <Table.Th>{language.name}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {texts.map((text) => {
            const value = edits[text.source] ?? text.target;
            return (
              <Table.Tr key={text.id}>
                <Table.Td style={{ verticalAlign: 'top', whiteSpace: 'pre-wrap' }}>
                  <Text size="sm">{text.source}</Text>
                  {value.trim() === '' && (
                    <Badge color="orange" variant="light" size="xs" mt={4}>
                      Missing
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <Textarea
                    aria-label={`${language.name} for “${text.source}”`}
                    dir={language.direction}
                    lang={language.language}
                    autosize
                    minRows={1}
                    value={value}
                    onChange={(event) => {
                      const next = event.currentTarget.value;
                      setEdits((current) => {
                        const { [text.source]: _dropped, ...rest } = current;
                        return next === text.target ? rest : { ...rest, [text.source]: next };
                      });
                    }}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
