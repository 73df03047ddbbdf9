import { Title } from '@mantine/core';
import { PageShell } from '../../ui/page-shell.tsx';

export default function DashboardPage() {
  return (
    <PageShell>
      <Title order={1}>Dashboard</Title>
    </PageShell>
  );
}
