import { Badge, Button } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session.ts';
import { useApprovals } from '../../lib/deal-desk.ts';

/** The header's way to /approvals, for managers and admins, with how many they may decide now. */
export function ApprovalsNavButton() {
  const user = useSession().data;
  const isApprover = user?.role === 'manager' || user?.role === 'admin';
  const pending = useApprovals('pending', { enabled: isApprover });
  if (!isApprover) return null;
  const waiting = pending.data?.requests.filter((request) => request.canDecide).length ?? 0;
  return (
    <Button
      component={Link}
      to={paths.approvals}
      variant="light"
      color="orange"
      leftSection={<IconChecklist size={16} />}
      rightSection={
        waiting > 0 ? (
          <Badge size="sm" color="orange" variant="filled" circle={waiting < 10}>
            {waiting}
          </Badge>
        ) : undefined
      }
      aria-label={waiting > 0 ? `Approvals, ${waiting} waiting` : 'Approvals'}
    >
      Approvals
    </Button>
  );
}
