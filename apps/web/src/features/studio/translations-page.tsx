import { useState } from 'react';
import type { LibraryTranslationImportResponse } from '@deck-portal/domain';
import { Alert, Button, FileButton, Group, List, Select, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconUpload } from '@tabler/icons-react';
import { paths } from '../../config/paths.ts';
import { errorText } from '../../lib/library-api/error-text.ts';
import { LinkButton } from '../../ui/link-button.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import {
  translationExportUrl,
  useImportTranslations,
  useTranslationLanguages,
} from './api/library-translations.ts';
import { TranslationsPanel } from './components/translations-panel.tsx';

/**
 * /admin/library/languages: the library's texts in another language, side by side with its own,
 * missing ones marked; a translator's XLIFF or CSV file out and back in. Decks use them once the
 * library is published.
 */
export default function TranslationsPage() {
  const languages = useTranslationLanguages();
  const [chosen, setChosen] = useState<string | null>(null);
  const list = languages.data?.languages ?? [];
  // The first language with translations until the editor picks one.
  const language =
    list.find((entry) => entry.language === chosen) ??
    list.find((entry) => entry.translated > 0) ??
    list[0];

  return (
    <PageShell
      actions={
        <LinkButton to={paths.library} icon={IconArrowLeft}>
          Content library
        </LinkButton>
      }
    >
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Languages</Title>
          <Text c="dimmed">
            The library’s texts in the languages decks are written in. A text without a translation
            is shown in English. Decks use the translations once you publish the library.
          </Text>
        </Stack>
        {languages.isPending && <PageLoader label="Loading the languages" />}
        {languages.isError && (
          <Alert color="red" title="The languages could not be loaded">
            {errorText(languages.error)}
          </Alert>
        )}
        {language && (
          <>
            <Group align="flex-end" justify="space-between">
              <Select
                label="Language"
                w={320}
                allowDeselect={false}
                value={language.language}
                onChange={setChosen}
                data={list.map((entry) => ({
                  value: entry.language,
                  label: `${entry.name} (${entry.nativeName}) · ${entry.missing} missing`,
                }))}
              />
              <FileActions language={language.language} name={language.name} />
            </Group>
            <Text size="sm">
              {language.translated} of {languages.data!.textCount} texts translated,{' '}
              {language.missing} missing.
            </Text>
            <TranslationsPanel key={language.language} language={language} />
          </>
        )}
      </Stack>
    </PageShell>
  );
}

/** Export to a translator's file, and import it back, for one language. */
function FileActions({ language, name }: { language: string; name: string }) {
  const importing = useImportTranslations(language);
  const [result, setResult] = useState<LibraryTranslationImportResponse>();

  return (
    <Stack gap="xs" align="flex-end">
      <Group gap="sm">
        <Button
          component="a"
          href={translationExportUrl(language, 'xliff')}
          download
          variant="default"
          leftSection={<IconDownload size={16} />}
        >
          Export XLIFF
        </Button>
        <Button
          component="a"
          href={translationExportUrl(language, 'csv')}
          download
          variant="default"
          leftSection={<IconDownload size={16} />}
        >
          Export CSV
        </Button>
        <FileButton
          accept=".xlf,.xliff,.csv,application/xliff+xml,application/x-xliff+xml,text/csv,text/xml,application/xml"
          onChange={(file) => {
            setResult(undefined);
            if (file) importing.mutate(file, { onSuccess: setResult });
          }}
        >
          {(props) => (
            <Button {...props} loading={importing.isPending} leftSection={<IconUpload size={16} />}>
              Import {name} file
            </Button>
          )}
        </FileButton>
      </Group>
      {importing.isError && (
        <Alert color="red" title="The file was not imported" w="100%">
          {errorText(importing.error)}
        </Alert>
      )}
      {result && <ImportResult result={result} />}
    </Stack>
  );
}

function ImportResult({ result }: { result: LibraryTranslationImportResponse }) {
  const notes = [...result.refused, ...result.skipped];
  return (
    <Alert
      color={notes.length > 0 ? 'orange' : 'green'}
      title={`Imported ${result.applied} ${result.applied === 1 ? 'translation' : 'translations'}`}
      w="100%"
    >
      <Text size="sm">
        {result.unchanged} unchanged or left empty
        {result.refused.length > 0 ? `, ${result.refused.length} refused` : ''}
        {result.skipped.length > 0 ? `, ${result.skipped.length} skipped` : ''}.
      </Text>
      {notes.length > 0 && (
        <List size="sm" mt="xs">
          {notes.slice(0, 20).map((note, i) => (
            <List.Item key={`${note.id}:${i}`}>
              “{note.source}”: {note.message}
            </List.Item>
          ))}
          {notes.length > 20 && <List.Item>… and {notes.length - 20} more</List.Item>}
        </List>
      )}
    </Alert>
  );
}
