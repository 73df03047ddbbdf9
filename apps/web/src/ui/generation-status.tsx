import {
  describeGenerationProgress,
  type GenerationProgress,
  type GenerationState,
} from '@deck-portal/domain';
import { Alert, Button, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useRetryGeneration } from '../lib/deck-generation.ts';

/** How far along a stage is, for the bar: slides laid out fill most of it. */
function progressValue(progress: GenerationProgress | null) {
  switch (progress?.stage) {
    case undefined:
    case 'queued':
      return 4;
    case 'layout':
      return 8 + Math.round((50 * (progress.done ?? 0)) / Math.max(1, progress.total ?? 1));
    case 'pictures':
      return 60;
    case 'pptx':
      return 68;
    case 'pdf':
      return 78;
    case 'web':
      return 88;
    case 'storing':
      return 95;
  }
}

/** The worker's progress on a deck being generated, as it reports it. */
export function GenerationProgressCard({ state }: { state: GenerationState | undefined }) {
  const progress = state?.progress ?? null;
  const stage = describeGenerationProgress(progress);
  return (
    <Card withBorder radius="lg" p="lg" role="status" aria-label="Generating presentation">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>Generating your presentation</Text>
          <Text size="sm" c="dimmed" aria-live="polite">
            {stage}
          </Text>
        </Group>
        <Progress
          value={progressValue(progress)}
          animated
          striped
          size="lg"
          radius="xl"
          aria-label={stage}
        />
        <Text size="xs" c="dimmed">
          You can leave this page: the deck keeps generating and appears on your dashboard when it
          is ready.
        </Text>
      </Stack>
    </Card>
  );
}

export const GENERATION_FAILED_TITLE = 'This deck could not be generated';

/** Why the deck could not be made, and Try again (for whoever may manage the deck). */
export function GenerationFailed({
  deckId,
  message,
  canRetry,
  onRetried,
  tryAgain,
}: {
  deckId: string;
  message: string;
  canRetry: boolean;
  onRetried: (state: GenerationState) => void;
  /** Try again by other means than queuing the stored draft (a version: generate it anew). */
  tryAgain?: { run: () => void; isPending: boolean };
}) {
  const retry = useRetryGeneration();
  return (
    <Alert
      color="red"
      icon={<IconAlertCircle size={18} />}
      role="alert"
      title={GENERATION_FAILED_TITLE}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        {retry.isError && (
          <Text size="sm" fw={500}>
            {retry.error.message}
          </Text>
        )}
        {canRetry && (
          <Button
            size="sm"
            color="red"
            variant="light"
            leftSection={<IconRefresh size={16} />}
            loading={tryAgain ? tryAgain.isPending : retry.isPending}
            onClick={() =>
              tryAgain ? tryAgain.run() : retry.mutate(deckId, { onSuccess: onRetried })
            }
          >
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
