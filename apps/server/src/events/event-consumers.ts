import { z } from 'zod';
import type { EventType } from '@deck-portal/domain';
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
  { kind: webhooksFanOutJob },
  { kind: alertsEventJob, types: ['link.opened', 'proposal.accepted', 'proposal.declined'] },
];
