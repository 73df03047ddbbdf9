import { Title } from '@mantine/core';
import { PageShell } from '../../ui/page-shell.tsx';

export default function BasicInfoPage() {
  return (
    <PageShell>
      <Title order={1}>Basic Information</Title>
    </PageShell>
  );
}
