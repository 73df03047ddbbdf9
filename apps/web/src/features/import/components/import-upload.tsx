import { libraryImportMaxBytes, libraryImportMessages } from '@deck-portal/domain';
import { Alert, Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileTypePpt } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useStartLibraryImport } from '../api/library-import.ts';
import { errorText } from '../../../lib/library-api/error-text.ts';

const accept = '.pptx,application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** Step one: choose a `.pptx`; a file too large is refused here, before it is sent. */
export function ImportUpload({ onStarted }: { onStarted: (importId: string) => void }) {
  const start = useStartLibraryImport();
  const [refusal, setRefusal] = useState<string | undefined>();
  // Cleared after each choice, so choosing the same file again (after fixing it) still counts.
  const resetRef = useRef<() => void>(null);

  const choose = (file: File | null) => {
    if (!file) return;
    resetRef.current?.();
    start.reset();
    if (file.size > libraryImportMaxBytes) {
      setRefusal(libraryImportMessages.tooLarge);
      return;
    }
    setRefusal(undefined);
    start.mutate(file, { onSuccess: (started) => onStarted(started.id) });
  };

  const error = refusal ?? (start.isError ? errorText(start.error) : undefined);

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="import-upload">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id="import-upload">
          Choose a presentation
        </Title>
        <Text size="sm" c="dimmed">
          A PowerPoint file (.pptx) of up to 100 MB. Each slide is read and shown as our decks would
          draw it; you choose which to import, and nothing changes until you do.
        </Text>
        {error && (
          <Alert color="red" title={libraryImportMessages.failed} w="100%">
            {error}
          </Alert>
        )}
        <Group gap="sm">
          <FileButton
            accept={accept}
            onChange={choose}
            resetRef={resetRef}
            disabled={start.isPending}
          >
            {(props) => (
              <Button
                {...props}
                loading={start.isPending}
                leftSection={<IconFileTypePpt size={16} />}
              >
                {error ? 'Choose another file' : 'Choose a .pptx file'}
              </Button>
            )}
          </FileButton>
          {start.isPending && (
            <Text size="sm" role="status">
              Uploading…
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
