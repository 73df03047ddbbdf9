import { Title } from '@mantine/core';
import { PageShell } from '../../ui/page-shell.tsx';

export default function ResetPasswordPage() {
  return (
    <PageShell>
      <Title order={1}>Set a new password</Title>
    </PageShell>
  );
}
