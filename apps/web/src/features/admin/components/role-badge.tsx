import { roleInfo, type Role } from '@deck-portal/domain';
import { Badge } from '@mantine/core';

const roleColors: Record<Role, string> = {
  pending: 'gray',
  sales_rep: 'blue',
  manager: 'violet',
  content_editor: 'grape',
  admin: 'red',
};

export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge color={roleColors[role]} variant="light" radius="sm">
      {roleInfo[role].label}
    </Badge>
  );
}
