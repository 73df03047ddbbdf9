import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { clientLinkPaths, type AlertKind, type AlertSettings } from '@deck-portal/domain';
import type { Db } from '../db/database.ts';
import { alertsSent, events, users } from '../db/schema.ts';
import { alertsEventJob, defineEventJob } from '../events/event-consumers.ts';
import type { EventRow } from '../events/record-event.ts';
import { defineJob, type JobHandler } from '../jobs/define-job.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import { sendMail } from '../mail/send-mail.ts';
import { clientLinkOpenedMail } from '../mail/templates/client-link-opened-mail.tsx';
import type { Services } from '../services.ts';
import { loadAlertSettings, slackAddressOf } from './alert-settings.ts';
import { alertText, batchSubject, readAlertEventData, type AlertEventData } from './alert-texts.ts';
import { alertsMail } from '../mail/templates/alerts-mail.tsx';
import { postToSlack } from './post-to-slack.ts';
import {
  alertBatchMs,
  batchKind,
  lastBatchAt,
  pendingChannel,
  raiseAlert,
  scheduleBatch,
  sendAlertsJob,
} from './raise-alert.ts';
import { visitSoFar } from './visit-so-far.ts';

/** The every-visit alert goes this long after the visit starts, telling what was seen by then. */
export const everyVisitDelayMs = 3 * 60_000;

/** The every-visit alert of one visit (its link.opened event), due three minutes into it. */
export const everyVisitAlertJob = defineEventJob('alerts.every-visit');

/** The pricing-viewed alert of one visit: a priced slide had five seconds. */
export const pricingViewedAlertJob = defineJob({
  name: 'alerts.pricing-viewed',
  payload: z.object({ visitId: z.uuid() }),
  maxAttempts: 5,
});

type AlertServices = Pick<Services, 'db' | 'clock' | 'config'>;

async function loadEvent(db: Db, where: ReturnType<typeof eq>) {
  const [event] = await db.select().from(events).where(where).limit(1);
  return event;
}

/** The deck's owner, when an approved user: whose alerts the event may raise. */
async function ownerOf(db: Db, event: EventRow) {
  if (!event.ownerId) return undefined;
  const [owner] = await db
    .select({ id: users.id, name: users.name, email: users.email, status: users.status })
    .from(users)
    .where(eq(users.id, event.ownerId));
  return owner?.status === 'approved' ? owner : undefined;
}

/** Reads the event's owner, settings and data, and raises what the handler decides. */
async function withAlertContext(
  services: AlertServices,
  event: EventRow | undefined,
  decide: (
    tx: Db,
    context: { event: EventRow; data: AlertEventData; settings: AlertSettings; userId: string },
  ) => Promise<void>,
  complete: (tx: Db) => Promise<void>,
) {
  const owner = event ? await ownerOf(services.db, event) : undefined;
  const data = event ? readAlertEventData(event.data) : undefined;
  const settings = owner ? await loadAlertSettings(services.db, owner.id) : undefined;
  await services.db.transaction(async (tx) => {
    if (event && owner && data && settings) {
      await decide(tx, { event, data, settings, userId: owner.id });
    }
    await complete(tx);
  });
}

const raise = (
  tx: Db,
  services: AlertServices,
  { event, settings, userId }: { event: EventRow; settings: AlertSettings; userId: string },
  kind: AlertKind,
  subjectKey: string,
  text: string,
) =>
  raiseAlert(tx, services, settings, {
    userId,
    kind,
    subjectKey,
    eventId: event.id,
    text,
    clientLinkId: event.linkId,
  });

/**
 * Raises a link.opened's alerts (first open, a new viewer, a return after the rep's quiet days)
 * and queues the visit's every-visit alert; an answer's accepted or declined.
 */
