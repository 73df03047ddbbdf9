import { and, eq, lt, sql } from 'drizzle-orm';
import {
  clientLinkMessages,
  viewEventLimits,
  type ViewEventBatch,
  isUuid,
} from '@deck-portal/domain';
import { notePricingViewed } from '../alerts/note-pricing-viewed.ts';
import { clientLinkEvents, clientLinkVisits } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import type { OpenClientLink } from './resolve-client-link.ts';

/**
 * Stores a batch of slide views for a visit of the link, or nothing: every event must name a
 * slide of the deck, the visit may not pass its event count, and its time on screen may not
 * pass the time since it began (plus a little slack). The limits are checked and the visit's
 * totals moved in one statement, so concurrent batches cannot pass a limit together.
 * A batch whose sequence number is not above the visit's last stored one was stored already
 * (sent again after its answer was lost) or is older than one stored: it succeeds and stores
 * nothing, so sending a batch again never counts it twice.
 */
export async function recordViewEvents(
  services: Pick<Services, 'db' | 'clock'>,
  { open, visitId, batch }: { open: OpenClientLink; visitId: string; batch: ViewEventBatch },
) {
  const { link, version } = open;
  const { events, sequence } = batch;
  const fields: Record<string, string> = {};
  events.forEach((event, index) => {
    if (event.slide > version.slideCount) {
      fields[`events.${index}.slide`] =
        `Slide ${event.slide} is not in this deck, which has ${version.slideCount} slides.`;
    }
  });
  if (Object.keys(fields).length > 0) {
    throw new AppError('validation_failed', 'Some events name slides the deck does not have.', {
      fields,
    });
  }
  const visitNotFound = new AppError('not_found', clientLinkMessages.visitNotFound);
  if (!isUuid(visitId)) throw visitNotFound;

  const now = services.clock.now();
  const batchMs = events.reduce((total, event) => total + event.ms, 0);
  const latestAllowedEnd = new Date(now.getTime() + viewEventLimits.elapsedSlackMs);
  await services.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(clientLinkVisits)
      .set({
        eventCount: sql`${clientLinkVisits.eventCount} + ${events.length}`,
        totalMs: sql`${clientLinkVisits.totalMs} + ${batchMs}`,
        lastBatch: sequence,
        lastEventAt: now,
      })
      .where(
        and(
          eq(clientLinkVisits.id, visitId),
          eq(clientLinkVisits.linkId, link.id),
          lt(clientLinkVisits.lastBatch, sequence),
          sql`${clientLinkVisits.eventCount} + ${events.length} <= ${viewEventLimits.perVisit}`,
          // The visit's start plus all its time on screen may not lie beyond now (and the slack).
          sql`${clientLinkVisits.startedAt} + (${clientLinkVisits.totalMs} + ${batchMs}) * interval '1 millisecond' <= ${latestAllowedEnd.toISOString()}::timestamptz`,
        ),
      )
      .returning({ id: clientLinkVisits.id });
    if (!moved) {
      const [visit] = await tx
        .select({ eventCount: clientLinkVisits.eventCount, lastBatch: clientLinkVisits.lastBatch })
        .from(clientLinkVisits)
        .where(and(eq(clientLinkVisits.id, visitId), eq(clientLinkVisits.linkId, link.id)));
      if (!visit) throw visitNotFound;
      // Stored before (or overtaken by a newer batch): nothing to do, and nothing wrong.
      if (sequence <= visit.lastBatch) return;
      if (visit.eventCount + events.length > viewEventLimits.perVisit) {
        throw new AppError('too_many_events', clientLinkMessages.tooManyEvents);
      }
      throw new AppError('too_much_time', clientLinkMessages.tooMuchTime);
    }
    await tx.insert(clientLinkEvents).values(
      events.map((event) => ({
        visitId,
        slide: event.slide,
        view: event.view,
        ms: event.ms,
        receivedAt: now,
      })),
    );
    // A priced slide's fifth second in the visit: its owner may want to know.
    await notePricingViewed(tx, services.clock, {
      version,
      visitId,
      slides: events.map((event) => event.slide),
    });
  });
}
