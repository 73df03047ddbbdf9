import { Title } from '@mantine/core';
import { PageShell } from '../../ui/page-shell.tsx';

export default function GeneratePage() {
  return (
    <PageShell>
      <Title order={1}>Generate Presentation</Title>
    </PageShell>
  );
}
