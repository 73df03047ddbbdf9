import { Card, Loader, Text, Title } from '@mantine/core';
import { ProductEngagementCard } from '../../../ui/product-engagement-card.tsx';
import { useDeckEngagement } from '../api/get-deck-engagement.ts';

const titleId = 'deck-product-engagement-title';

/** The deck page's time per product, over every client link of the deck. */
export function DeckEngagementCard({ deckId }: { deckId: string }) {
  const query = useDeckEngagement(deckId);
  if (query.isSuccess) {
    return <ProductEngagementCard engagement={query.data.engagement} titleId={titleId} />;
  }
  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" mb="md" id={titleId}>
        Time per product
      </Title>
      {query.isPending ? (
        <Loader size="xs" aria-label="Loading time per product" />
      ) : (
        <Text size="sm" c="dimmed">
          Not available.
        </Text>
      )}
    </Card>
  );
}
