import { Title } from '@mantine/core';
import { PageShell } from '../../ui/page-shell.tsx';

export default function AuthPage() {
  return (
    <PageShell>
      <Title order={1}>Sign in</Title>
    </PageShell>
  );
}
