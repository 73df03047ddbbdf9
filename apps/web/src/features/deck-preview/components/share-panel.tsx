import { useState } from 'react';
import { shareRequestSchema, type DeckShare, type ShareAccess } from '@deck-portal/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconMail, IconSend, IconX } from '@tabler/icons-react';
import { ApiError } from '../../../lib/api-client.ts';
import { formatShortDate } from '../../../lib/format-date.ts';
import { useChangeShareAccess } from '../api/change-share-access.ts';
import { useDeckShares } from '../api/get-deck-shares.ts';
import { useRevokeShare } from '../api/revoke-share.ts';
import { useShareDeck } from '../api/share-deck.ts';
import { ShareNeedsAccount } from './share-needs-account.tsx';

const accessChoices = [
  { label: 'Can view', value: 'view' },
  { label: 'Can edit', value: 'edit' },
];

/** What a colleague may now do, as the notification after a share or a change says it. */
const canNow = (email: string, access: ShareAccess) =>
  access === 'edit'
    ? `${email} can now view and edit this deck.`
    : `${email} can now view this deck.`;

/**
 * DESIGN.md §7: share a deck with a colleague by e-mail, who can view it or also edit it; list
 * the shares, change what each one allows, and revoke them.
 */
export function SharePanel({ deckId }: { deckId: string }) {
  const shares = useDeckShares(deckId, true);
  const share = useShareDeck();
  const revoke = useRevokeShare();
  const form = useForm({
    mode: 'controlled',
    initialValues: { presentationId: deckId, email: '', access: 'view' as ShareAccess },
    validate: schemaResolver(shareRequestSchema, { sync: true }),
  });

  // The address that has no approved account, when the last share was refused for it.
  const [needsAccount, setNeedsAccount] = useState<string | null>(null);

  const submit = form.onSubmit((values) => {
    setNeedsAccount(null);
    share.mutate(values, {
      onSuccess: ({ share: shared, previousAccess }) => {
        form.setFieldValue('email', '');
        notifications.show({
          color: 'green',
          title: previousAccess ? 'Access changed' : 'Deck shared',
          message: canNow(shared.email, shared.access),
        });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'no_account') {
          setNeedsAccount(values.email.trim().toLowerCase());
        }
        const message =
          error instanceof ApiError && error.fields.email ? error.fields.email : error.message;
        form.setFieldError('email', message);
      },
    });
  });

  const list = shares.data?.shares ?? [];

  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="share-title">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id="share-title">
            Share
          </Title>
          <Text size="sm" c="dimmed">
            With colleagues who have an account: they get an e-mail with the link and, once signed
            in, can view and download the deck. Choose Can edit to let them edit it too.
          </Text>
        </Stack>
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            <TextInput
              label="Email address"
              placeholder="colleague@company.com"
              type="email"
              leftSection={<IconMail size={16} />}
              {...form.getInputProps('email')}
            />
            <Group justify="space-between" gap="xs">
              <SegmentedControl
                aria-label="Access"
                data={accessChoices}
                {...form.getInputProps('access')}
              />
              <Button type="submit" loading={share.isPending} leftSection={<IconSend size={16} />}>
                Share
              </Button>
            </Group>
          </Stack>
        </form>
        {needsAccount && (
          <ShareNeedsAccount email={needsAccount} onDone={() => setNeedsAccount(null)} />
        )}
        {shares.isPending ? (
          <Loader size="xs" aria-label="Loading shares" />
        ) : shares.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />}>
            {shares.error.message}
          </Alert>
        ) : list.length === 0 ? (
          <Text size="sm" c="dimmed">
            Not shared with anyone yet.
          </Text>
        ) : (
          <Stack component="ul" gap={6} p={0} m={0} aria-label="Shared with">
            {list.map((item) => (
              <Group
                key={item.id}
                component="li"
                justify="space-between"
                wrap="nowrap"
                style={{ listStyle: 'none' }}
              >
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate>
                    {item.email}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Shared {formatShortDate(item.createdAt)}
                    {item.sharedBy ? ` by ${item.sharedBy}` : ''}
                  </Text>
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  <ShareAccessControl deckId={deckId} share={item} />
                  <Tooltip label="Revoke access">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Revoke access for ${item.email}`}
                      loading={revoke.isPending && revoke.variables?.shareId === item.id}
                      onClick={() => revoke.mutate({ deckId, shareId: item.id })}
                    >
                      <IconX size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** One share's "Can view / Can edit", changed on the spot; what it now allows is announced. */
function ShareAccessControl({ deckId, share }: { deckId: string; share: DeckShare }) {
  const change = useChangeShareAccess();
  const shown = change.isPending ? change.variables.access : share.access;
  return (
    <SegmentedControl
      size="xs"
      aria-label={`Access for ${share.email}`}
      data={accessChoices}
      value={shown}
      disabled={change.isPending}
      onChange={(value) =>
        change.mutate(
          { deckId, shareId: share.id, access: value as ShareAccess },
          {
            onSuccess: ({ share: changed }) =>
              notifications.show({
                color: 'green',
                title: 'Access changed',
                message: canNow(changed.email, changed.access),
              }),
            onError: (error) =>
              notifications.show({
                color: 'red',
                title: 'The access could not be changed',
                message: error.message,
              }),
          },
        )
      }
    />
  );
}
