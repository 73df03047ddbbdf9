import type { WebhookDeliveryView } from '@deck-portal/domain';
import { Alert, Badge, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { formatMonthDayTime } from '../../../lib/format-date.ts';
import { errorText } from '../../../lib/library-api/error-text.ts';
import { ScrollingTable } from '../../../ui/scrolling-table.tsx';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries.ts';
import { useRedeliverWebhook } from '../api/redeliver-webhook.ts';

/** A delivery's state as an admin reads it. */
function statusBadge(delivery: WebhookDeliveryView) {
  if (delivery.status === 'succeeded') return <Badge color="teal">Delivered</Badge>;
  if (delivery.status === 'failed') return <Badge color="red">Failed</Badge>;
  return <Badge color="yellow">{delivery.attempts === 0 ? 'Sending' : 'Retrying'}</Badge>;
}

/** What the last attempt came to, and when the next one is. */
function outcome(delivery: WebhookDeliveryView) {
  const answer =
    delivery.lastStatusCode !== null
      ? `HTTP ${delivery.lastStatusCode}`
      : (delivery.lastError ?? '');
  const error = delivery.lastStatusCode !== null && delivery.lastError ? delivery.lastError : null;
  return (
    <>
      <Text size="sm">{answer || '—'}</Text>
      {error && (
        <Text size="xs" c="dimmed" lineClamp={2}>
          {error}
        </Text>
      )}
      {delivery.status === 'pending' && delivery.nextAttemptAt && delivery.attempts > 0 && (
        <Text size="xs" c="dimmed">
          Next attempt {formatMonthDayTime(delivery.nextAttemptAt)}
        </Text>
      )}
    </>
  );
}

/** An endpoint's newest deliveries: each message, its state, its attempts, and Redeliver. */
export function DeliveryLog({ endpointId, label }: { endpointId: string; label: string }) {
  const deliveries = useWebhookDeliveries(endpointId);
  const redeliver = useRedeliverWebhook();

  if (deliveries.isPending) return <Text c="dimmed">Loading the delivery log…</Text>;
  if (deliveries.isError) {
    return (
      <Alert color="red" title="The delivery log could not be loaded">
        {errorText(deliveries.error)}
      </Alert>
    );
  }
  const rows = deliveries.data.deliveries;
  if (rows.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        Nothing sent yet. Send a test event to check the receiver.
      </Text>
    );
  }
  return (
    <>
      {redeliver.isError && (
        <Alert color="red" role="alert" title="Not sent again">
          {errorText(redeliver.error)}
        </Alert>
      )}
      <ScrollingTable minWidth={760} label={label}>
        <Table verticalSpacing="xs" horizontalSpacing="sm" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Event</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Attempts</Table.Th>
              <Table.Th>Answer</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Last attempt</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((delivery) => (
              <Table.Tr key={delivery.id}>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {delivery.eventType}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {delivery.messageId}
                  </Text>
                </Table.Td>
                <Table.Td>{statusBadge(delivery)}</Table.Td>
                <Table.Td>{delivery.attempts}</Table.Td>
                <Table.Td>{outcome(delivery)}</Table.Td>
                <Table.Td>{formatMonthDayTime(delivery.createdAt)}</Table.Td>
                <Table.Td>
                  {delivery.lastAttemptAt ? formatMonthDayTime(delivery.lastAttemptAt) : '—'}
                </Table.Td>
                <Table.Td>
                  {delivery.status !== 'pending' && (
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconRefresh size={14} />}
                      loading={
                        redeliver.isPending && redeliver.variables?.deliveryId === delivery.id
                      }
                      aria-label={`Redeliver ${delivery.eventType} ${delivery.messageId}`}
                      onClick={() => redeliver.mutate({ endpointId, deliveryId: delivery.id })}
                    >
                      Redeliver
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollingTable>
    </>
  );
}
