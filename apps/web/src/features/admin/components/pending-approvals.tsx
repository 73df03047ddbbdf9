import { useState } from 'react';
import {
  adminMessages,
  defaultApprovalRole,
  type AssignableRole,
  type PendingUser,
} from '@deck-portal/domain';
import { Box, Button, Group } from '@mantine/core';
import { IconCheck, IconUserQuestion, IconX } from '@tabler/icons-react';
import { useApproveUser } from '../api/approve-user.ts';
import { useDeclineUser } from '../api/decline-user.ts';
import { usePendingUsers } from '../api/get-users.ts';
import { formatDate } from '../format.ts';
import { approveAndTell, runAndTell } from './action-failed.ts';
import { RoleSelect } from './role-select.tsx';
import { UserIdentity } from './user-identity.tsx';
import { SectionCard } from './section-card.tsx';
import { UserList } from './user-list.tsx';
import classes from './user-row.module.css';

function PendingUserRow({ user }: { user: PendingUser }) {
  // SPEC.md section 5: the role choice for each pending user defaults to sales_rep.
  const [role, setRole] = useState<AssignableRole>(defaultApprovalRole);
  const approve = useApproveUser();
  const decline = useDeclineUser();
  const isBusy = approve.isPending || decline.isPending;

  return (
    <Box component="li" className={classes.row} aria-label={user.name}>
      <UserIdentity
        name={user.name}
        email={user.email}
        when={`Requested ${formatDate(user.requestedAt)}`}
        color="orange.6"
      />
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
          leftSection={<IconCheck size={16} />}
          loading={approve.isPending}
          disabled={isBusy}
          onClick={() => approveAndTell(approve, user, role)}
        >
          Approve
        </Button>
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
      </Group>
    </Box>
  );
}

/** 'Pending Approvals (n)': approve with a role, or decline. */
export function PendingApprovals() {
  const pending = usePendingUsers();
  const users = pending.data ?? [];

  return (
    <SectionCard
      title="Pending Approvals"
      count={pending.data?.length ?? 0}
      icon={<IconUserQuestion size={20} color="var(--mantine-color-orange-6)" />}
    >
      <UserList
        query={pending}
        loadFailedMessage={adminMessages.loadPendingFailed}
        emptyMessage={adminMessages.noPendingUsers}
      >
        {users.map((user) => (
          <PendingUserRow key={user.id} user={user} />
        ))}
      </UserList>
    </SectionCard>
  );
}
