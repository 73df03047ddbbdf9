import { and, desc, eq } from 'drizzle-orm';
import { channelsOf, type AlertKind, type AlertSettings } from '@deck-portal/domain';
import type { Db } from '../db/database.ts';
import { alertsSent, notifications } from '../db/schema.ts';
import { defineJob } from '../jobs/define-job.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import type { Services } from '../services.ts';
import { z } from 'zod';
import { slackAddressOf } from './alert-settings.ts';

/** A rep gets at most one alert mail (and one Slack post) this often; later alerts wait for it. */
export const alertBatchMs = 5 * 60_000;

/**
 * The channels an alert row still owes, in its `channels` list beside the ones it was told on:
 * `pending:email` becomes `email` when the batch mail that holds it is sent.
 */
export const pendingChannel = (channel: 'email' | 'slack') => `pending:${channel}` as const;

/** The row that records a batch sent on a channel: when the rep's next one may go. */
export const batchKind = (channel: 'email' | 'slack') => `batch:${channel}`;

/** Sends a rep's waiting alerts on one channel, one message for them all. */
export const sendAlertsJob = defineJob({
  name: 'alerts.send',
  payload: z.object({ userId: z.uuid(), channel: z.enum(['email', 'slack']) }),
  maxAttempts: 6,
});

export type RaisedAlert = {
  userId: string;
  kind: AlertKind;
  /** What it is about, once per rep and kind: a link's id (first open), a visit's id… */
  subjectKey: string;
  eventId: number | null;
  /** The in-app notification's words. */
  text: string;
  clientLinkId: string | null;
};

/**
 * Tells a rep of something once (the alerts-sent row is unique per rep, kind and subject, so a job
 * run twice or two events about one thing tell once): in the portal at once, by mail and in Slack
 * in the rep's next batch. Answers whether it was raised now.
 */
export async function raiseAlert(
  tx: Db,
  services: Pick<Services, 'clock' | 'config'>,
  settings: AlertSettings,
  alert: RaisedAlert,
) {
  const channels = channelsOf(settings, alert.kind).filter(
    (channel) => channel !== 'slack' || slackAddressOf(services, settings) !== null,
  );
  if (channels.length === 0) return false;
  const now = services.clock.now();
  const [row] = await tx
    .insert(alertsSent)
    .values({
      userId: alert.userId,
      kind: alert.kind,
      subjectKey: alert.subjectKey,
      eventId: alert.eventId,
      channels: channels.map((channel) =>
        channel === 'inApp' ? channel : pendingChannel(channel),
      ),
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: alertsSent.id });
  if (!row) return false;
  if (channels.includes('inApp')) {
    await tx.insert(notifications).values({
      message: alert.text,
      recipientUserId: alert.userId,
      clientLinkId: alert.clientLinkId,
      createdAt: now,
    });
  }
  for (const channel of ['email', 'slack'] as const) {
    if (channels.includes(channel)) await scheduleBatch(tx, services, alert.userId, channel);
  }
  return true;
}

/** When the rep's last batch on the channel went, or undefined. */
export async function lastBatchAt(tx: Db, userId: string, channel: 'email' | 'slack') {
  const [last] = await tx
    .select({ createdAt: alertsSent.createdAt })
    .from(alertsSent)
    .where(and(eq(alertsSent.userId, userId), eq(alertsSent.kind, batchKind(channel))))
    .orderBy(desc(alertsSent.createdAt))
    .limit(1);
  return last?.createdAt;
}

/**
 * Queues the send of the rep's next batch: now, or five minutes after the last one. Alerts raised
 * before it goes share its job (one key per rep, channel and time).
 */
export async function scheduleBatch(
  tx: Db,
  services: Pick<Services, 'clock'>,
  userId: string,
  channel: 'email' | 'slack',
) {
  const now = services.clock.now().getTime();
  const last = await lastBatchAt(tx, userId, channel);
  const at = Math.max(now, last ? last.getTime() + alertBatchMs : now);
  await enqueueJob(
    tx,
    services.clock,
    sendAlertsJob,
    { userId, channel },
    { runAt: new Date(at), uniqueKey: `alerts.send:${userId}:${channel}:${at}` },
  );
}
