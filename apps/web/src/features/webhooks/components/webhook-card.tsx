import { webhookEventLabels, type EventType, type WebhookEndpointView } from '@deck-portal/domain';
import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Modal,
  Paper,
  PasswordInput,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconKey, IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { errorText } from '../../../lib/library-api/error-text.ts';
import { useDeleteWebhook } from '../api/delete-webhook.ts';
import { useRollWebhookSecret } from '../api/roll-webhook-secret.ts';
import { useSendTestWebhook } from '../api/send-test-webhook.ts';
import { useUpdateWebhook } from '../api/update-webhook.ts';
import { DeliveryLog } from './delivery-log.tsx';

/** One endpoint: where it goes, its events and secret, on or off, its actions and its log. */
export function WebhookCard({
  endpoint,
  onChange,
}: {
  endpoint: WebhookEndpointView;
  onChange: () => void;
}) {
  const update = useUpdateWebhook();
  const sendTest = useSendTestWebhook();
  const [confirming, setConfirming] = useState<'delete' | 'roll' | undefined>();
  const name = endpoint.description || endpoint.url;

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label={`Webhook ${name}`}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            <Group gap="xs">
              <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
                {endpoint.url}
              </Title>
              {endpoint.enabled ? <Badge color="teal">On</Badge> : <Badge color="gray">Off</Badge>}
            </Group>
            {endpoint.description && <Text c="dimmed">{endpoint.description}</Text>}
            <Group gap={6}>
              {endpoint.eventTypes.map((type) => (
                <Tooltip key={type} label={webhookEventLabels[type as EventType] ?? type}>
                  <Badge variant="light" radius="sm" tt="none">
                    {type}
                  </Badge>
                </Tooltip>
              ))}
            </Group>
          </Stack>
          <Switch
            label="Sends events"
            checked={endpoint.enabled}
            disabled={update.isPending}
            onChange={(e) =>
              update.mutate({ id: endpoint.id, change: { enabled: e.currentTarget.checked } })
            }
          />
        </Group>
        {!endpoint.enabled && endpoint.disabledReason && (
          <Alert color="yellow" title="Turned off">
            {endpoint.disabledReason}
          </Alert>
        )}
        {update.isError && (
          <Alert color="red" role="alert" title="Not changed">
            {errorText(update.error)}
          </Alert>
        )}
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <PasswordInput
            label="Signing secret"
            description="The receiver verifies each message’s webhook-signature with it."
            value={endpoint.secret}
            readOnly
            style={{ flex: 1 }}
          />
          <CopyButton value={endpoint.secret}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'light' : 'default'}
                color={copied ? 'green' : undefined}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
              >
                {copied ? 'Copied' : 'Copy secret'}
              </Button>
            )}
          </CopyButton>
          <Button
            variant="default"
            leftSection={<IconKey size={16} />}
            onClick={() => setConfirming('roll')}
          >
            Roll secret
          </Button>
        </Group>
        <Group gap="xs">
          <Button
            leftSection={<IconSend size={16} />}
            loading={sendTest.isPending}
            onClick={() => sendTest.mutate(endpoint.id)}
          >
            Send test event
          </Button>
          <Button variant="default" leftSection={<IconPencil size={16} />} onClick={onChange}>
            Change
          </Button>
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setConfirming('delete')}
          >
            Delete
          </Button>
        </Group>
        {sendTest.isError && (
          <Alert color="red" role="alert" title="The test event was not sent">
            {errorText(sendTest.error)}
          </Alert>
        )}
        <Stack gap="xs">
          <Title order={3} size="h5">
            Delivery log
          </Title>
          <DeliveryLog endpointId={endpoint.id} label={`Deliveries to ${endpoint.url}`} />
        </Stack>
      </Stack>
      {confirming === 'delete' && (
        <DeleteWebhook endpoint={endpoint} onClose={() => setConfirming(undefined)} />
      )}
      {confirming === 'roll' && (
        <RollSecret endpoint={endpoint} onClose={() => setConfirming(undefined)} />
      )}
    </Paper>
  );
}

function DeleteWebhook({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpointView;
  onClose: () => void;
}) {
  const remove = useDeleteWebhook();
  return (
    <Modal opened onClose={onClose} title="Delete this webhook?">
      <Stack gap="md">
        <Text style={{ overflowWrap: 'anywhere' }}>
          {endpoint.url} is sent no more events, and its delivery log goes with it. Messages still
          being retried are not sent.
        </Text>
        {remove.isError && (
          <Alert color="red" role="alert" title="The webhook was not deleted">
            {errorText(remove.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep it
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(endpoint.id, {
                onSuccess: () => {
                  notifications.show({ color: 'teal', message: 'The webhook is deleted.' });
                  onClose();
                },
              })
            }
          >
            Delete webhook
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RollSecret({ endpoint, onClose }: { endpoint: WebhookEndpointView; onClose: () => void }) {
  const roll = useRollWebhookSecret();
  return (
    <Modal opened onClose={onClose} title="Roll the signing secret?">
      <Stack gap="md">
        <Text>
          Every message from now on, retries of older ones too, is signed with a new secret. Put it
          into the receiver at once: until then it refuses the portal’s messages.
        </Text>
        {roll.isError && (
          <Alert color="red" role="alert" title="The secret was not changed">
            {errorText(roll.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep the secret
          </Button>
          <Button
            color="red"
            loading={roll.isPending}
            onClick={() =>
              roll.mutate(endpoint.id, {
                onSuccess: () => {
                  notifications.show({
                    color: 'teal',
                    message: 'A new secret signs the messages: copy it into the receiver.',
                  });
                  onClose();
                },
              })
            }
          >
            Roll secret
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
