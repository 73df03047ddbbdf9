import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { EventType } from '@deck-portal/domain';
import { webhookEndpoints } from '../db/schema.ts';
import { defineJob, type JobKind } from '../jobs/define-job.ts';

/** The payload of every job that tells of one event: the event row's id. */
export const eventJobPayload = z.object({ eventId: z.number().int().positive() });

/** Defines the job a consumer of events runs once per event it is given. */
export const defineEventJob = (name: string, maxAttempts = 5) =>
  defineJob({ name, payload: eventJobPayload, maxAttempts });

export type EventConsumer = {
  kind: JobKind<typeof eventJobPayload>;
  /** The event types it is given; all when left out. */
  types?: readonly EventType[];
  /**
   * Whether anyone wants an event of `type` told, asked in the statement that writes the event
   * (so with what was committed before it): its job is queued only then. Left out, always.
   */
  wantedBy?: (type: EventType) => SQL<boolean>;
};

/** Webhooks: one delivery per endpoint that wants the event (`webhooks/fan-out-event.ts`). */
export const webhooksFanOutJob = defineEventJob('webhooks.fan-out');

/** Alerts: a visit's and an answer's alerts to the deck's owner (`alerts/alert-jobs.ts`). */
export const alertsEventJob = defineEventJob('alerts.event');

/**
 * Who is told of each event recorded (`recordEvent` queues a job of each kind listed here, in the
 * event's transaction). Each consumer's module defines its kind with `defineEventJob` and its
 * handler in `serverJobs`; a handler must be idempotent (a job may run twice).
 */
export const eventConsumers: readonly EventConsumer[] = [
  // Only when an endpoint turned on wants the event's type (ADR 046's amendment): a portal
  // without webhooks queues, claims and completes no job for each deck made.
  {
    kind: webhooksFanOutJob,
    wantedBy: (type) =>
      sql<boolean>`exists (select 1 from ${webhookEndpoints} where ${webhookEndpoints.disabledAt} is null and ${webhookEndpoints.eventTypes} @> ${JSON.stringify([type])}::jsonb)`,
  },
  { kind: alertsEventJob, types: ['link.opened', 'proposal.accepted', 'proposal.declined'] },
];
