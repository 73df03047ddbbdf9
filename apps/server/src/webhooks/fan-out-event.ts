import { and, eq, isNull, sql } from 'drizzle-orm';
import { events, webhookDeliveries, webhookEndpoints } from '../db/schema.ts';
import type { JobHandler } from '../jobs/define-job.ts';
import type { Services } from '../services.ts';
import { queueAttempt } from './deliver-webhook.ts';

/** A message's body: what happened, when, and the event's data (Standard Webhooks' shape). */
export function webhookBody(type: string, occurredAt: Date, data: Record<string, unknown>) {
  return JSON.stringify({ type, timestamp: occurredAt.toISOString(), data });
}

/**
 * For each endpoint turned on that wants the event's type: a delivery (its id the event's public
 * id, its body fixed now so every attempt sends the same bytes) and its first attempt, queued in
 * one transaction. Run twice, it adds nothing: one delivery per endpoint and event.
 */
export const fanOutHandler = (
  services: Pick<Services, 'db' | 'clock'>,
): JobHandler<{ eventId: number }> => ({
  async run(job, context) {
    await services.db.transaction(async (tx) => {
      const [event] = await tx.select().from(events).where(eq(events.id, job.payload.eventId));
      const endpoints = event
        ? await tx
            .select({ id: webhookEndpoints.id })
            .from(webhookEndpoints)
            .where(
              and(
                isNull(webhookEndpoints.disabledAt),
                sql`${webhookEndpoints.eventTypes} @> ${JSON.stringify([event.type])}::jsonb`,
              ),
            )
        : [];
      if (event && endpoints.length > 0) {
        const body = webhookBody(event.type, event.occurredAt, event.data);
        const created = await tx
          .insert(webhookDeliveries)
          .values(
            endpoints.map((endpoint) => ({
              endpointId: endpoint.id,
              eventId: event.id,
              eventType: event.type,
              messageId: event.publicId,
              body,
              nextAttemptAt: services.clock.now(),
              createdAt: services.clock.now(),
            })),
          )
          .onConflictDoNothing({
            target: [webhookDeliveries.endpointId, webhookDeliveries.eventId],
          })
          .returning({ id: webhookDeliveries.id });
        for (const delivery of created) {
          await queueAttempt(tx, services, {
            deliveryId: delivery.id,
            attempt: 1,
            isManual: false,
          });
        }
      }
      await context.complete(tx);
    });
  },
});
