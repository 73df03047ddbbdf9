import { Title } from '@mantine/core';
import { PageShell } from '../../ui/page-shell.tsx';

export default function ProductSelectionPage() {
  return (
    <PageShell>
      <Title order={1}>Product Selection</Title>
    </PageShell>
  );
}
