import { useState } from 'react';
import {
  adminMessages,
  defaultApprovalRole,
  invitationLifetimeDays,
  inviteUserRequestSchema,
  roleInfo,
  type AssignableRole,
} from '@deck-portal/domain';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconMail, IconUser, IconUserPlus } from '@tabler/icons-react';
import { useFormError } from '../../../lib/form-error.ts';
import { useInviteUser } from '../api/invite-user.ts';
import { showActionDone } from './action-failed.ts';
import { RoleSelect } from './role-select.tsx';

function InviteUserForm({ onDone }: { onDone: () => void }) {
  const invite = useInviteUser();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', email: '', role: defaultApprovalRole as AssignableRole },
    validate: schemaResolver(inviteUserRequestSchema, { sync: true }),
  });
  const { formError, showError, clearFormError } = useFormError(form.setErrors);

  const submit = form.onSubmit((values) => {
    clearFormError();
    invite.mutate(values, {
      onSuccess: (invitation) => {
        showActionDone(
          `Invitation sent to ${invitation.email} as ${roleInfo[invitation.role].label}.`,
        );
        onDone();
      },
      onError: showError,
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The invitee receives a link, valid for {invitationLifetimeDays} days and usable once, to
          set a password. They arrive approved with the role you choose.
        </Text>
        {formError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title={adminMessages.inviteFailed}
          >
            {formError}
          </Alert>
        )}
        <TextInput
          label="Full Name"
          placeholder="Jane Doe"
          leftSection={<IconUser size={16} />}
          withAsterisk
          data-autofocus
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Email"
          type="email"
          placeholder="jane@company.com"
          leftSection={<IconMail size={16} />}
          withAsterisk
          {...form.getInputProps('email')}
        />
        <RoleSelect
          label="Role"
          value={form.values.role}
          onChange={(role) => form.setFieldValue('role', role)}
          error={form.errors.role}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" leftSection={<IconUserPlus size={16} />} loading={invite.isPending}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** 'Invite User': e-mail, name and role; the invitation of issue 4. */
export function InviteUserButton() {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button leftSection={<IconUserPlus size={16} />} onClick={() => setOpen(true)}>
        Invite User
      </Button>
      <Modal
        opened={isOpen}
        onClose={() => setOpen(false)}
        title="Invite User"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {isOpen && <InviteUserForm onDone={() => setOpen(false)} />}
      </Modal>
    </>
  );
}
