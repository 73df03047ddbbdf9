import { Paper, Progress, Stack, Text, Title } from '@mantine/core';

/** Slides read so far of how many, as a file being read reports it (null until it is known). */
export type FileReadingProgressValue = { done: number; total: number } | null | undefined;

/**
 * A PowerPoint file the server is reading: its name, what is happening ("Reading slides…") with
 * the slides read so far, and a bar once their number is known (or a moving one until then, with
 * `showsWhileUnknown`: for a reader that may never tell it).
 */
export function FileReadingProgress({
  fileName,
  status,
  progress,
  showsWhileUnknown = false,
}: {
  fileName: string;
  status: string;
  progress: FileReadingProgressValue;
  showsWhileUnknown?: boolean;
}) {
  const percent = progress && progress.total > 0 ? (100 * progress.done) / progress.total : null;
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
          {fileName}
        </Title>
        <Text role="status">
          {status}
          {progress ? ` (${progress.done} of ${progress.total})` : ''}
        </Text>
        {percent !== null ? (
          <Progress value={percent} aria-label="Slides read" size="lg" radius="xl" animated />
        ) : (
          showsWhileUnknown && (
            // Only a sign of life: the status above says it to a screen reader, without a figure.
            <Progress value={100} aria-hidden size="lg" radius="xl" striped animated />
          )
        )}
      </Stack>
    </Paper>
  );
}
