import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { notifications, users, webhookDeliveries, webhookEndpoints } from '../db/schema.ts';
import { defineJob, type JobHandler } from '../jobs/define-job.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import { sendMail } from '../mail/send-mail.ts';
import type { Services } from '../services.ts';
import { sendWebhook, type SendOutcome } from './send-webhook.ts';
import { webhookDisabledMail } from '../mail/templates/webhook-disabled-mail.tsx';

const second = 1_000;
const minute = 60 * second;
const hour = 60 * minute;

/**
 * The wait before each retry (ADR 046): the Standard Webhooks schedule, eight attempts over about
 * 28 hours, so a receiver down for a day still gets every message.
 */
export const webhookRetryDelaysMs = [
  5 * second,
  5 * minute,
  30 * minute,
  2 * hour,
  5 * hour,
  10 * hour,
  10 * hour,
] as const;
export const webhookMaxAttempts = webhookRetryDelaysMs.length + 1;

/** Deliveries in a row that fail for good before their endpoint is turned off. */
export const webhookFailuresBeforeDisabling = 5;

/** Where an admin manages webhooks. */
export const webhooksPagePath = '/admin/webhooks';

/**
 * One attempt at one delivery. `isManual`: asked for by an admin ("Redeliver", "Send test
 * event"): one attempt, sent even to an endpoint turned off, its failure not counted against it.
 * A job's own retries only cover a worker that died mid-attempt; the schedule above is the
 * delivery's, each retry a job of its own (the first attempt is the fan-out job's).
 */
export const deliverWebhookJob = defineJob({
  name: 'webhooks.deliver',
  payload: z.object({
    deliveryId: z.uuid(),
    attempt: z.number().int().positive(),
    isManual: z.boolean(),
  }),
  maxAttempts: 3,
});

/** Queues attempt `attempt` of a delivery, once however often it is asked for. */
export async function queueAttempt(
  tx: Db,
  services: Pick<Services, 'clock'>,
  {
    deliveryId,
    attempt,
    isManual,
    runAt,
  }: { deliveryId: string; attempt: number; isManual: boolean; runAt?: Date },
) {
  await enqueueJob(
    tx,
    services.clock,
    deliverWebhookJob,
    { deliveryId, attempt, isManual },
    {
      subjectId: deliveryId,
      uniqueKey: `webhooks.deliver:${deliveryId}:${attempt}`,
      ...(runAt ? { runAt } : {}),
    },
  );
}

type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** Tells whoever added the endpoint (or, when they are gone, every admin) that it was turned off. */
async function tellEndpointDisabled(
  tx: Db,
  services: Pick<Services, 'config'>,
  endpoint: EndpointRow,
  message: string,
) {
  const creator = endpoint.createdBy
    ? await tx
        .select({ id: users.id, name: users.name, email: users.email, status: users.status })
        .from(users)
        .where(eq(users.id, endpoint.createdBy))
    : [];
  const recipients =
    creator.length > 0
      ? creator
      : await tx
          .select({ id: users.id, name: users.name, email: users.email, status: users.status })
          .from(users)
          .where(and(eq(users.role, 'admin'), eq(users.status, 'approved')));
  const webhooksUrl = `${services.config.publicUrl}${webhooksPagePath}`;
  for (const person of recipients) {
    await tx
      .insert(notifications)
      .values({ message, recipientUserId: person.id, linkPath: webhooksPagePath });
    if (person.status !== 'approved') continue;
    await sendMail(
      tx,
      services.config,
      webhookDisabledMail,
      { name: person.name, message, webhooksUrl },
      { to: person.email },
    );
  }
}

