import { approvalMessages, type ApprovalRequest } from '@deck-portal/domain';
import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useDecideApproval } from '../api/deal-desk-api.ts';

const commentMaxLength = 2000;

/**
 * Approve or reject a request, with a comment (a rejection needs one, so the rep knows what to
 * change). When another approver decided first, `onConflict` gets the server's message.
 */
export function DecisionForm({
  request,
  onConflict,
}: {
  request: ApprovalRequest;
  onConflict: (request: ApprovalRequest, message: string) => void;
}) {
  const decide = useDecideApproval();
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const send = (decision: 'approve' | 'reject') => {
    setCommentError(null);
    setFormError(null);
    const trimmed = comment.trim();
    if (decision === 'reject' && trimmed === '') {
      setCommentError(approvalMessages.rejectNeedsComment);
      return;
    }
    decide.mutate(
      { requestId: request.id, decision, comment: trimmed },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message:
              decision === 'approve'
                ? `“${request.deckTitle}” is approved: it is made again without the watermark, and ${request.owner.name} is told.`
                : `“${request.deckTitle}” is rejected: ${request.owner.name} is told why.`,
          }),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) onConflict(request, error.message);
          else if (error instanceof ApiError && error.status === 422)
            setCommentError(error.fields.comment ?? error.message);
          else setFormError(error.message);
        },
      },
    );
  };

  const deciding = decide.isPending ? decide.variables.decision : null;
  return (
    <Stack gap="sm">
      {formError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {formError}
        </Alert>
      )}
      <Textarea
        label="Comment"
        description="The rep reads it with your decision. Required to reject."
        rows={2}
        autosize
        maxLength={commentMaxLength}
        value={comment}
        error={commentError}
        onChange={(event) => setComment(event.currentTarget.value)}
      />
      <Group justify="flex-end" gap="sm">
        <Button
          color="red"
          variant="light"
          leftSection={<IconX size={16} />}
          loading={deciding === 'reject'}
          disabled={deciding === 'approve'}
          onClick={() => send('reject')}
        >
          Reject
        </Button>
        <Button
          color="green"
          leftSection={<IconCheck size={16} />}
          loading={deciding === 'approve'}
          disabled={deciding === 'reject'}
          onClick={() => send('approve')}
        >
          Approve
        </Button>
      </Group>
    </Stack>
  );
}
