import { randomBytes } from 'node:crypto';
import type { EventType } from '@deck-portal/domain';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/schema.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import { eventConsumers } from './event-consumers.ts';

export type EventRow = typeof events.$inferSelect;

export type NewEvent = {
  type: EventType;
  /** The event's body as a webhook sends it under `data` (ids, names, figures; no secrets). */
  data: Record<string, unknown>;
  deckId?: string | null;
  linkId?: string | null;
  visitId?: string | null;
  /** Whose deck it concerns: whose alerts it may raise. */
  ownerId?: string | null;
  /** Who did it, when a user did (null for a client's visit). */
  actorId?: string | null;
};

/** `evt_` and 24 random characters: an event's id outside the portal. */
export function newEventId() {
  return `evt_${randomBytes(18).toString('base64url')}`;
}

/**
 * Records an event in the caller's transaction (ADR 045) and queues each consumer's job for it
 * (webhooks, alerts), so it is told of once the change commits and never when it rolls back.
 */
export async function recordEvent(tx: Db, clock: Clock, event: NewEvent): Promise<EventRow> {
  const [row] = await tx
    .insert(events)
    .values({
      publicId: newEventId(),
      type: event.type,
      data: event.data,
      deckId: event.deckId ?? null,
      linkId: event.linkId ?? null,
      visitId: event.visitId ?? null,
      ownerId: event.ownerId ?? null,
      actorId: event.actorId ?? null,
      occurredAt: clock.now(),
    })
    .returning();
  for (const consumer of eventConsumers) {
    if (consumer.types && !consumer.types.includes(event.type)) continue;
    // No subject: a deck's subject jobs are its generations, which its page follows.
    await enqueueJob(tx, clock, consumer.kind, { eventId: row!.id });
  }
  return row!;
}
