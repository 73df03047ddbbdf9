import { approverRoleLabel, formatCents, type ApprovalRequest } from '@deck-portal/domain';
import { Anchor, Badge, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { decisionOutcome } from '../../../ui/deal-desk/decision-outcome.ts';
import { DecisionForm } from './decision-form.tsx';
import { FindingsTable } from '../../../ui/deal-desk/findings-table.tsx';

const stateBadge: Record<ApprovalRequest['state'], { label: string; color: string }> = {
  pending: { label: 'Waiting', color: 'blue' },
  approved: { label: 'Approved', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
  void: { label: 'Void', color: 'gray' },
};

/** One request in the approvals inbox: the deck, who asks and why, its prices, the decision. */
export function ApprovalRequestCard({
  request,
  onConflict,
}: {
  request: ApprovalRequest;
  onConflict: (request: ApprovalRequest, message: string) => void;
}) {
  const badge = stateBadge[request.state];
  const { check } = request;
  return (
    <Paper
      component="article"
      withBorder
      radius="lg"
      p="lg"
      aria-label={`${request.deckTitle} for ${request.clientName}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={paths.deckPreview(request.deckId)} fw={600} size="lg">
              {request.deckTitle}
            </Anchor>
            <Text size="sm" c="dimmed">
              {request.clientName} · by {request.owner.name} · version {request.version} · requested{' '}
              {formatDateTime(request.createdAt)}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            {request.approverRole === 'admin' && (
              <Badge color="grape" variant="light" tt="none">
                For {approverRoleLabel.admin}
              </Badge>
            )}
            <Badge color={badge.color} variant="light" tt="none">
              {badge.label}
            </Badge>
          </Group>
        </Group>
        {request.note && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            Note: “{request.note}”
          </Text>
        )}
        <FindingsTable
          check={check}
          label={`Prices of ${request.deckTitle}`}
          approverRole={request.approverRole}
        />
        {request.pricedBy && request.pricedBy.length > 0 && (
          <Text size="sm" c="dimmed">
            Prices set by {request.pricedBy.join(', ')}
            {request.requestedBy ? ` · approval asked by ${request.requestedBy}` : ''}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          Quote {formatCents(check.pricedTotalCents, undefined, check.currency)} against{' '}
          {formatCents(check.listTotalCents, undefined, check.currency)} at list, before shipping.
        </Text>
        <Divider />
        {request.state !== 'pending' ? (
          <Text size="sm">{decisionOutcome(request)}</Text>
        ) : request.canDecide ? (
          <DecisionForm request={request} onConflict={onConflict} />
        ) : (
          <Group gap={6} c="dimmed" wrap="nowrap" align="flex-start">
            <IconShieldLock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm">{request.cannotDecideReason ?? 'Needs an administrator.'}</Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
