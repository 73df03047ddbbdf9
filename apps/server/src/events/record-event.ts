import { randomBytes } from 'node:crypto';
import { getTableColumns, type SQL } from 'drizzle-orm';
import type { EventType } from '@deck-portal/domain';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/schema.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import { eventConsumers } from './event-consumers.ts';

export type EventRow = typeof events.$inferSelect;

export type NewEvent = {
  type: EventType;
  /**
   * The event's body as a webhook sends it under `data` (ids, names, figures; no secrets); or an
   * expression that makes it, when part of it is read in the same statement (a version's number).
   */
  data: Record<string, unknown> | SQL;
  deckId?: string | null;
  linkId?: string | null;
  visitId?: string | null;
  /** Whose deck it concerns: whose alerts it may raise (an expression, as `data` may be). */
  ownerId?: string | SQL | null;
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
 * The event's statement is handed to the connection when this is called, after any the caller
 * started before (ADR 071), so it may be sent at once with them.
 */
export async function recordEvent(tx: Db, clock: Clock, event: NewEvent): Promise<EventRow> {
  const consumers = eventConsumers.filter(
    (consumer) => !consumer.types || consumer.types.includes(event.type),
  );
  // Each conditional consumer's question is answered by the insert itself: no statement more.
  const wanted = Object.fromEntries(
    consumers.flatMap((consumer, i) =>
      consumer.wantedBy ? [[`wanted${i}`, consumer.wantedBy(event.type)]] : [],
    ),
  );
  const [written] = await tx
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
    .returning({ ...getTableColumns(events), ...wanted })
    .execute();
  const { row, answers } = splitAnswers(written!, Object.keys(wanted));
  for (const [i, consumer] of consumers.entries()) {
    if (consumer.wantedBy && answers[`wanted${i}`] !== true) continue;
    // No subject: a deck's subject jobs are its generations, which its page follows.
    await enqueueJob(tx, clock, consumer.kind, { eventId: row.id });
  }
  return row;
}

/** The event's row apart from the consumers' answers returned beside it. */
function splitAnswers(written: Record<string, unknown>, keys: readonly string[]) {
  const row: Record<string, unknown> = { ...written };
  const answers: Record<string, unknown> = {};
  for (const key of keys) {
    answers[key] = row[key];
    delete row[key];
  }
  return { row: row as EventRow, answers };
}
