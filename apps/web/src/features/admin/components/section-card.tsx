import type { ReactNode } from 'react';
import { Group, Paper, Title } from '@mantine/core';

/** A titled panel of the admin page, e.g. 'Pending Approvals (3)'. */
export function SectionCard({
  title,
  count,
  icon,
  actions,
  children,
}: {
  title: string;
  count?: number;
  icon?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const heading = count === undefined ? title : `${title} (${count})`;
  return (
    <Paper component="section" withBorder radius="lg" p="lg" aria-label={heading}>
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          {icon}
          <Title order={2} size="h4">
            {heading}
          </Title>
        </Group>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}
