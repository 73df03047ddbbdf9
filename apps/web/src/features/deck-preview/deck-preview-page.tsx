import { Title } from '@mantine/core';
import { PageShell } from '../../ui/page-shell.tsx';

export default function DeckPreviewPage() {
  return (
    <PageShell>
      <Title order={1}>Deck Preview</Title>
    </PageShell>
  );
}
