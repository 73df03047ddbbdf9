import { approverRoleLabel, type ApproverRole } from '@deck-portal/domain';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { useRequestApproval } from '../../lib/deal-desk.ts';

const noteMaxLength = 2000;

/** 'Request approval': a note to the approver in a modal, then the request. */
export function RequestApprovalButton({
  deckId,
  approverRole,
  size = 'sm',
}: {
  deckId: string;
  approverRole: ApproverRole | null;
  size?: 'xs' | 'sm';
}) {
  const [isOpen, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const request = useRequestApproval(deckId);
  const close = () => {
    setOpen(false);
    setFormError(null);
    setNoteError(null);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setNoteError(null);
    request.mutate(note.trim(), {
      onSuccess: () => {
        close();
        setNote('');
        notifications.show({
          color: 'green',
          message: 'Your request is with the approvers. You will be told of their decision.',
        });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields.note) setNoteError(error.fields.note);
        else setFormError(error.message);
      },
    });
  };

  return (
    <>
      <Button
        size={size}
        color="orange"
        leftSection={<IconSend size={16} />}
        onClick={() => setOpen(true)}
      >
        Request approval
      </Button>
      <Modal
        opened={isOpen}
        onClose={close}
        title="Request approval"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {formError && (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertCircle size={18} />}
                title="The request was not sent"
              >
                {formError}
              </Alert>
            )}
            <Text size="sm">
              {approverRole
                ? `The request goes to ${approverRoleLabel[approverRole]}, who sees the deck and its prices against list and the limits.`
                : 'The request goes to the approvers, who see the deck and its prices against list and the limits.'}
            </Text>
            <Textarea
              label="Note to the approver"
              description="Optional: why these prices, e.g. a competing offer or the size of the order."
              rows={4}
              maxLength={noteMaxLength}
              data-autofocus
              value={note}
              error={noteError}
              onChange={(event) => setNote(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button
                type="submit"
                loading={request.isPending}
                leftSection={<IconSend size={16} />}
              >
                Send request
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
