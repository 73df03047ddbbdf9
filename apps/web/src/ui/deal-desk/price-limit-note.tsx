import { needsApprovalText, type ApproverRole } from '@deck-portal/domain';
import { Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Who must approve, as a sentence: 'Needs a sales manager’s approval.' */
export const needsApprovalBy = (role: ApproverRole) => needsApprovalText[role];

/** Who may clear all of these findings: an administrator once one is past a manager's reach. */
export const strictestApprover = (
  findings: readonly { approverRole?: ApproverRole | undefined }[],
): ApproverRole =>
  findings.some((finding) => finding.approverRole === 'admin') ? 'admin' : 'manager';

/**
 * The wizard's note beside a price (or under the products) past the rep's limits: what is past
 * which limit, and who must approve. It warns only: the rep may still generate a draft.
 */
export function PriceLimitNote({
  messages,
  approverRole,
}: {
  messages: string[];
  approverRole: ApproverRole;
}) {
  return (
    <Group gap={8} align="flex-start" wrap="nowrap" role="status" c="orange.9">
      <IconAlertTriangle size={18} aria-hidden style={{ flexShrink: 0, marginTop: 1 }} />
      <Stack gap={2}>
        {messages.map((message) => (
          <Text key={message} size="sm">
            {message}
          </Text>
        ))}
        <Text size="sm" fw={600}>
          {needsApprovalBy(approverRole)}
        </Text>
      </Stack>
    </Group>
  );
}
