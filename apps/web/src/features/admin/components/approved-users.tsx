import {
  adminMessages,
  assignableRoles,
  roleInfo,
  type ApprovedUser,
  type AssignableRole,
} from '@deck-portal/domain';
import { Avatar, Badge, Box, Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTrash, IconUserCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useChangeUserRole } from '../api/change-user-role.ts';
import { useApprovedUsers } from '../api/get-users.ts';
import { useRemoveUser } from '../api/remove-user.ts';
import { formatDate, initials } from '../format.ts';
import { runAndTell } from './action-failed.ts';
import { RoleBadge } from './role-badge.tsx';
import { RoleSelect } from './role-select.tsx';
import { SectionCard } from './section-card.tsx';
import { UserList } from './user-list.tsx';
import classes from './user-row.module.css';

const isAssignable = (role: string): role is AssignableRole =>
  (assignableRoles as readonly string[]).includes(role);

function ApprovedUserRow({ user, isSelf }: { user: ApprovedUser; isSelf: boolean }) {
  const changeRole = useChangeUserRole();
  const remove = useRemoveUser();
  const role = changeRole.isPending && changeRole.variables ? changeRole.variables.role : user.role;

  const confirmRemove = () =>
    modals.openConfirmModal({
      title: 'Remove User',
      centered: true,
      children: (
        <Stack gap="xs">
          <Text size="sm">{adminMessages.removeUserConfirm}</Text>
          <Text size="sm" c="dimmed">
            {user.name} · {user.email}
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Remove User', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        runAndTell(
          remove.mutateAsync({ id: user.id }),
          `${user.name} was removed.`,
          adminMessages.removeFailed,
        ),
    });

  return (
    <Box component="li" className={classes.row} aria-label={user.name}>
      <Group gap="md" wrap="nowrap" className={classes.identity}>
        <Avatar color="teal.9" variant="filled" radius="xl" size={44}>
          {initials(user.name)}
        </Avatar>
        <div className={classes.text}>
          <Group gap={6} wrap="wrap">
            <Text fw={600} truncate>
              {user.name}
            </Text>
            <RoleBadge role={user.role} />
            {isSelf && (
              <Badge variant="outline" color="gray" radius="sm">
                You
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" truncate>
            {user.email}
          </Text>
          <Text size="xs" c="dimmed">
            Approved {formatDate(user.approvedAt)}
          </Text>
        </div>
      </Group>
      {isAssignable(role) ? (
        <RoleSelect
          label="Change Role"
          value={role}
          withDescription={false}
          disabled={changeRole.isPending || remove.isPending}
          className={classes.control}
          onChange={(next) => {
            if (next === user.role) return;
            runAndTell(
              changeRole.mutateAsync({ id: user.id, role: next }),
              `${user.name} is now ${roleInfo[next].label}.`,
              adminMessages.changeRoleFailed,
            );
          }}
        />
      ) : (
        <div />
      )}
      <Group gap="xs" wrap="nowrap" className={classes.actions}>
        {/* Nobody removes their own account from here; the server refuses it too. */}
        {!isSelf && (
          <Button
            color="red"
            variant="subtle"
            leftSection={<IconTrash size={16} />}
            loading={remove.isPending}
            disabled={changeRole.isPending}
            onClick={confirmRemove}
          >
            Remove User
          </Button>
        )}
      </Group>
    </Box>
  );
}

/** 'Approved Users (n)': change a role, or remove the account. */
export function ApprovedUsers({ currentUserId }: { currentUserId: string | undefined }) {
  const approved = useApprovedUsers();
  const users = approved.data ?? [];

  useEffect(() => {
    // SPEC.md section 8: failing to load the approved users is only logged.
    if (approved.error) console.error('Failed to load approved users:', approved.error);
  }, [approved.error]);

  return (
    <SectionCard
      title="Approved Users"
      count={users.length}
      icon={<IconUserCheck size={20} color="var(--mantine-color-teal-6)" />}
    >
      <UserList query={approved} emptyMessage={adminMessages.noApprovedUsers}>
        {users.map((user) => (
          <ApprovedUserRow key={user.id} user={user} isSelf={user.id === currentUserId} />
        ))}
      </UserList>
    </SectionCard>
  );
}
