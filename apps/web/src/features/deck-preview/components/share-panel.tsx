import { useState } from 'react';
import { shareRequestSchema } from '@deck-portal/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Loader,
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
import { useDeckShares } from '../api/get-deck-shares.ts';
import { useRevokeShare } from '../api/revoke-share.ts';
import { useShareDeck } from '../api/share-deck.ts';
import { ShareNeedsAccount } from './share-needs-account.tsx';

/** DESIGN.md §7: grant a colleague or client view access by e-mail; list and revoke. */
export function SharePanel({ deckId }: { deckId: string }) {
  const shares = useDeckShares(deckId, true);
  const share = useShareDeck();
  const revoke = useRevokeShare();
  const form = useForm({
    mode: 'controlled',
    initialValues: { presentationId: deckId, email: '' },
    validate: schemaResolver(shareRequestSchema, { sync: true }),
  });

  // The address that has no approved account, when the last share was refused for it.
  const [needsAccount, setNeedsAccount] = useState<string | null>(null);

  const submit = form.onSubmit((values) => {
    setNeedsAccount(null);
    share.mutate(values, {
      onSuccess: ({ share: created }) => {
        form.setFieldValue('email', '');
        notifications.show({
          color: 'green',
          title: 'Deck shared',
          message: `${created.email} can now open this deck.`,
        });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'no_account') {
          setNeedsAccount(values.email.trim().toLowerCase());
        }
        const message =
          error instanceof ApiError && error.status === 409
            ? 'This deck is already shared with that address.'
            : error instanceof ApiError && error.fields.email
              ? error.fields.email
              : error.message;
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
            With colleagues who have an account: they get an e-mail with the link and can view and
            download the deck once signed in.
          </Text>
        </Stack>
        <form onSubmit={submit} noValidate>
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              label="Email address"
              placeholder="colleague@company.com"
              type="email"
              leftSection={<IconMail size={16} />}
              style={{ flex: 1 }}
              {...form.getInputProps('email')}
            />
            <Button
              type="submit"
              mt={25}
              loading={share.isPending}
              leftSection={<IconSend size={16} />}
            >
              Share
            </Button>
          </Group>
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
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
