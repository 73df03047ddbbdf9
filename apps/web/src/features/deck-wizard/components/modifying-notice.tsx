import { useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconVersions } from '@tabler/icons-react';
import { loadEditingDeck, stopModifyingDeck } from '../../../lib/deck-draft-storage.ts';
import { VersionLinksNotice } from './version-links-notice.tsx';

/**
 * Says, on every step, that the draft modifies an existing deck: Generate then adds its next
 * version (its client links follow) rather than a new deck. The rep can make it a new deck.
 * On the review step (`isReview`) it also says what the deck's client links will show.
 */
export function ModifyingNotice({ isReview = false }: { isReview?: boolean }) {
  const [editing, setEditing] = useState(loadEditingDeck);
  if (!editing) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconVersions size={18} aria-hidden />}
      title={`Modifying “${editing.title}”`}
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          Generating makes version {editing.version + 1} of this deck; its client links that follow
          the newest version will show it. Earlier versions stay in its history.
          {editing.slidesEdited &&
            ` Version ${editing.version}'s slides were edited after they were generated: the new version is drawn from the choices here, without those edits.`}
        </Text>
        <Button
          size="xs"
          variant="default"
          onClick={() => {
            stopModifyingDeck();
            setEditing(null);
          }}
        >
          Make it a new deck instead
        </Button>
      </Group>
      {isReview && <VersionLinksNotice editing={editing} />}
    </Alert>
  );
}
