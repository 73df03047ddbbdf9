import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { isAdmin, useSession } from '../../../lib/session.ts';
import { useInviteColleague } from '../api/invite-colleague.ts';

/**
 * Shown when a deck cannot be shared with an address that has no approved account: an
 * administrator may invite the person on the spot; a rep learns who can, and of client links.
 */
export function ShareNeedsAccount({ email, onDone }: { email: string; onDone: () => void }) {
  const user = useSession().data;
  const invite = useInviteColleague();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (!user || !isAdmin(user)) {
    return (
      <Alert color="yellow" variant="light" title="An invitation is needed first">
        <Text size="sm">
          Ask an administrator to invite {email}, then share the deck again once they have set their
          password. Sending the deck to a client? Create a client link instead: it needs no account.
        </Text>
      </Alert>
    );
  }

  const send = () => {
    setError(null);
    if (name.trim() === '') {
      setError('Enter their full name for the invitation.');
      return;
    }
    invite.mutate(
      { email, name, role: 'sales_rep' },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            title: 'Invitation sent',
            message: `${email} is invited. Share the deck again once they have set their password.`,
          });
          onDone();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <Alert color="yellow" variant="light" title="Invite them first">
      <Stack gap="xs">
        <Text size="sm">
          {email} has no account yet. Invite them: they get a link to set a password and arrive
          approved as a Sales Representative. Then share the deck again.
        </Text>
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            label="Their full name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error}
            style={{ flex: 1 }}
          />
          <Button
            mt={25}
            variant="light"
            leftSection={<IconUserPlus size={16} />}
            loading={invite.isPending}
            onClick={send}
          >
            Send invitation
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
