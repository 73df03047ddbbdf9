import type { ClientLinkStatus } from '@deck-portal/domain';
import { Badge, type BadgeProps } from '@mantine/core';

const statusStyle: Record<ClientLinkStatus, { color: string; label: string }> = {
  active: { color: 'green', label: 'Active' },
  expired: { color: 'gray', label: 'Expired' },
  revoked: { color: 'red', label: 'Revoked' },
};

/** A client link's state: Active green, Expired gray, Revoked red. */
export function ClientLinkStatusBadge({
  status,
  ...props
}: { status: ClientLinkStatus } & Omit<BadgeProps, 'color' | 'children'>) {
  const style = statusStyle[status];
  return (
    // Never narrower than its word: a tight table column would otherwise cut it to "ACTI…".
    <Badge variant="light" color={style.color} miw="max-content" {...props}>
      {style.label}
    </Badge>
  );
}
