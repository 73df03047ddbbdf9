import { and, lt, ne } from 'drizzle-orm';
import { z } from 'zod';
import { deleteExpiredSessions } from './auth/sessions.ts';
import type { Database } from './db/database.ts';
import { libraryImports, webhookDeliveries } from './db/schema.ts';
import { generateDeckJob, generateVersionJob } from './decks/deck-jobs.ts';
import { generationJobHandler } from './decks/generation-job.ts';
import { versionJobHandler } from './decks/generate-version.ts';
import { defineJob, handleJob, type JobHandler } from './jobs/define-job.ts';
import { deleteFinishedJobs } from './jobs/job-queue.ts';
import type { ScheduledJob } from './jobs/scheduled-jobs.ts';
import { startJobs } from './jobs/start-jobs.ts';
import { importJobHandler, importPptxJob } from './library/library-imports.ts';
import { readEditedFileHandler, readEditedFileJob } from './deck-edits/edited-files.ts';
import { deliverMailJob } from './mail/mailer.ts';
import type { Services } from './services.ts';
import { sweepOrphanFiles } from './storage/sweep-orphan-files.ts';
import { endQuietVisits } from './events/end-visit.ts';
import { webhooksFanOutJob } from './events/event-consumers.ts';
import {
  alertsEventHandler,
  alertsEventJob,
  everyVisitAlertHandler,
  everyVisitAlertJob,
  pricingViewedAlertHandler,
  pricingViewedAlertJob,
  sendAlertsHandler,
  sendAlertsJob,
} from './alerts/alert-jobs.ts';
import { sendDailyDigests } from './alerts/send-daily-digests.ts';
import { deliverWebhookHandler, deliverWebhookJob } from './webhooks/deliver-webhook.ts';
import { fanOutHandler } from './webhooks/fan-out-event.ts';

const minute = 60_000;
const hour = 60 * minute;

/** Finished jobs are kept this long (what happened, and why a deck failed), then deleted. */
export const finishedJobsKeptMs = 7 * 24 * hour;

/** A webhook's delivery log keeps a month of messages (pending ones until they are settled). */
export const deliveriesKeptMs = 30 * 24 * hour;

/** A PowerPoint import is offered this long; its slides chosen are in the library by then. */
export const importsKeptMs = 7 * 24 * hour;

/** A handler that does its work and completes the job after it. */
const simpleJob =
  <Deps extends Pick<Services, 'db'>>(work: (deps: Deps) => Promise<void>) =>
  (deps: Deps): JobHandler => ({
    async run(_job, context) {
      await work(deps);
      await deps.db.transaction((tx) => context.complete(tx));
    },
  });

const deliverMail = simpleJob(({ mailer }: Pick<Services, 'db' | 'mailer'>) =>
  mailer.deliverPending(),
);

/** A scheduled job: no payload, one attempt (the next period tries again). */
const scheduled = (
  name: string,
  everyMs: number,
  handler: (services: Services) => JobHandler,
): ScheduledJob<Services> => ({
  ...handleJob(defineJob({ name, payload: z.object({}), maxAttempts: 1 }), handler),
  everyMs,
});

const deleteOldDeliveries = (db: Services['db'], before: Date) =>
  db
    .delete(webhookDeliveries)
    .where(and(lt(webhookDeliveries.createdAt, before), ne(webhookDeliveries.status, 'pending')));

// Sessions nobody can use any more, jobs finished a week ago, PowerPoint imports a week old
// (their files then go with the orphan sweep) and webhook deliveries a month old.
export const sweepExpiredJob = scheduled(
  'sweep-expired',
  hour,
  simpleJob(async ({ db, clock }: Services) => {
    await deleteExpiredSessions(db, clock);
    await db
      .delete(libraryImports)
      .where(lt(libraryImports.createdAt, new Date(clock.now().getTime() - importsKeptMs)));
    await deleteFinishedJobs(db, new Date(clock.now().getTime() - finishedJobsKeptMs));
    await deleteOldDeliveries(db, new Date(clock.now().getTime() - deliveriesKeptMs));
  }),
);

/**
 * The work that comes round on a schedule. Every worker process offers each period's job, so one
 * job is made per period however many processes run, and one worker does it.
 */
export const serverSchedule: readonly ScheduledJob<Services>[] = [
  // Mail that could not be sent when it was queued (the mail server was down): tried again.
  scheduled('retry-mail', minute, deliverMail),
  // Bytes whose rows are gone (a deck deleted, a generation rolled back).
  scheduled(
    'sweep-orphan-files',
    6 * hour,
    simpleJob(async ({ db, objects, clock, log }: Services) => {
      const deleted = await sweepOrphanFiles({ db, objects, now: clock.now() });
      if (deleted > 0) log.info({ deleted }, 'orphaned files deleted');
    }),
  ),
  sweepExpiredJob,
  // Visits quiet for ten minutes whose page never said it closed: over, and told of (visit.ended).
  scheduled(
    'end-quiet-visits',
    minute,
    simpleJob(async (services: Services) => {
      await endQuietVisits(services);
    }),
  ),
  // Yesterday's digest for the reps who asked (once a rep and day; hourly catches up a missed run).
  scheduled(
    'alerts.daily-digest',
    hour,
    simpleJob(async (services: Services) => {
      await sendDailyDigests(services);
    }),
  ),
];

/** Every kind of job the server queues, with the module's handler that runs it. */
export const serverJobs = [
  handleJob(generateDeckJob, generationJobHandler),
  handleJob(generateVersionJob, versionJobHandler),
  handleJob(importPptxJob, importJobHandler),
  handleJob(readEditedFileJob, readEditedFileHandler),
  handleJob(deliverMailJob, deliverMail),
  handleJob(webhooksFanOutJob, fanOutHandler),
  handleJob(deliverWebhookJob, deliverWebhookHandler),
  handleJob(alertsEventJob, alertsEventHandler),
  handleJob(everyVisitAlertJob, everyVisitAlertHandler),
  handleJob(pricingViewedAlertJob, pricingViewedAlertHandler),
  handleJob(sendAlertsJob, sendAlertsHandler),
] as const;

/**
 * Runs this process's share of the jobs, `JOB_WORKERS` at once: decks to render, files to import,
 * mail to send, and the scheduled sweeps, which it also offers each period.
 */
export function startServerJobs(services: Services, database: Pick<Database, 'db' | 'listen'>) {
  return startJobs({
    database,
    clock: services.clock,
    log: services.log,
    concurrency: services.config.jobWorkers,
    leaseMs: services.config.jobLeaseMs,
    jobs: serverJobs,
    schedule: serverSchedule,
    deps: services,
  });
}
