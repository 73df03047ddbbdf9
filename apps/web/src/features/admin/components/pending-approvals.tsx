import { adminMessages } from '@deck-portal/domain';
import { IconUserQuestion } from '@tabler/icons-react';
import { usePendingUsers } from '../api/get-users.ts';
import { formatDate } from '../format.ts';
import { SectionCard } from './section-card.tsx';
import { SignUpRow } from './sign-up-row.tsx';
import { UserList } from './user-list.tsx';

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
          <SignUpRow
            key={user.id}
            user={user}
            when={`Requested ${formatDate(user.requestedAt)}`}
            avatarColor="orange.6"
            approveLabel="Approve"
            approveVariant="filled"
            isDeclinable
          />
        ))}
      </UserList>
    </SectionCard>
  );
}
