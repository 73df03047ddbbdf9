import type { ApprovalRequest, SessionUser } from '@deck-portal/domain';
import { Alert, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session.ts';
import { BackToDashboardButton } from '../../ui/back-to-dashboard-button.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { useApprovals, type ApprovalsFilter } from '../../lib/deal-desk.ts';
import { ApprovalRequestCard } from './components/approval-request-card.tsx';
import { decisionOutcome } from '../../ui/deal-desk/decision-outcome.ts';

/** Managers and administrators decide approval requests. */
const isApprover = (user: SessionUser) => user.role === 'manager' || user.role === 'admin';

type Conflict = { request: ApprovalRequest; message: string };

/**
 * /approvals: the decks priced past their owner's limits, waiting for a manager's or an
 * administrator's decision, and those decided.
 */
export default function ApprovalsPage() {
  const user = useSession().data;
  if (user && !isApprover(user)) return <Navigate to={paths.dashboard} replace />;
  return (
    <PageShell actions={<BackToDashboardButton />}>
      <ApprovalsInbox />
    </PageShell>
  );
}

function ApprovalsInbox() {
  const [filter, setFilter] = useState<Exclude<ApprovalsFilter, 'all'>>('pending');
  const approvals = useApprovals(filter);
  const [conflict, setConflict] = useState<Conflict | null>(null);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Approvals</Title>
          <Text c="dimmed" mt={4}>
            Decks priced past their owner’s limits. A client sees one only once it is approved.
          </Text>
        </div>
        <SegmentedControl
          aria-label="Requests shown"
          value={filter}
          onChange={(value) => setFilter(value as typeof filter)}
          data={[
            { value: 'pending', label: 'Pending' },
            { value: 'decided', label: 'Decided' },
          ]}
        />
      </Group>
      {conflict && <ConflictNotice conflict={conflict} />}
      {approvals.isPending ? (
        <PageLoader label="Loading the approval requests" />
      ) : approvals.isError ? (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          title="The approval requests could not be loaded"
        >
          {approvals.error.message}
        </Alert>
      ) : approvals.data.requests.length === 0 ? (
        <Text c="dimmed">
          {filter === 'pending'
            ? 'No request is waiting for a decision.'
            : 'No request has been decided yet.'}
        </Text>
      ) : (
        approvals.data.requests.map((request) => (
          <ApprovalRequestCard
            key={request.id}
            request={request}
            onConflict={(decided, message) => setConflict({ request: decided, message })}
          />
        ))
      )}
    </Stack>
  );
}

/** Another approver decided first: the server's message, and what they decided. */
function ConflictNotice({ conflict }: { conflict: Conflict }) {
  const all = useApprovals('all');
  const decided = all.data?.requests.find((request) => request.id === conflict.request.id);
  return (
    <Alert color="yellow" icon={<IconUsers size={18} />} title="Another approver decided first">
      <Text size="sm">
        {conflict.request.deckTitle}: {conflict.message}
      </Text>
      {decided && decided.state !== 'pending' && (
        <Text size="sm" fw={500} mt={4}>
          {decisionOutcome(decided)}
        </Text>
      )}
    </Alert>
  );
}
