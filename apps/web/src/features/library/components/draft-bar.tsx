import type { LibraryDraftResponse } from '@deck-portal/domain';
import { Alert, Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCircleCheck, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useDiscardLibraryDraft, usePublishLibrary } from '../api/publish-library.ts';
import { errorText } from './error-text.ts';

/** Which version reps build from, what the draft would change, and Publish / Discard. */
export function DraftBar({ library }: { library: LibraryDraftResponse }) {
  const [isOpen, { open, close }] = useDisclosure(false);
  const [note, setNote] = useState('');
  const publish = usePublishLibrary();
  const discard = useDiscardLibraryDraft();
  const hasChanges = library.changes.length > 0;

  const submit = () =>
    publish.mutate(note, {
      onSuccess: () => {
        close();
        setNote('');
      },
    });

  return (
    <Alert
      color={hasChanges ? 'yellow' : 'teal'}
      icon={hasChanges ? <IconUpload size={18} /> : <IconCircleCheck size={18} />}
      title={
        hasChanges
          ? `Unpublished changes — reps build from version ${library.publishedVersion}`
          : `Published: reps build from version ${library.publishedVersion}`
      }
    >
      <Stack gap="sm">
        {hasChanges ? (
          <List size="sm" spacing={2}>
            {library.changes.map((change, i) => (
              <List.Item key={i}>{change}</List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm">The draft is the same as the published version.</Text>
        )}
        {publish.isSuccess && !hasChanges && (
          <Text size="sm" role="status">
            Version {publish.data.number} is published. Reps build from it now.
          </Text>
        )}
        {discard.isError && <Text c="red.8">{errorText(discard.error)}</Text>}
        {hasChanges && (
          <Group gap="sm">
            <Button onClick={open} leftSection={<IconUpload size={16} />}>
              Publish
            </Button>
            <Button
              variant="subtle"
              color="gray"
              loading={discard.isPending}
              onClick={() => {
                if (window.confirm('Throw away every unpublished change?')) discard.mutate();
              }}
            >
              Discard changes
            </Button>
          </Group>
        )}
      </Stack>
      <Modal opened={isOpen} onClose={close} title="Publish the library" centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack>
            <Text size="sm">
              Version {library.publishedVersion + 1} will be what every new deck is built from.
              Decks made before keep the version they were made with.
            </Text>
            <Textarea
              label="What changed"
              description="Shown in the history beside the version."
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              autosize
              minRows={2}
              data-autofocus
              error={publish.error ? errorText(publish.error).replace(/^note: /, '') : undefined}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={publish.isPending}>
                Publish version {library.publishedVersion + 1}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Alert>
  );
}
