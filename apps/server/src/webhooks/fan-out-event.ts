import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { events, webhookDeliveries, webhookEndpoints } from '../db/schema.ts';
import type { JobHandler } from '../jobs/define-job.ts';
import type { Services } from '../services.ts';
import { attemptFirstDeliveries } from './deliver-webhook.ts';

/** A message's body: what happened, when, and the event's data (Standard Webhooks' shape). */
export function webhookBody(type: string, occurredAt: Date, data: Record<string, unknown>) {
  return JSON.stringify({ type, timestamp: occurredAt.toISOString(), data });
}

/**
 * For each endpoint turned on that wants the event's type: a delivery (its id the event's public
 * id, its body fixed now so every attempt sends the same bytes), stored first, then its first
 * attempt, made here, all endpoints at once (ADR 046): one job per event, not one per message,
 * so a busy portal's events cost its database little more than their rows. Failed first
 * attempts queue their retries. Run twice (a worker died), it adds no delivery and makes only
 * the first attempts not yet recorded.
 */
export const fanOutHandler = (
  services: Pick<Services, 'db' | 'clock' | 'config'>,
): JobHandler<{ eventId: number }> => ({
  async run(job, context) {
    const { db } = services;
    const [event] = await db.select().from(events).where(eq(events.id, job.payload.eventId));
    const wanting = event
      ? await db
          .select()
          .from(webhookEndpoints)
          .where(
            and(
              isNull(webhookEndpoints.disabledAt),
              sql`${webhookEndpoints.eventTypes} @> ${JSON.stringify([event.type])}::jsonb`,
            ),
          )
      : [];
    const records: ((tx: Db) => Promise<void>)[] = [];
    if (event && wanting.length > 0) {
      const now = services.clock.now();
      const stored = await db
        .insert(webhookDeliveries)
        .values(
          wanting.map((endpoint) => ({
            endpointId: endpoint.id,
            eventId: event.id,
            eventType: event.type,
            messageId: event.publicId,
            body: webhookBody(event.type, event.occurredAt, event.data),
            nextAttemptAt: now,
            createdAt: now,
          })),
        )
        .onConflictDoNothing({
          target: [webhookDeliveries.endpointId, webhookDeliveries.eventId],
        })
        .returning();
      // All new: each is due, with the endpoint read above. Else the job runs again (a worker
      // died): the deliveries stored then whose first attempt is not recorded yet are due.
      const endpointOf = new Map(wanting.map((endpoint) => [endpoint.id, endpoint]));
      const due =
        stored.length === wanting.length
          ? stored.map((delivery) => ({ delivery, endpoint: endpointOf.get(delivery.endpointId)! }))
          : await db
              .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
              .from(webhookDeliveries)
              .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
              .where(
                and(
                  eq(webhookDeliveries.eventId, event.id),
                  eq(webhookDeliveries.status, 'pending'),
                  eq(webhookDeliveries.attempts, 0),
                ),
              );
      if (due.length > 0) records.push(await attemptFirstDeliveries(services, due));
    }
    await db.transaction(async (tx) => {
      for (const record of records) await record(tx);
      await context.complete(tx);
    });
  },
});
