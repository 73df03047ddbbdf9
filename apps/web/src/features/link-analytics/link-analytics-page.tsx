import {
  clientLinkMessages,
  deckEngagementCsvPath,
  type ClientLinkAnalytics,
} from '@deck-portal/domain';
import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { formatDateTime, formatShortDate } from '../../lib/format-date.ts';
import { formatDuration } from '../../lib/format-duration.ts';
import { ClientLinkStatusBadge } from '../../ui/client-link-status-badge.tsx';
import { EngagementCsvMenu } from '../../ui/engagement-csv-menu.tsx';
import { Figure } from '../../ui/figure.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { ProductEngagementCard } from '../../ui/product-engagement-card.tsx';
import { useLinkAnalytics } from './api/get-link-analytics.ts';
import { LinksClicked } from './components/links-clicked.tsx';
import { TimePerSlide } from './components/time-per-slide.tsx';
import { VisitsTable } from './components/visits-table.tsx';

function LinkAnalytics({ analytics }: { analytics: ClientLinkAnalytics }) {
  const { link, deck } = analytics;
  return (
    <Stack gap="lg">
      <Card withBorder radius="lg" p="xl">
        <Stack gap="md">
          <Stack gap={4}>
            <Group gap="sm">
              <Text size="sm" c="dimmed">
                Client link
              </Text>
              <ClientLinkStatusBadge status={link.status} />
            </Group>
            <Title order={1}>{link.recipientName}</Title>
            <Text c="dimmed">
              {link.recipientEmail} · {deck.title}
              {deck.clientName ? ` for ${deck.clientName}` : ''}
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="md">
            <Figure label="Created" value={formatShortDate(link.createdAt)} />
            <Figure
              label={link.status === 'revoked' ? 'Revoked' : 'Expires'}
              value={
                link.status === 'revoked' && link.revokedAt
                  ? formatShortDate(link.revokedAt)
                  : link.expiresAt
                    ? formatShortDate(link.expiresAt)
                    : 'Never'
              }
            />
            <Figure label="Opens" value={link.opens.toLocaleString('en-US')} />
            <Figure label="Total time viewed" value={formatDuration(link.totalViewMs)} />
            <Figure
              label="Last opened"
              value={link.lastOpenedAt ? formatDateTime(link.lastOpenedAt) : 'Not opened yet'}
            />
          </SimpleGrid>
        </Stack>
      </Card>
      <ProductEngagementCard
        engagement={analytics.productEngagement}
        titleId="link-product-engagement-title"
      />
      <TimePerSlide
        deckId={deck.id}
        version={analytics.version}
        slides={analytics.slides}
        heading={
          analytics.earlierVersions.length > 0
            ? `Time per slide: version ${analytics.version}${link.pinnedVersion ? '' : ' (newest)'}`
            : 'Time per slide'
        }
      />
      {analytics.earlierVersions.map((earlier) => (
        <TimePerSlide
          key={earlier.version}
          deckId={deck.id}
          version={earlier.version}
          slides={earlier.slides}
          heading={`Time per slide: version ${earlier.version} (seen before an update)`}
        />
      ))}
      <LinksClicked clicks={analytics.linkClicks} />
      <VisitsTable
        visits={analytics.visits}
        slideCounts={
          new Map([
            [analytics.version, analytics.slideCount],
            ...analytics.earlierVersions.map((e) => [e.version, e.slides.length] as const),
          ])
        }
      />
    </Stack>
  );
}

/** /deck/{id}/links/{linkId}: what one recipient of a client link looked at, and for how long. */
export default function LinkAnalyticsPage() {
  const { id = '', linkId = '' } = useParams();
  const query = useLinkAnalytics(id, linkId);
  return (
    <PageShell
      actions={
        <>
          <LinkButton to={paths.deckPreview(id)} icon={IconArrowLeft}>
            Back to deck
          </LinkButton>
          {query.isSuccess && (
            <EngagementCsvMenu href={(rows) => deckEngagementCsvPath(id, { rows, linkId })} />
          )}
        </>
      }
    >
      {query.isPending ? (
        <Center py={80}>
          <Loader aria-label="Loading link analytics" />
        </Center>
      ) : query.isError ? (
        <Stack gap="md">
          <Title order={1} size="h2">
            {query.error instanceof ApiError && query.error.status === 404
              ? 'Link not found'
              : 'Link analytics not available'}
          </Title>
          <Alert color="red" icon={<IconAlertCircle size={18} />}>
            {query.error instanceof ApiError && query.error.status === 404
              ? `${clientLinkMessages.linkNotFound} It may belong to a deck you do not manage, or the deck was deleted.`
              : query.error.message}
          </Alert>
          <Group>
            <Button component={Link} to={paths.dashboard} variant="light">
              Go to the dashboard
            </Button>
          </Group>
        </Stack>
      ) : (
        <LinkAnalytics analytics={query.data} />
      )}
    </PageShell>
  );
}
