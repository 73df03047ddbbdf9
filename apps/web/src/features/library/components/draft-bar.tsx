import {
  describeFindingCount,
  type LibraryDraftResponse,
  type SlideFinding,
} from '@deck-portal/domain';
import { Alert, Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCircleCheck, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { PreflightFindings } from '../../../ui/preflight-findings.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useDiscardLibraryDraft, usePublishLibrary } from '../api/publish-library.ts';
import { errorText } from '../../../lib/library-api/error-text.ts';

/**
 * Which version reps build from, what the draft would change, what preflight finds on its
 * slides, and Publish (with a reason when it finds something) / Discard.
 */
export function DraftBar({
  library,
  findings = [],
}: {
  library: LibraryDraftResponse;
  findings?: readonly SlideFinding[];
}) {
  const [isOpen, { open, close }] = useDisclosure(false);
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const publish = usePublishLibrary();
  const discard = useDiscardLibraryDraft();
  const hasChanges = library.changes.length > 0;
  const hasFindings = findings.length > 0;
  const fields = publish.error instanceof ApiError ? publish.error.fields : {};
  // The server may find what this page has not loaded yet: then it asks for the reason too.
  const needsReason = hasFindings || fields.reason !== undefined;

  const submit = () =>
    publish.mutate(
      { note, ...(needsReason ? { reason } : {}) },
      {
        onSuccess: () => {
          close();
          setNote('');
          setReason('');
        },
      },
    );

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
        {hasChanges && hasFindings && (
          <Text size="sm" fw={600} c="red.9">
            Preflight: {describeFindingCount(findings.length)} on the slides below, before a client
            sees them.
          </Text>
        )}
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
            <PreflightFindings
              findings={findings}
              title={`Preflight: ${describeFindingCount(findings.length)} before a client sees these slides`}
            >
              Fix them first, or publish anyway and say why they may go out as they are.
            </PreflightFindings>
            <Textarea
              label="What changed"
              description="Shown in the history beside the version."
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              autosize
              minRows={2}
              data-autofocus
              error={
                fields.note ??
                (publish.error && !fields.reason ? errorText(publish.error) : undefined)
              }
            />
            {needsReason && (
              <Textarea
                label="Why they may go out as they are"
                description="Kept with the version and in the audit log."
                value={reason}
                onChange={(event) => setReason(event.currentTarget.value)}
                autosize
                minRows={2}
                withAsterisk
                error={fields.reason}
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button
                type="submit"
                loading={publish.isPending}
                color={needsReason ? 'orange' : undefined}
              >
                {needsReason ? 'Publish anyway' : `Publish version ${library.publishedVersion + 1}`}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Alert>
  );
}
