import { useState } from 'react';
import {
  adminMessages,
  defaultApprovalRole,
  type AssignableRole,
  type DeclinedUser,
} from '@deck-portal/domain';
import { Box, Button, Collapse, Group } from '@mantine/core';
import { IconCheck, IconChevronDown, IconUserX } from '@tabler/icons-react';
import { useApproveUser } from '../api/approve-user.ts';
import { useDeclinedUsers } from '../api/get-users.ts';
import { formatDate } from '../format.ts';
import { approveAndTell } from './action-failed.ts';
import { RoleSelect } from './role-select.tsx';
import { UserIdentity } from './user-identity.tsx';
import { SectionCard } from './section-card.tsx';
import { UserList } from './user-list.tsx';
import classes from './user-row.module.css';

function DeclinedUserRow({ user }: { user: DeclinedUser }) {
  const [role, setRole] = useState<AssignableRole>(defaultApprovalRole);
  const approve = useApproveUser();
  return (
    <Box component="li" className={classes.row} aria-label={user.name}>
      <UserIdentity
        name={user.name}
        email={user.email}
        when={`Declined ${formatDate(user.declinedAt)} · requested ${formatDate(user.requestedAt)}`}
        color="gray.6"
      />
      <RoleSelect
        label="Role"
        value={role}
        onChange={setRole}
        disabled={approve.isPending}
        className={classes.control}
      />
      <Group gap="xs" wrap="nowrap" className={classes.actions}>
        <Button
          variant="light"
          color="teal"
          leftSection={<IconCheck size={16} />}
          loading={approve.isPending}
          onClick={() => approveAndTell(approve, user, role)}
        >
          Approve after all
        </Button>
      </Group>
    </Box>
  );
}

/**
 * 'Declined (n)': sign-ups an administrator turned down, kept so that a mistake can be undone.
 * Folded by default: it is looked at rarely.
 */
export function DeclinedUsers() {
  const declined = useDeclinedUsers();
  const [isOpen, setOpen] = useState(false);
  const users = declined.data ?? [];
  return (
    <SectionCard
      title="Declined"
      count={users.length}
      icon={<IconUserX size={20} color="var(--mantine-color-gray-6)" />}
      actions={
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => setOpen((open) => !open)}
          aria-expanded={isOpen}
          rightSection={
            <IconChevronDown
              size={16}
              style={{ transform: isOpen ? 'rotate(180deg)' : undefined }}
            />
          }
        >
          {isOpen ? 'Hide' : 'Show'}
        </Button>
      }
    >
      <Collapse expanded={isOpen}>
        <UserList
          query={declined}
          loadFailedMessage={adminMessages.loadDeclinedFailed}
          emptyMessage={adminMessages.noDeclinedUsers}
        >
          {users.map((user) => (
            <DeclinedUserRow key={user.id} user={user} />
          ))}
        </UserList>
      </Collapse>
    </SectionCard>
  );
}