/** A delivery failed for good: counted against its endpoint, which is turned off after too many. */
async function countFailure(
  tx: Db,
  services: Pick<Services, 'clock' | 'config'>,
  delivery: DeliveryRow,
  outcome: SendOutcome,
) {
  const [endpoint] = await tx
    .update(webhookEndpoints)
    .set({ failuresInRow: sql`${webhookEndpoints.failuresInRow} + 1` })
    .where(eq(webhookEndpoints.id, delivery.endpointId))
    .returning();
  if (
    !endpoint ||
    endpoint.disabledAt !== null ||
    endpoint.failuresInRow < webhookFailuresBeforeDisabling
  ) {
    return;
  }
  const why = outcome.statusCode ? ` (the receiver answered ${outcome.statusCode})` : '';
  const reason = `Turned off after ${endpoint.failuresInRow} deliveries in a row failed${why}.`;
  const [disabled] = await tx
    .update(webhookEndpoints)
    .set({ disabledAt: services.clock.now(), disabledReason: reason })
    .where(and(eq(webhookEndpoints.id, endpoint.id), isNull(webhookEndpoints.disabledAt)))
    .returning();
  if (!disabled) return;
  const message = `The webhook to ${endpoint.url} was turned off: its last ${endpoint.failuresInRow} deliveries failed${why}, each after a day of retries. Check the receiver, then turn it on again.`;
  await tellEndpointDisabled(tx, services, endpoint, message);
}

/**
 * Records an attempt on its delivery: delivered, to be tried again at the schedule's next time,
 * or failed for good. Nothing when the attempt was recorded already (a job run twice).
 */
async function recordAttempt(
  tx: Db,
  services: Pick<Services, 'clock' | 'config'>,
  {
    delivery,
    endpoint,
    attempt,
    isManual,
    outcome,
    at,
  }: {
    delivery: DeliveryRow;
    endpoint: EndpointRow;
    attempt: number;
    isManual: boolean;
    outcome: SendOutcome;
    at: Date;
  },
) {
  const hasNext = !outcome.ok && !isManual && attempt < webhookMaxAttempts;
  const nextAttemptAt = hasNext
    ? new Date(at.getTime() + webhookRetryDelaysMs[attempt - 1]!)
    : null;
  const [recorded] = await tx
    .update(webhookDeliveries)
    .set({
      status: outcome.ok ? 'succeeded' : hasNext ? 'pending' : 'failed',
      attempts: attempt,
      lastAttemptAt: at,
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error,
      nextAttemptAt,
      ...(outcome.ok ? { deliveredAt: at } : {}),
    })
    .where(
      and(
        eq(webhookDeliveries.id, delivery.id),
        eq(webhookDeliveries.status, 'pending'),
        lt(webhookDeliveries.attempts, attempt),
      ),
    )
    .returning();
  if (!recorded) return;
  if (outcome.ok) {
    if (endpoint.failuresInRow > 0) {
      await tx
        .update(webhookEndpoints)
        .set({ failuresInRow: 0 })
        .where(eq(webhookEndpoints.id, delivery.endpointId));
    }
  } else if (nextAttemptAt) {
    await queueAttempt(tx, services, {
      deliveryId: delivery.id,
      attempt: attempt + 1,
      isManual: false,
      runAt: nextAttemptAt,
    });
  } else if (!isManual) {
    await countFailure(tx, services, delivery, outcome);
  }
}

/**
 * Makes attempt `attempt` of a delivery (signs and POSTs it) and answers how to record what came
 * of it, in the caller's transaction. An endpoint turned off meanwhile is not sent the message
 * unless an admin asked for it; that is not counted against it.
 */
export async function attemptDelivery(
  services: Pick<Services, 'clock' | 'config'>,
  {
    delivery,
    endpoint,
    attempt,
    isManual,
  }: { delivery: DeliveryRow; endpoint: EndpointRow; attempt: number; isManual: boolean },
): Promise<(tx: Db) => Promise<void>> {
  if (endpoint.disabledAt && !isManual) {
    return async (tx) => {
      await tx
        .update(webhookDeliveries)
        .set({
          status: 'failed',
          nextAttemptAt: null,
          lastError: 'Not sent: the webhook was turned off.',
        })
        .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.status, 'pending')));
    };
  }
  const at = services.clock.now();
  const outcome = await sendDelivery(services, delivery, endpoint, at);
  return (tx) =>
    recordAttempt(tx, services, { delivery, endpoint, attempt, isManual, outcome, at });
}

