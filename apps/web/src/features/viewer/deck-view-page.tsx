import { Title } from '@mantine/core';
import { PageShell } from '../../ui/page-shell.tsx';

export default function DeckViewPage() {
  return (
    <PageShell>
      <Title order={1}>Deck</Title>
    </PageShell>
  );
}
