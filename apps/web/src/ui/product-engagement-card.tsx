import { lazy, Suspense } from 'react';
import type { ProductEngagement } from '@deck-portal/domain';
import { Card, Group, Stack, Text, Title } from '@mantine/core';

const ProductBars = lazy(() => import('./product-bars.tsx'));

/** Seconds as a rep reads an attention span: "40 s", "3 min 40 s", "1 h 5 min". */
export function formatAttention(seconds: number): string {
  const whole = Math.round(Math.max(seconds, 0));
  if (whole < 60) return `${whole} s`;
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  const rest = whole % 60;
  return rest > 0 ? `${minutes} min ${rest} s` : `${minutes} min`;
}

/** "Most attention: Battery Backup, 3 min 40 s; pricing viewed 2×". */
export function attentionSummary(engagement: ProductEngagement): string {
  const top = engagement.topProduct;
  const most = top
    ? `Most attention: ${top.name}, ${formatAttention(top.seconds)}`
    : 'No time on product slides yet';
  const pricing =
    engagement.pricingViewedVisits > 0
      ? `pricing viewed ${engagement.pricingViewedVisits}×`
      : 'pricing not viewed';
  return `${most}; ${pricing}`;
}

/**
 * Time per product over a link's or a deck's visits (issue 51): the top product and how often
 * the pricing was read, then a bar per product, longest first ("General": slides about none).
 */
export function ProductEngagementCard({
  engagement,
  titleId,
}: {
  engagement: ProductEngagement;
  /** The heading's id, for the section's label. */
  titleId: string;
}) {
  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={titleId}>
          Time per product
        </Title>
        {engagement.visitCount === 0 ? (
          <Text size="sm" c="dimmed">
            No visits yet. When the client opens the deck, the time spent on each product shows
            here.
          </Text>
        ) : (
          <>
            <Text fw={500}>{attentionSummary(engagement)}</Text>
            {engagement.products.length > 0 && (
              <Suspense fallback={null}>
                <ProductBars products={engagement.products} format={formatAttention} />
              </Suspense>
            )}
            <Stack
              gap={4}
              component="ul"
              m={0}
              p={0}
              aria-label="Products by time"
              style={{ listStyle: 'none' }}
            >
              {engagement.products.map((product) => (
                <Group
                  key={product.productId}
                  component="li"
                  justify="space-between"
                  wrap="nowrap"
                  gap="sm"
                >
                  <Text size="sm" truncate>
                    {product.name}
                  </Text>
                  <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                    {formatAttention(product.seconds)}
                  </Text>
                </Group>
              ))}
            </Stack>
            <Text size="xs" c="dimmed">
              Over {engagement.visitCount.toLocaleString('en-US')}{' '}
              {engagement.visitCount === 1 ? 'visit' : 'visits'}. A quote summary's time is shared
              equally by its products; pricing counts as viewed after 5 seconds on a priced slide.
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
}
