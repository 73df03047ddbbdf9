import type { DeckStatus } from '@deck-portal/domain';
import { Badge, type BadgeProps } from '@mantine/core';

/** SPEC.md §2: draft yellow, completed green, shared blue, archived gray; default draft. */
const statusStyle: Record<DeckStatus, { color: string; label: string }> = {
  draft: { color: 'yellow', label: 'Draft' },
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
    <Badge variant="light" color={style.color} {...props}>
      {style.label}
    </Badge>
  );
}