export const alertsEventHandler = (services: Services): JobHandler<{ eventId: number }> => ({
  async run(job, jobContext) {
    const event = await loadEvent(services.db, eq(events.id, job.payload.eventId));
    await withAlertContext(
      services,
      event,
      async (tx, context) => {
        const { event, data, settings } = context;
        if (event.type === 'link.opened') {
          const visitId = event.visitId ?? data.visit?.id;
          if (data.first && event.linkId) {
            await raise(
              tx,
              services,
              context,
              'firstOpen',
              event.linkId,
              alertText('firstOpen', data),
            );
          }
          if (!visitId) return;
          if (data.newViewer) {
            await raise(tx, services, context, 'newViewer', visitId, alertText('newViewer', data));
          }
          const days = data.daysSinceLastVisit;
          if (days !== null && days !== undefined && days >= settings.returnAfterDays) {
            await raise(
              tx,
              services,
              context,
              'returnAfterSilence',
              visitId,
              alertText('returnAfterSilence', data, { days }),
            );
          }
          if (
            settings.kinds.everyVisit.inApp ||
            settings.kinds.everyVisit.email ||
            settings.kinds.everyVisit.slack
          ) {
            const startedAt = data.visit
              ? Date.parse(data.visit.startedAt)
              : event.occurredAt.getTime();
            await enqueueJob(
              tx,
              services.clock,
              everyVisitAlertJob,
              { eventId: event.id },
              {
                runAt: new Date(startedAt + everyVisitDelayMs),
                uniqueKey: `alerts.every-visit:${visitId}`,
              },
            );
          }
        } else if (event.type === 'proposal.accepted' || event.type === 'proposal.declined') {
          const kind = event.type === 'proposal.accepted' ? 'accepted' : 'declined';
          await raise(
            tx,
            services,
            context,
            kind,
            event.linkId ?? event.publicId,
            alertText(kind, data),
          );
        }
      },
      (tx) => jobContext.complete(tx),
    );
  },
});

/** Three minutes into a visit: what the client saw so far. */
export const everyVisitAlertHandler = (services: Services): JobHandler<{ eventId: number }> => ({
  async run(job, jobContext) {
    const event = await loadEvent(services.db, eq(events.id, job.payload.eventId));
    await withAlertContext(
      services,
      event,
      async (tx, context) => {
        const visitId = context.event.visitId ?? context.data.visit?.id;
        if (!visitId) return;
        const seen = await visitSoFar(tx, visitId, services.clock.now());
        await raise(
          tx,
          services,
          context,
          'everyVisit',
          visitId,
          alertText('everyVisit', context.data, { seen }),
        );
      },
      (tx) => jobContext.complete(tx),
    );
  },
});

/** A priced slide had five seconds of a visit: told once per visit. */
export const pricingViewedAlertHandler = (services: Services): JobHandler<{ visitId: string }> => ({
  async run(job, jobContext) {
    const event = await loadEvent(
      services.db,
      and(eq(events.visitId, job.payload.visitId), eq(events.type, 'link.opened'))!,
    );
    await withAlertContext(
      services,
      event,
      async (tx, context) => {
        await raise(
          tx,
          services,
          context,
          'pricingViewed',
          job.payload.visitId,
          alertText('pricingViewed', context.data),
        );
      },
      (tx) => jobContext.complete(tx),
    );
  },
});

type PendingAlert = typeof alertsSent.$inferSelect;

/** The rep's alerts still owed on the channel, oldest first. */
async function pendingAlerts(tx: Db, userId: string, channel: 'email' | 'slack') {
  return tx
    .select()
    .from(alertsSent)
    .where(
      and(
        eq(alertsSent.userId, userId),
        sql`${alertsSent.channels} @> ${JSON.stringify([pendingChannel(channel)])}::jsonb`,
      ),
    )
    .orderBy(asc(alertsSent.createdAt), asc(alertsSent.id));
}

/** Marks the alerts told on the channel and records the batch: the rep's next may go in 5 minutes. */
async function markSent(
  tx: Db,
  services: AlertServices,
  userId: string,
  channel: 'email' | 'slack',
  ids: number[],
) {
  const now = services.clock.now();
  await tx
    .update(alertsSent)
    .set({
      channels: sql`(${alertsSent.channels} - ${pendingChannel(channel)}::text) || ${JSON.stringify([channel])}::jsonb`,
    })
    .where(inArray(alertsSent.id, ids));
  await tx
    .insert(alertsSent)
    .values({
      userId,
      kind: batchKind(channel),
      subjectKey: String(now.getTime()),
      channels: [channel],
      createdAt: now,
    })
    .onConflictDoNothing();
}

