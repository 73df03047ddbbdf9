import { libraryImportMessages, type LibraryImportResponse } from '@deck-portal/domain';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconFileTypePpt } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../ui/page-loader.tsx';
import { useLibrary } from '../../lib/library-api/get-library.ts';
import { useLibraryImport } from './api/library-import.ts';
import { errorText } from '../../lib/library-api/error-text.ts';
import { ImportCandidates } from './components/import-candidates.tsx';
import { ImportUpload } from './components/import-upload.tsx';
import { LibraryPageShell } from '../../ui/library/library-page-shell.tsx';
import { FileReadingProgress } from '../../ui/file-reading-progress.tsx';

/**
 * /admin/library/import: a company's PowerPoint into the library (issue 17). Upload a `.pptx`,
 * watch it being read, then choose which slides go into the draft. The import being looked at
 * is in the address (`?id=`), so a reload while a large file is read picks up where it was.
 */
export default function LibraryImportPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const importId = searchParams.get('id');
  const startOver = () => setSearchParams({});

  return (
    <LibraryPageShell>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Import PowerPoint</Title>
          <Text c="dimmed">
            Bring a company’s existing slides into the library. Imported slides go into the draft,
            where you can edit them before publishing.
          </Text>
        </Stack>
        {importId ? (
          <ImportStatus id={importId} onStartOver={startOver} />
        ) : (
          <ImportUpload onStarted={(id) => setSearchParams({ id })} />
        )}
      </Stack>
    </LibraryPageShell>
  );
}

function ImportStatus({ id, onStartOver }: { id: string; onStartOver: () => void }) {
  const libraryImport = useLibraryImport(id);
  const chooseAnother = (
    <Button
      variant="default"
      leftSection={<IconFileTypePpt size={16} />}
      onClick={onStartOver}
      w="fit-content"
    >
      Choose another file
    </Button>
  );

  const { data } = libraryImport;
  if (libraryImport.isPending) return <PageLoader label="Loading the import" />;
  // A poll that failed keeps what was known; only an import never loaded is an error here.
  if (!data) {
    return (
      <Stack gap="sm">
        <Alert color="red" title="This import could not be loaded">
          {errorText(libraryImport.error)}
        </Alert>
        {chooseAnother}
      </Stack>
    );
  }
  if (data.state === 'reading') {
    return (
      <FileReadingProgress
        fileName={data.fileName}
        status="Reading slides…"
        progress={data.progress}
      />
    );
  }
  if (data.state === 'failed') {
    return (
      <Stack gap="sm">
        <Alert color="red" title={libraryImportMessages.failed}>
          {data.error ?? 'Please try another file.'}
        </Alert>
        {chooseAnother}
      </Stack>
    );
  }
  if (data.candidates.length === 0) {
    return (
      <Stack gap="sm">
        <Alert color="yellow" title="No slides found" style={{ overflowWrap: 'anywhere' }}>
          {data.fileName} has no slides to import.
        </Alert>
        {chooseAnother}
      </Stack>
    );
  }
  return <ReadyImport libraryImport={data} />;
}

/** The candidates need the library's categories to be filed under. */
function ReadyImport({ libraryImport }: { libraryImport: LibraryImportResponse }) {
  const library = useLibrary();
  if (library.isPending) return <PageLoader label="Loading the library’s categories" />;
  if (library.isError) {
    return (
      <Alert color="red" title="The library could not be loaded">
        {errorText(library.error)}
      </Alert>
    );
  }
  return <ImportCandidates libraryImport={libraryImport} categories={library.data.categories} />;
}
