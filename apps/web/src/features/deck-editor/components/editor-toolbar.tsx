import { Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconDeviceFloppy,
  IconPlus,
  IconTrashX,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { HistoryButton } from '../../../ui/history-button.tsx';
import type { DraftSaveState } from '../use-draft-autosave.ts';

/** Where the draft's saving stands, in a word or a sentence. */
export function draftSaveText(state: DraftSaveState): string {
  switch (state.status) {
    case 'saved':
      return 'Saved';
    case 'saving':
      return 'Saving…';
    case 'failed':
    case 'stale':
      return `Not saved: ${state.message}`;
  }
}

/** The editor's title, where the draft's saving stands, and what is done to the whole deck. */
export function EditorToolbar({
  title,
  clientName,
  deckId,
  nextVersion,
  saveState,
  canUndo,
  canRedo,
  onUndo,
  onRedo,
  isSavingVersion,
  onSaveVersion,
  isDiscarding,
  onDiscard,
  onAddSlide,
}: {
  title: string;
  clientName: string;
  deckId: string;
  nextVersion: number;
  saveState: DraftSaveState;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  isSavingVersion: boolean;
  onSaveVersion: () => void;
  isDiscarding: boolean;
  onDiscard: () => void;
  onAddSlide: () => void;
}) {
  const isProblem = saveState.status === 'failed' || saveState.status === 'stale';
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="sm" c="dimmed">
          Editing{' '}
          <Text component={Link} to={paths.deckPreview(deckId)} inherit c="blue.8">
            {clientName || 'the deck'}
          </Text>{' '}
          · the draft of version {nextVersion}
        </Text>
        <Group gap="sm" align="baseline" wrap="wrap">
          <Title order={1} size="h2">
            {title || 'Untitled Deck'}
          </Title>
          <Text
            size="sm"
            c={isProblem ? 'red.8' : 'dimmed'}
            role="status"
            aria-label="Draft"
            aria-live="polite"
          >
            {draftSaveText(saveState)}
          </Text>
        </Group>
      </Stack>
      <Group gap="xs">
        <HistoryButton
          label="Undo"
          keys="Ctrl+Z"
          icon={IconArrowBackUp}
          disabled={!canUndo}
          onClick={onUndo}
        />
        <HistoryButton
          label="Redo"
          keys="Ctrl+Shift+Z"
          icon={IconArrowForwardUp}
          disabled={!canRedo}
          onClick={onRedo}
        />
        <Button variant="default" leftSection={<IconPlus size={16} />} onClick={onAddSlide}>
          Add a slide
        </Button>
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrashX size={16} />}
          loading={isDiscarding}
          onClick={onDiscard}
        >
          Discard draft
        </Button>
        <Button
          leftSection={<IconDeviceFloppy size={16} />}
          loading={isSavingVersion}
          disabled={saveState.status === 'stale'}
          onClick={onSaveVersion}
        >
          Save as version {nextVersion}
        </Button>
      </Group>
    </Group>
  );
}
