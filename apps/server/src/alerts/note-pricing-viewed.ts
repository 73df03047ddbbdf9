import { and, eq, inArray, sql } from 'drizzle-orm';
import { pricingViewedSeconds } from '@deck-portal/domain';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { clientLinkEvents, type deckVersions } from '../db/schema.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import { pricingViewedAlertJob } from './alert-jobs.ts';

/** A priced slide read this long in one visit is the pricing viewed (as the analytics count it). */
const pricingViewedMs = pricingViewedSeconds * 1000;

/**
 * Called with each batch of a visit's slide views, in its transaction: when the batch is on a
 * priced slide of the version and that slide now has five seconds of the visit, the visit's
 * pricing-viewed alert is queued (once per visit, by its key). Batches on other slides cost
 * nothing more.
 */
export async function notePricingViewed(
  tx: Db,
  clock: Clock,
  {
    version,
    visitId,
    slides,
  }: {
    version: Pick<typeof deckVersions.$inferSelect, 'slidePlan'>;
    visitId: string;
    slides: readonly number[];
  },
) {
  const priced = (version.slidePlan ?? []).flatMap((slide, index) =>
    slide.priced ? [index + 1] : [],
  );
  const touched = [...new Set(slides.filter((slide) => priced.includes(slide)))];
  if (touched.length === 0) return;
  const [read] = await tx
    .select({ slide: clientLinkEvents.slide })
    .from(clientLinkEvents)
    .where(and(eq(clientLinkEvents.visitId, visitId), inArray(clientLinkEvents.slide, touched)))
    .groupBy(clientLinkEvents.slide)
    .having(sql`sum(${clientLinkEvents.ms}) >= ${pricingViewedMs}`)
    .limit(1);
  if (!read) return;
  await enqueueJob(
    tx,
    clock,
    pricingViewedAlertJob,
    { visitId },
    { uniqueKey: `alerts.pricing-viewed:${visitId}` },
  );
}
