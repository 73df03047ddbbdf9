import type { GenerationState } from '@deck-portal/domain';
import { Button, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useDeckGeneration } from '../../../lib/deck-generation.ts';
import { GenerationFailed, GenerationProgressCard } from '../../../ui/generation-status.tsx';

/**
 * The draft being drawn as the deck's next version, followed as the wizard follows Modify →
 * Generate; when it is made, the deck's page. When it fails, the draft is still there.
 */
export function SavingVersion({
  deckId,
  initial,
  version,
  onDone,
  onBack,
}: {
  deckId: string;
  initial: GenerationState;
  version: number;
  onDone: () => void;
  onBack: () => void;
}) {
  const followed = useDeckGeneration(deckId, initial);
  const status = followed.state?.status;
  useEffect(() => {
    if (status === 'completed') onDone();
  }, [status, onDone]);

  return (
    <Stack gap="md" maw={720} mx="auto" w="100%">
      <Title order={1} size="h2">
        Saving version {version}
      </Title>
      {status === 'failed' ? (
        <>
          <GenerationFailed
            deckId={deckId}
            message={followed.state?.error ?? 'The version could not be made.'}
            canRetry={false}
            onRetried={followed.restart}
          />
          <Button variant="default" w="fit-content" onClick={onBack}>
            Back to the editor
          </Button>
        </>
      ) : (
        <GenerationProgressCard state={followed.state} />
      )}
    </Stack>
  );
}
