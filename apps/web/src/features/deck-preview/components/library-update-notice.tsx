import type { DeckDetails } from '@deck-portal/domain';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useRegenerateDeck } from '../api/regenerate-deck.ts';

/**
 * Says that the content library has changed since the deck was made, and makes its next version
 * from the current one. Decks never change by themselves: the rep decides.
 */
export function LibraryUpdateNotice({ deck }: { deck: DeckDetails }) {
  const regenerate = useRegenerateDeck(deck.id);
  if (deck.libraryVersion === null || deck.libraryVersion >= deck.newestLibraryVersion) return null;
  return (
    <Alert color="blue" icon={<IconRefresh size={18} />} title="The slide library has changed">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          This deck was made with library version {deck.libraryVersion}; reps now build from version{' '}
          {deck.newestLibraryVersion}. Regenerating makes version {deck.currentVersion + 1} of this
          deck with the same client, products and slides; the versions before stay as they are.
        </Text>
        {regenerate.isError && (
          <Text size="sm" c="red.8" role="alert">
            {regenerate.error.message}
          </Text>
        )}
        <Button
          size="xs"
          leftSection={<IconRefresh size={14} />}
          loading={regenerate.isPending}
          onClick={() => regenerate.mutate(deck.draft)}
        >
          Regenerate with the current library
        </Button>
      </Stack>
    </Alert>
  );
}