/** Each waiting alert as the batch tells it: its sentence (as of when it was raised) and link. */
async function describeAlerts(tx: Db, services: AlertServices, alerts: PendingAlert[]) {
  const eventIds = alerts.flatMap((alert) => (alert.eventId === null ? [] : [alert.eventId]));
  const rows =
    eventIds.length > 0 ? await tx.select().from(events).where(inArray(events.id, eventIds)) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const described = [];
  for (const alert of alerts) {
    const event = alert.eventId === null ? undefined : byId.get(alert.eventId);
    const data = event ? readAlertEventData(event.data) : undefined;
    if (!event || !data) continue;
    const kind = alert.kind as AlertKind;
    const visitId = event.visitId ?? data.visit?.id;
    const seen =
      kind === 'everyVisit' && visitId ? await visitSoFar(tx, visitId, alert.createdAt) : undefined;
    const url =
      event.deckId && event.linkId
        ? `${services.config.publicUrl}${clientLinkPaths.analytics(event.deckId, event.linkId)}`
        : `${services.config.publicUrl}/`;
    described.push({
      kind,
      deckTitle: data.deck.title,
      text: alertText(kind, data, seen ? { seen } : {}),
      url,
      data,
    });
  }
  return described;
}

/**
 * Sends a rep's waiting alerts on one channel as one message, unless one went less than five
 * minutes ago: then the send is queued for when it may go, and alerts raised meanwhile join it.
 * A Slack post that fails is retried by the job; the alerts stay owed until it goes.
 */
export const sendAlertsHandler = (
  services: Services,
): JobHandler<{ userId: string; channel: 'email' | 'slack' }> => ({
  async run(job, jobContext) {
    const { userId, channel } = job.payload;
    const settingsUrl = `${services.config.publicUrl}/profile#alerts`;
    const slack: { url: string; text: string; ids: number[] } | undefined =
      await services.db.transaction(async (tx) => {
        // One batch at a time per rep: two sends racing would both find the gate open.
        const [owner] = await tx
          .select({ id: users.id, name: users.name, email: users.email, status: users.status })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        const pending = await pendingAlerts(tx, userId, channel);
        if (!owner || pending.length === 0) {
          await jobContext.complete(tx);
          return undefined;
        }
        const last = await lastBatchAt(tx, userId, channel);
        if (last && services.clock.now().getTime() < last.getTime() + alertBatchMs) {
          await scheduleBatch(tx, services, userId, channel);
          await jobContext.complete(tx);
          return undefined;
        }
        const ids = pending.map((alert) => alert.id);
        const alerts = await describeAlerts(tx, services, pending);
        if (owner.status !== 'approved' || alerts.length === 0) {
          await markSent(tx, services, userId, channel, ids);
          await jobContext.complete(tx);
          return undefined;
        }
        const subject = batchSubject(alerts);
        if (channel === 'email') {
          await markSent(tx, services, userId, channel, ids);
          const [only] = alerts;
          if (alerts.length === 1 && only!.kind === 'firstOpen') {
            // A first open alone reads as it always has.
            const { data } = only!;
            await sendMail(
              tx,
              services.config,
              clientLinkOpenedMail,
              {
                ownerName: owner.name,
                recipientName: data.link?.recipientName ?? 'Your client',
                recipientEmail: data.visit?.verifiedEmail ?? data.link?.recipientEmail ?? '',
                deckTitle: data.deck.title,
                clientName: data.deck.clientName ?? '',
                analyticsUrl: only!.url,
              },
              { to: owner.email },
            );
          } else {
            await sendMail(
              tx,
              services.config,
              alertsMail,
              { ownerName: owner.name, subject, alerts, settingsUrl },
              { to: owner.email },
            );
          }
          await jobContext.complete(tx);
          return undefined;
        }
        const url = slackAddressOf(services, await loadAlertSettings(tx, userId));
        if (!url) {
          await markSent(tx, services, userId, channel, ids);
          await jobContext.complete(tx);
          return undefined;
        }
        const lines = alerts.map((alert) => `• ${alert.text} <${alert.url}|Open>`);
        return {
          url,
          ids,
          text: alerts.length === 1 ? lines[0]!.slice(2) : [`*${subject}*`, ...lines].join('\n'),
        };
      });
    if (!slack) return;
    const outcome = await postToSlack(
      slack.url,
      { text: slack.text },
      { allowPrivate: services.config.webhooksAllowPrivate },
    );
    if (!outcome.ok) throw new Error(`The Slack alert was not posted: ${outcome.reason}`);
    await services.db.transaction(async (tx) => {
      await markSent(tx, services, userId, channel, slack.ids);
      await jobContext.complete(tx);
    });
  },
});

export { alertsEventJob, sendAlertsJob };
