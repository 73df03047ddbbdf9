import { Title } from '@mantine/core';
import { PageShell } from '../../ui/page-shell.tsx';

export default function CustomizePage() {
  return (
    <PageShell>
      <Title order={1}>Customize Your Deck</Title>
    </PageShell>
  );
}