/** One attempt at sending a delivery's message to its endpoint, signed at `at`. */
function sendDelivery(
  services: Pick<Services, 'config'>,
  delivery: DeliveryRow,
  endpoint: EndpointRow,
  at: Date,
) {
  return sendWebhook(
    {
      url: endpoint.url,
      secret: endpoint.secret,
      messageId: delivery.messageId,
      body: delivery.body,
      at,
    },
    { allowPrivate: services.config.webhooksAllowPrivate },
  );
}

/**
 * The first attempts of one event's deliveries (the fan-out's), made all at once, and how to
 * record what came of them in the caller's transaction: those delivered with the same answer in
 * one statement (most often all of them: one statement an event, not one a delivery, on a
 * database the view events' ingest shares), the others each as `attemptDelivery` records it.
 */
export async function attemptFirstDeliveries(
  services: Pick<Services, 'clock' | 'config'>,
  due: { delivery: DeliveryRow; endpoint: EndpointRow }[],
): Promise<(tx: Db) => Promise<void>> {
  const attempt = 1;
  const at = services.clock.now();
  const sent = await Promise.all(
    due.map(async ({ delivery, endpoint }) => {
      if (endpoint.disabledAt) {
        const record = await attemptDelivery(services, {
          delivery,
          endpoint,
          attempt,
          isManual: false,
        });
        return { delivery, endpoint, record };
      }
      const outcome = await sendDelivery(services, delivery, endpoint, at);
      return {
        delivery,
        endpoint,
        outcome,
        record: (tx: Db) =>
          recordAttempt(tx, services, {
            delivery,
            endpoint,
            attempt,
            isManual: false,
            outcome,
            at,
          }),
      };
    }),
  );
  return async (tx) => {
    const delivered = new Map<number, typeof sent>();
    for (const one of sent) {
      if (!one.outcome?.ok) {
        await one.record(tx);
        continue;
      }
      const code = one.outcome.statusCode ?? 0;
      delivered.set(code, [...(delivered.get(code) ?? []), one]);
    }
    for (const [statusCode, group] of delivered) {
      // As `recordAttempt` records a delivery: only one still waiting for this attempt.
      const recorded = await tx
        .update(webhookDeliveries)
        .set({
          status: 'succeeded',
          attempts: attempt,
          lastAttemptAt: at,
          lastStatusCode: statusCode,
          lastError: null,
          nextAttemptAt: null,
          deliveredAt: at,
        })
        .where(
          and(
            inArray(
              webhookDeliveries.id,
              group.map((one) => one.delivery.id),
            ),
            eq(webhookDeliveries.status, 'pending'),
            lt(webhookDeliveries.attempts, attempt),
          ),
        )
        .returning({ id: webhookDeliveries.id });
      const recordedIds = new Set(recorded.map((row) => row.id));
      for (const one of group) {
        if (recordedIds.has(one.delivery.id) && one.endpoint.failuresInRow > 0) {
          await tx
            .update(webhookEndpoints)
            .set({ failuresInRow: 0 })
            .where(eq(webhookEndpoints.id, one.delivery.endpointId));
        }
      }
    }
  };
}

/** Runs one attempt of a delivery: signs, POSTs, records what came of it. */
export const deliverWebhookHandler = (
  services: Pick<Services, 'db' | 'clock' | 'config'>,
): JobHandler<z.output<typeof deliverWebhookJob.payload>> => ({
  async run(job, context) {
    const { deliveryId, attempt, isManual } = job.payload;
    const [row] = await services.db
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, deliveryId));
    const isDue = row && row.delivery.status === 'pending' && row.delivery.attempts < attempt;
    if (!isDue) {
      await services.db.transaction((tx) => context.complete(tx));
      return;
    }
    const record = await attemptDelivery(services, { ...row, attempt, isManual });
    await services.db.transaction(async (tx) => {
      await record(tx);
      await context.complete(tx);
    });
  },
  // The worker could not finish the attempt (the database was away): the log says so.
  async onFailed(job, message) {
    await services.db
      .update(webhookDeliveries)
      .set({ status: 'failed', nextAttemptAt: null, lastError: `The portal failed: ${message}` })
      .where(
        and(
          eq(webhookDeliveries.id, job.payload.deliveryId),
          eq(webhookDeliveries.status, 'pending'),
        ),
      );
  },
});
