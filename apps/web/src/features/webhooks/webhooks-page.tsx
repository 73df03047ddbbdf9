import type { WebhookEndpointView } from '@deck-portal/domain';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { paths } from '../../config/paths.ts';
import { errorText } from '../../lib/library-api/error-text.ts';
import { LinkButton } from '../../ui/link-button.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { useWebhooks } from './api/get-webhooks.ts';
import { WebhookCard } from './components/webhook-card.tsx';
import { WebhookForm } from './components/webhook-form.tsx';

/**
 * /admin/webhooks: the addresses the portal tells of links opened, visits ended, proposals
 * answered, approvals and new versions, each message signed (Standard Webhooks) and retried for
 * a day; each endpoint's delivery log, with Redeliver and Send test event.
 */
export default function WebhooksPage() {
  const webhooks = useWebhooks();
  const [editing, setEditing] = useState<WebhookEndpointView | 'new' | undefined>();

  return (
    <PageShell
      actions={
        <LinkButton to={paths.admin} icon={IconArrowLeft}>
          User Management
        </LinkButton>
      }
    >
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4} maw={720}>
            <Title order={1}>Webhooks</Title>
            <Text c="dimmed">
              Tell the tools your team runs (a CRM, a chat, an automation) what clients do with
              decks. Each event is POSTed as JSON, signed with the webhook’s secret as the Standard
              Webhooks specification says, and retried for about a day if the receiver does not
              answer 2xx.
            </Text>
          </Stack>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Add webhook
          </Button>
        </Group>
        {webhooks.isPending ? (
          <PageLoader label="Loading the webhooks" />
        ) : webhooks.isError ? (
          <Alert color="red" title="The webhooks could not be loaded">
            {errorText(webhooks.error)}
          </Alert>
        ) : webhooks.data.endpoints.length === 0 ? (
          <Paper withBorder radius="lg" p="xl">
            <Text c="dimmed">
              No webhooks yet. Add one with the address of the tool that should hear of clients’
              visits and answers.
            </Text>
          </Paper>
        ) : (
          webhooks.data.endpoints.map((endpoint) => (
            <WebhookCard
              key={endpoint.id}
              endpoint={endpoint}
              onChange={() => setEditing(endpoint)}
            />
          ))
        )}
      </Stack>
      {editing && <WebhookForm endpoint={editing} onClose={() => setEditing(undefined)} />}
    </PageShell>
  );
}
