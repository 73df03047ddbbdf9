import type { ClientLinksSummary } from '@deck-portal/domain';
import { Card, Loader, SimpleGrid, Text, Title } from '@mantine/core';
import { formatDuration } from '../../../lib/format-duration.ts';
import { Figure } from '../../../ui/figure.tsx';
import { useClientLinks } from '../api/get-client-links.ts';

function mostViewedText(summary: ClientLinksSummary): string {
  const slide = summary.mostViewedSlide;
  return slide ? `${slide.title} · ${formatDuration(slide.totalMs)}` : '—';
}

/** The deck's client links at a glance: how many, how often opened, by whom, what held them. */
export function ClientLinksSummaryCard({ deckId }: { deckId: string }) {
  const query = useClientLinks(deckId);

  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="client-activity-title">
      <Title order={2} size="h4" mb="md" id="client-activity-title">
        Client activity
      </Title>
      {query.isPending ? (
        <Loader size="xs" aria-label="Loading client activity" />
      ) : query.isError ? (
        // The client links panel below says what went wrong; saying it twice helps no one.
        <Text size="sm" c="dimmed">
          Not available.
        </Text>
      ) : (
        <SimpleGrid cols={2} spacing="md">
          <Figure
            size="lg"
            label="Links"
            value={query.data.summary.links.toLocaleString('en-US')}
          />
          <Figure
            size="lg"
            label="Opens"
            value={query.data.summary.opens.toLocaleString('en-US')}
          />
          <Figure
            size="lg"
            label="Unique recipients"
            value={query.data.summary.uniqueRecipients.toLocaleString('en-US')}
          />
          <Figure size="lg" label="Most-viewed slide" value={mostViewedText(query.data.summary)} />
        </SimpleGrid>
      )}
    </Card>
  );
}
