import type { DeckStatus } from '@deck-portal/domain';
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

export function DeckStatusBadge({
  status,
  acceptedAt,
  ...props
}: {
  status: DeckStatus | undefined;
  /** When a client accepted the deck: the badge says "Accepted" instead of the status. */
  acceptedAt?: string | null | undefined;
} & Omit<BadgeProps, 'color' | 'children'>) {
  const style = acceptedAt ? acceptedStyle : statusStyle[status ?? 'draft'];
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
