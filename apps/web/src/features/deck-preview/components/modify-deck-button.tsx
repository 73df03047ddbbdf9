import type { DeckDetails } from '@deck-portal/domain';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconPencil } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useDuplicateDeck } from '../api/deck-versions.ts';

/**
 * Modify, or — once a client accepted the deck and it is locked — "Duplicate to edit": a copy
 * of the accepted version as a new deck, where the changes go.
 */
export function ModifyDeckButton({ deck, onModify }: { deck: DeckDetails; onModify: () => void }) {
  const navigate = useNavigate();
  const duplicate = useDuplicateDeck(deck.id);
  if (!deck.acceptedAt) {
    return (
      <Button leftSection={<IconPencil size={16} />} variant="default" onClick={onModify}>
        Modify
      </Button>
    );
  }
  const makeCopy = () =>
    duplicate.mutate(deck.currentVersion, {
      onSuccess: async (made) => {
        notifications.show({
          color: 'green',
          message: 'The accepted deck stays as it was: this copy is yours to change.',
        });
        await navigate(paths.deckPreview(made.presentationId));
      },
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Duplicate failed', message: error.message }),
    });
  return (
    <Button
      leftSection={<IconCopy size={16} />}
      variant="default"
      onClick={makeCopy}
      loading={duplicate.isPending}
      title="A client accepted this deck: it is locked, so changes go in a copy."
    >
      Duplicate to edit
    </Button>
  );
}
