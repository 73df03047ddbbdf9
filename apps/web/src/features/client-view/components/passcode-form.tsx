import { clientLinkMessages, unlockClientViewRequestSchema } from '@deck-portal/domain';
import { Alert, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useUnlockClientView } from '../api/unlock-client-view.ts';

/** Asks for the link's passcode; once it is right the page loads the deck. */
export function PasscodeForm({
  token,
  onUnavailable,
}: {
  token: string;
  onUnavailable: () => void;
}) {
  const unlock = useUnlockClientView(token);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { passcode: '' },
    validate: schemaResolver(unlockClientViewRequestSchema, { sync: true }),
  });

  const submit = form.onSubmit(async ({ passcode }) => {
    setFormError(null);
    try {
      await unlock.mutateAsync(passcode);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return onUnavailable();
      if (error instanceof ApiError && error.code === 'wrong_passcode') {
        form.setErrors({ passcode: error.fields.passcode ?? clientLinkMessages.wrongPasscode });
        return;
      }
      if (
        error instanceof ApiError &&
        error.code === 'validation_failed' &&
        error.fields.passcode
      ) {
        form.setErrors({ passcode: error.fields.passcode });
        return;
      }
      // Too many attempts (429) and anything unexpected: the server's own words.
      setFormError(error instanceof Error ? error.message : 'Something went wrong.');
    }
  });

  return (
    <Stack gap="lg" maw={420} mx="auto" mt="xl">
      <Stack gap="xs">
        <Title order={1} size="h2">
          This deck is protected
        </Title>
        <Text>{clientLinkMessages.passcodeRequired}</Text>
      </Stack>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {formError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
              {formError}
            </Alert>
          )}
          <PasswordInput
            label="Passcode"
            autoComplete="off"
            autoFocus
            leftSection={<IconLock size={16} />}
            withAsterisk
            {...form.getInputProps('passcode')}
            // Mantine points a PasswordInput's field at its error but does not mark it invalid.
            aria-invalid={form.errors.passcode ? true : undefined}
          />
          <Button type="submit" size="md" fullWidth loading={unlock.isPending}>
            Open deck
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
