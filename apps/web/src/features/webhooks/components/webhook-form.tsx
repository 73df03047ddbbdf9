import {
  eventTypes,
  webhookEventLabels,
  type EventType,
  type WebhookEndpointView,
} from '@deck-portal/domain';
import { Alert, Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { errorText } from '../../../lib/library-api/error-text.ts';
import { useCreateWebhook } from '../api/create-webhook.ts';
import { useUpdateWebhook } from '../api/update-webhook.ts';

/** A field's message from the server, when it named that field. */
const fieldError = (error: unknown, field: string) =>
  error instanceof ApiError
    ? Object.entries(error.fields).find(
        ([name]) => name === field || name.startsWith(`${field}.`),
      )?.[1]
    : undefined;

/**
 * Adds a webhook, or changes one: the receiver's address, what it is for, and the events it is
 * sent. The server checks the address (public hosts only) and says why it refuses one.
 */
export function WebhookForm({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpointView | 'new';
  onClose: () => void;
}) {
  const isNew = endpoint === 'new';
  const [url, setUrl] = useState(isNew ? '' : endpoint.url);
  const [description, setDescription] = useState(isNew ? '' : endpoint.description);
  const [types, setTypes] = useState<string[]>(
    isNew ? ['link.opened', 'visit.ended'] : endpoint.eventTypes,
  );
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const save = isNew ? create : update;

  const submit = () => {
    const input = { url: url.trim(), description, eventTypes: types as EventType[] };
    const done = {
      onSuccess: () => {
        notifications.show({
          color: 'teal',
          message: isNew ? 'The webhook is added: copy its secret into the receiver.' : 'Saved.',
        });
        onClose();
      },
    };
    if (isNew) create.mutate(input, done);
    else update.mutate({ id: endpoint.id, change: input }, done);
  };

  return (
    <Modal opened onClose={onClose} size="lg" title={isNew ? 'Add a webhook' : 'Change webhook'}>
      <Stack gap="md">
        <TextInput
          label="Address"
          description="Where the portal POSTs each event, signed with the webhook’s secret."
          placeholder="https://crm.example.com/hooks/deck-portal"
          required
          value={url}
          error={fieldError(save.error, 'url')}
          onChange={(e) => setUrl(e.currentTarget.value)}
        />
        <TextInput
          label="Description"
          description="What receives it, for whoever reads this list later."
          maxLength={200}
          value={description}
          error={fieldError(save.error, 'description')}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <Checkbox.Group
          label="Events"
          description="The webhook is sent these, as they happen."
          value={types}
          onChange={setTypes}
          error={fieldError(save.error, 'eventTypes')}
        >
          <Stack gap={6} mt="xs">
            {eventTypes.map((type) => (
              <Checkbox key={type} value={type} label={`${webhookEventLabels[type]} (${type})`} />
            ))}
          </Stack>
        </Checkbox.Group>
        {save.isError && (
          <Alert color="red" role="alert" title="The webhook was not saved">
            {errorText(save.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={types.length === 0}>
            {isNew ? 'Add webhook' : 'Save webhook'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
