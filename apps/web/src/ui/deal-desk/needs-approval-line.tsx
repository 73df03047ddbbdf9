import type { ProductSelection } from '@deck-portal/domain';
import { Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { usePriceBook } from '../../lib/price-book.ts';
import { useDealCheck } from '../../lib/deal-desk.ts';
import { needsApprovalBy } from './price-limit-note.tsx';

/** Step 4's summary line for a deck priced past the rep's limits; nothing otherwise. */
export function NeedsApprovalLine({ selection }: { selection: ProductSelection }) {
  const check = useDealCheck(selection, usePriceBook().data);
  if (!check?.approverRole) return null;
  return (
    <Group gap={8} align="flex-start" wrap="nowrap" c="orange.9" mt={4}>
      <IconAlertTriangle size={18} aria-hidden style={{ flexShrink: 0, marginTop: 1 }} />
      <Text size="sm" fw={500}>
        Needs approval before a client sees it. {needsApprovalBy(check.approverRole)}
      </Text>
    </Group>
  );
}
