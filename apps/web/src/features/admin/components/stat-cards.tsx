import type { ReactNode } from 'react';
import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconUserCheck, IconUserQuestion, IconUsers } from '@tabler/icons-react';
import type { AdminStats } from '@deck-portal/domain';

function StatCard({
  label,
  value,
  icon,
  color,
}: {
  label: string;
  value: number | undefined;
  icon: ReactNode;
  color: string;
}) {
  return (
    <Paper withBorder radius="lg" p="lg" role="group" aria-label={label}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          {value === undefined ? (
            <Skeleton height={34} width={48} mt={6} />
          ) : (
            <Text fz={32} fw={700} lh={1.2} mt={4}>
              {value}
            </Text>
          )}
        </div>
        <ThemeIcon size={44} radius="md" variant="light" color={color}>
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

/** SPEC.md section 2's three stat cards. */
export function StatCards({ stats }: { stats: AdminStats | undefined }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <StatCard
        label="Pending Approvals"
        value={stats?.pending}
        color="orange"
        icon={<IconUserQuestion size={24} />}
      />
      <StatCard
        label="Approved Users"
        value={stats?.approved}
        color="teal"
        icon={<IconUserCheck size={24} />}
      />
      <StatCard
        label="Total Users"
        value={stats?.total}
        color="blue"
        icon={<IconUsers size={24} />}
      />
    </SimpleGrid>
  );
}
