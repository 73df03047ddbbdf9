import { useState } from 'react';
import { adminMessages } from '@deck-portal/domain';
import { Button, Collapse } from '@mantine/core';
import { IconChevronDown, IconUserX } from '@tabler/icons-react';
import { useDeclinedUsers } from '../api/get-users.ts';
import { formatDate } from '../format.ts';
import { SectionCard } from './section-card.tsx';
import { SignUpRow } from './sign-up-row.tsx';
import { UserList } from './user-list.tsx';

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
            <SignUpRow
              key={user.id}
              user={user}
              when={`Declined ${formatDate(user.declinedAt)} · requested ${formatDate(user.requestedAt)}`}
              avatarColor="gray.6"
              approveLabel="Approve after all"
              approveVariant="light"
              isDeclinable={false}
            />
          ))}
        </UserList>
      </Collapse>
    </SectionCard>
  );
}
