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

export function DeckStatusBadge({
  status,
  ...props
}: { status: DeckStatus | undefined } & Omit<BadgeProps, 'color' | 'children'>) {
  const style = statusStyle[status ?? 'draft'];
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
