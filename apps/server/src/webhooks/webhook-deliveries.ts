import { and, desc, eq } from 'drizzle-orm';
import { webhookTestEventType, type WebhookDeliveryView } from '@deck-portal/domain';
import type { Db } from '../db/database.ts';
import { webhookDeliveries, webhookEndpoints } from '../db/schema.ts';
import { newEventId } from '../events/record-event.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { queueAttempt } from './deliver-webhook.ts';
import { webhookBody } from './fan-out-event.ts';

/** How many deliveries the log shows, newest first. */
export const deliveryLogLimit = 100;

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toDeliveryView(delivery: DeliveryRow): WebhookDeliveryView {
  return {
    id: delivery.id,
    eventType: delivery.eventType,
    messageId: delivery.messageId,
    status: delivery.status,
    attempts: delivery.attempts,
    nextAttemptAt: iso(delivery.nextAttemptAt),
    lastAttemptAt: iso(delivery.lastAttemptAt),
    lastStatusCode: delivery.lastStatusCode,
    lastError: delivery.lastError,
    deliveredAt: iso(delivery.deliveredAt),
    createdAt: delivery.createdAt.toISOString(),
  };
}

async function requireEndpoint(db: Db, id: string) {
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!endpoint) throw new AppError('not_found', 'There is no such webhook.');
  return endpoint;
}

/** An endpoint's newest deliveries, with what their attempts came to. */
export async function listWebhookDeliveries(
  db: Db,
  { endpointId }: { endpointId: string },
): Promise<WebhookDeliveryView[]> {
  await requireEndpoint(db, endpointId);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(deliveryLogLimit);
  return rows.map(toDeliveryView);
}

/**
 * Sends a delivered or failed message once more (admins): the same id and body, so a receiver
 * that had it already can tell; signed with the endpoint's secret now. Refused (409) while the
 * delivery is still being attempted.
 */
export async function redeliverWebhook(
  services: Pick<Services, 'db' | 'clock'>,
  { endpointId, deliveryId }: { endpointId: string; deliveryId: string },
): Promise<WebhookDeliveryView> {
  return services.db.transaction(async (tx) => {
    const [delivery] = await tx
      .select()
      .from(webhookDeliveries)
      .where(
        and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)),
      )
      .for('update');
    if (!delivery) throw new AppError('not_found', 'There is no such delivery.');
    if (delivery.status === 'pending') {
      throw new AppError(
        'conflict',
        'This delivery is still being attempted: wait for its next attempt or its end.',
      );
    }
    const now = services.clock.now();
    const [pending] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: now })
      .where(eq(webhookDeliveries.id, delivery.id))
      .returning();
    await queueAttempt(tx, services, {
      deliveryId: delivery.id,
      attempt: delivery.attempts + 1,
      isManual: true,
    });
    return toDeliveryView(pending!);
  });
}

/**
 * Sends the endpoint a `webhook.test` message (admins), signed and logged as any other, one
 * attempt: what the receiver answered shows in the log at once. Sent even while the endpoint is
 * turned off, so an admin can check a mended receiver before turning it on.
 */
export async function sendTestWebhook(
  services: Pick<Services, 'db' | 'clock' | 'config'>,
  { endpointId }: { endpointId: string },
): Promise<WebhookDeliveryView> {
  const endpoint = await requireEndpoint(services.db, endpointId);
  const now = services.clock.now();
  const body = webhookBody(webhookTestEventType, now, {
    message: `A test event from ${services.config.productName}: this webhook receives its events.`,
    webhook: { id: endpoint.id, description: endpoint.description },
  });
  return services.db.transaction(async (tx) => {
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({
        endpointId,
        eventId: null,
        eventType: webhookTestEventType,
        messageId: newEventId(),
        body,
        nextAttemptAt: now,
        createdAt: now,
      })
      .returning();
    await queueAttempt(tx, services, { deliveryId: delivery!.id, attempt: 1, isManual: true });
    return toDeliveryView(delivery!);
  });
}
