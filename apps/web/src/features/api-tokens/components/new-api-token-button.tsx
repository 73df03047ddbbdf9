import {
  apiTokenExpiryDays,
  apiTokenScopeLabels,
  apiTokenScopes,
  type ApiTokenCreated,
  type ApiTokenScope,
} from '@deck-portal/domain';
import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconCheck, IconCopy, IconKey, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useFormError } from '../../../lib/form-error.ts';
import { useCreateApiToken } from '../api/create-api-token.ts';

type FormValues = { name: string; scopes: ApiTokenScope[]; expiry: string };

const expiryOptions = [
  ...apiTokenExpiryDays.map((days) => ({
    value: String(days),
    label: days === 365 ? '1 year' : `${days} days`,
  })),
  { value: 'none', label: 'No expiry' },
];

function NewTokenForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (created: ApiTokenCreated) => void;
}) {
  const create = useCreateApiToken();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { name: '', scopes: [], expiry: '90' },
    validate: {
      name: (value) => (value.trim() ? null : 'Name the token.'),
      scopes: (value) => (value.length > 0 ? null : 'Choose at least one scope.'),
    },
  });
  const { formError, showError, clearFormError } = useFormError(form.setErrors);

  const submit = form.onSubmit((values) => {
    clearFormError();
    create.mutate(
      {
        name: values.name.trim(),
        scopes: values.scopes,
        expiresInDays:
          values.expiry === 'none'
            ? null
            : (Number(values.expiry) as (typeof apiTokenExpiryDays)[number]),
      },
      {
        onSuccess: onCreated,
        onError: showError,
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {formError && (
          <Alert color="red" variant="light">
            {formError}
          </Alert>
        )}
        <TextInput
          label="Name"
          description="What uses it, so you know which token to revoke later."
          placeholder="CRM sync"
          required
          maxLength={80}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Checkbox.Group
          label="Scopes"
          description="What the token may do, as you. Choose only what the script needs."
          required
          {...form.getInputProps('scopes')}
        >
          <Stack gap="xs" mt="xs">
            {apiTokenScopes.map((scope) => (
              <Checkbox
                key={scope}
                value={scope}
                label={
                  <>
                    <Code>{scope}</Code> {apiTokenScopeLabels[scope]}
                  </>
                }
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Select
          label="Expires after"
          data={expiryOptions}
          allowDeselect={false}
          {...form.getInputProps('expiry')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending} leftSection={<IconKey size={16} />}>
            Make token
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CreatedToken({ created, onDone }: { created: ApiTokenCreated; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
        Copy the token now: the portal keeps only a fingerprint of it and cannot show it again.
        Anyone who has it can act as you within its scopes, so keep it where you keep passwords.
      </Alert>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label={`Token “${created.apiToken.name}”`}
          value={created.token}
          readOnly
          style={{ flex: 1 }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton value={created.token}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'light' : 'filled'}
              color={copied ? 'green' : undefined}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="sm" c="dimmed">
        Send it as <Code>Authorization: Bearer {'<token>'}</Code>.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}

/** 'New token': the form in a modal, then the token, shown this once. */
export function NewApiTokenButton() {
  const [isOpen, setOpen] = useState(false);
  // Kept after closing, so the modal does not go blank while it fades out.
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const close = () => setOpen(false);
  return (
    <>
      <Button
        leftSection={<IconPlus size={16} />}
        onClick={() => {
          setCreated(null);
          setOpen(true);
        }}
      >
        New token
      </Button>
      <Modal
        opened={isOpen}
        onClose={close}
        title={created ? 'Your new token' : 'New API token'}
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
        // The token must not vanish by a stray click outside before it is copied.
        closeOnClickOutside={!created}
      >
        {created ? (
          <CreatedToken created={created} onDone={close} />
        ) : (
          <NewTokenForm onCancel={close} onCreated={setCreated} />
        )}
      </Modal>
    </>
  );
}
