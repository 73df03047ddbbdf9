import type { DeckApprovalStatus, DeckStatus } from '@deck-portal/domain';
import { Badge, type BadgeProps } from '@mantine/core';

/**
 * SPEC.md §2: draft yellow, completed green, shared blue, archived gray; default draft. A deck
 * still being made is violet, one that could not be made red.
 */
const statusStyle: Record<DeckStatus, { color: string; label: string }> = {
  draft: { color: 'yellow', label: 'Draft' },
  generating: { color: 'violet', label: 'Generating' },
  failed: { color: 'red', label: 'Failed' },
  completed: { color: 'green', label: 'Completed' },
  shared: { color: 'blue', label: 'Shared' },
  archived: { color: 'gray', label: 'Archived' },
};

/** A deck a client accepted on a client link (issue 19): locked, whatever its status. */
const acceptedStyle = { color: 'indigo', label: 'Accepted' };

/** A made deck whose newest version a client may not see yet: the deal desk's word wins. */
const approvalStyle: Record<DeckApprovalStatus, { color: string; label: string }> = {
  needs_approval: { color: 'orange', label: 'Needs approval' },
  awaiting_approval: { color: 'orange', label: 'Awaiting approval' },
  approval_rejected: { color: 'red', label: 'Approval rejected' },
};

export function DeckStatusBadge({
  status,
  acceptedAt,
  approval,
  ...props
}: {
  status: DeckStatus | undefined;
  /** When a client accepted the deck: the badge says "Accepted" instead of the status. */
  acceptedAt?: string | null | undefined;
  /** Where a completed or shared deck stands with the deal desk, when not cleared for clients. */
  approval?: DeckApprovalStatus | null | undefined;
} & Omit<BadgeProps, 'color' | 'children'>) {
  const isMade = status === 'completed' || status === 'shared';
  const style = acceptedAt
    ? acceptedStyle
    : approval && isMade
      ? approvalStyle[approval]
      : statusStyle[status ?? 'draft'];
  return (
    // Never cut to "DR…": a badge keeps its whole word, on a phone too.
    <Badge
      variant="light"
      color={style.color}
      style={{ flexShrink: 0, overflow: 'visible' }}
      {...props}
    >
      {style.label}
    </Badge>
  );
}
