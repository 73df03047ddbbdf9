import { useState } from 'react';
import { adminMessages, defaultApprovalRole, type AssignableRole } from '@deck-portal/domain';
import { Box, Button, Group } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useApproveUser } from '../api/approve-user.ts';
import { useDeclineUser } from '../api/decline-user.ts';
import { approveAndTell, runAndTell } from './action-failed.ts';
import { RoleSelect } from './role-select.tsx';
import { UserIdentity } from './user-identity.tsx';
import classes from './user-row.module.css';

/**
 * A sign-up waiting for a decision, or one declined and kept so the decision can be undone:
 * who it is and `when`, a role to approve with, approve and (when `isDeclinable`) decline.
 */
export function SignUpRow({
  user,
  when,
  avatarColor,
  approveLabel,
  approveVariant,
  isDeclinable,
}: {
  user: { id: string; name: string; email: string };
  when: string;
  avatarColor: string;
  approveLabel: string;
  /** Filled where approving is the row's main action, light where it is the exception. */
  approveVariant: 'filled' | 'light';
  isDeclinable: boolean;
}) {
  // SPEC.md section 5: the role choice for each pending user defaults to sales_rep.
  const [role, setRole] = useState<AssignableRole>(defaultApprovalRole);
  const approve = useApproveUser();
  const decline = useDeclineUser();
  const isBusy = approve.isPending || decline.isPending;

  return (
    <Box component="li" className={classes.row} aria-label={user.name}>
      <UserIdentity name={user.name} email={user.email} when={when} color={avatarColor} />
      <RoleSelect
        label="Role"
        value={role}
        onChange={setRole}
        disabled={isBusy}
        className={classes.control}
      />
      <Group gap="xs" wrap="nowrap" className={classes.actions}>
        <Button
          color="teal"
          variant={approveVariant}
          leftSection={<IconCheck size={16} />}
          loading={approve.isPending}
          disabled={isBusy}
          onClick={() => approveAndTell(approve, user, role)}
        >
          {approveLabel}
        </Button>
        {isDeclinable && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconX size={16} />}
            loading={decline.isPending}
            disabled={isBusy}
            onClick={() =>
              runAndTell(
                decline.mutateAsync({ id: user.id }),
                `${user.name} was declined.`,
                adminMessages.declineFailed,
              )
            }
          >
            Decline
          </Button>
        )}
      </Group>
    </Box>
  );
}
