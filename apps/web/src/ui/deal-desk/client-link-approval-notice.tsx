import { approverRoleLabel } from '@deck-portal/domain';
import { Alert, Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useDeckApproval } from '../../lib/deal-desk.ts';
import { RequestApprovalButton } from './request-approval-button.tsx';

/**
 * Beside 'Create client link': why a deck awaiting approval cannot be sent yet, and the way to
 * ask for it. Nothing once approved or when no approval is needed.
 */
export function ClientLinkApprovalNotice({ deckId }: { deckId: string }) {
  const approval = useDeckApproval(deckId).data;
  if (!approval || (approval.state !== 'needs_approval' && approval.state !== 'pending')) {
    return null;
  }
  const role = approval.request?.approverRole ?? approval.check.approverRole ?? 'manager';
  return (
    <Alert color="orange" variant="light" icon={<IconLock size={18} />} p="sm">
      <Group justify="space-between" gap="sm">
        <Text size="sm" style={{ flex: '1 1 280px' }}>
          {approval.state === 'pending'
            ? `Client links are refused until ${approverRoleLabel[role]} approves this deck’s prices.`
            : 'Client links are refused until this deck’s prices are approved: request approval first.'}
        </Text>
        {approval.state === 'needs_approval' && (
          <RequestApprovalButton
            deckId={deckId}
            approverRole={approval.check.approverRole}
            size="xs"
          />
        )}
      </Group>
    </Alert>
  );
}
