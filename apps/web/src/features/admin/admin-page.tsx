import { Title } from '@mantine/core';
import { PageShell } from '../../ui/page-shell.tsx';

export default function AdminPage() {
  return (
    <PageShell>
      <Title order={1}>User Management</Title>
    </PageShell>
  );
}
