import {
  approverRoleLabel,
  samePricedFigures,
  type ApproverRole,
  type PriceBook,
  type ProductSelection,
} from '@deck-portal/domain';
import { Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import { usePriceBook } from '../../lib/price-book.ts';
import { useDealCheck, useDeckApproval } from '../../lib/deal-desk.ts';
import { needsApprovalBy } from './price-limit-note.tsx';

/** Step 4 of Modify, for prices an approver cleared already (the server keeps the approval). */
export const PRICES_APPROVED_TEXT =
  'These prices are approved already: the new version needs no new approval.';

/** Step 4 of Modify, for the prices a waiting request asks about (it keeps waiting). */
export const pricesPendingText = (role: ApproverRole) =>
  `Approval of these prices is already requested: waiting for ${approverRoleLabel[role]}.`;

/**
 * Step 4's summary line for a deck priced past the owner's limits; nothing otherwise. When
 * Modify makes a new version of a deck (`deckId`), prices with the figures an approver cleared,
 * or a waiting request asks about, say so rather than asking again (samePricedFigures, the
 * server's rule).
 */
export function NeedsApprovalLine({
  selection,
  deckId,
  pricing,
}: {
  selection: ProductSelection;
  deckId?: string | undefined;
  /** The price book in the deck's currency, for a deck priced in another than US dollars. */
  pricing?: { book: PriceBook; currency: string } | undefined;
}) {
  const dollarBook = usePriceBook().data;
  const check = useDealCheck(
    selection,
    pricing ? pricing.book : dollarBook,
    deckId,
    pricing && { currency: pricing.currency, ...(dollarBook ? { dollarBook } : {}) },
  );
  const approval = useDeckApproval(deckId ?? '', { enabled: deckId !== undefined }).data;
  if (!check?.approverRole) return null;
  if (approval?.approvedSelection && samePricedFigures(approval.approvedSelection, selection)) {
    return (
      <Group gap={8} align="flex-start" wrap="nowrap" c="green.9" mt={4}>
        <IconCircleCheck size={18} aria-hidden style={{ flexShrink: 0, marginTop: 1 }} />
        <Text size="sm" fw={500}>
          {PRICES_APPROVED_TEXT}
        </Text>
      </Group>
    );
  }
  if (approval?.pendingSelection && samePricedFigures(approval.pendingSelection, selection)) {
    const role = approval.request?.approverRole ?? check.approverRole;
    return (
      <Group gap={8} align="flex-start" wrap="nowrap" c="blue.9" mt={4}>
        <IconClockHour4 size={18} aria-hidden style={{ flexShrink: 0, marginTop: 1 }} />
        <Text size="sm" fw={500}>
          {pricesPendingText(role)}
        </Text>
      </Group>
    );
  }
  return (
    <Group gap={8} align="flex-start" wrap="nowrap" c="orange.9" mt={4}>
      <IconAlertTriangle size={18} aria-hidden style={{ flexShrink: 0, marginTop: 1 }} />
      <Text size="sm" fw={500}>
        Needs approval before a client sees it. {needsApprovalBy(check.approverRole)}
      </Text>
    </Group>
  );
}
