import { and, eq, getTableColumns, inArray, lt, sql, type Placeholder } from 'drizzle-orm';
import type { z } from 'zod';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { jobs } from '../db/schema.ts';
import { InvalidJobPayloadError, readPayload, type JobKind, type JobRow } from './define-job.ts';

export type { JobRow };

/** The channel every job change is notified on: `queued` for new work, or a job's id. */
export const jobsChannel = 'deck_portal_jobs';
export const queuedSignal = 'queued';

export type EnqueueOptions = {
  subjectId?: string;
  /** At most one job per key (a sweep's period): a second enqueue with it adds nothing. */
  uniqueKey?: string;
  runAt?: Date;
};

/**
 * Adds a job of `kind`, in the caller's transaction when given one, and wakes the workers when it
 * commits. Answers the job, or undefined when a job with the same unique key exists. Without a
 * clock the job is due at once, whatever time the workers' clock says. A payload that does not
 * match the kind is refused (InvalidJobPayloadError) and nothing is queued.
 */
export async function enqueueJob<Payload extends JobKind['payload']>(
  db: Db,
  clock: Clock | undefined,
  kind: JobKind<Payload>,
  payload: z.input<Payload>,
  options: EnqueueOptions = {},
): Promise<JobRow | undefined> {
  const [row] = await jobInsert(db, clock, kind, payload, options);
  if (!row) return undefined;
  const { notified: _, ...added } = row;
  return added;
}

/**
 * The statement `enqueueJob` runs, not yet run: for a statement that writes a row and queues its
 * job in one (a `with` around it), so that neither is stored without the other. Its rows are the
 * job's columns and `notified`. The payload is checked here. A job with a unique key already
 * queued adds nothing: such a job is no job for a `with` that must store both (its other rows
 * would be stored without it), and none is given one.
 */
export function jobInsert<Payload extends JobKind['payload']>(
  db: Db,
  clock: Clock | undefined,
  kind: JobKind<Payload>,
  payload: z.input<Payload>,
  options: EnqueueOptions = {},
) {
  const read = readPayload(kind, payload);
  if ('problem' in read) throw new InvalidJobPayloadError(read.problem);
  const now = clock?.now();
  return db
    .insert(jobs)
    .values({
      kind: kind.name,
      payload: read.payload,
      subjectId: options.subjectId ?? null,
      uniqueKey: options.uniqueKey ?? null,
      maxAttempts: kind.maxAttempts,
      runAt: options.runAt ?? now ?? dueAtOnce,
      ...(now ? { createdAt: now, updatedAt: now } : {}),
    })
    .onConflictDoNothing({ target: jobs.uniqueKey })
    .returning({ ...jobColumns, notified: notifying(queuedSignal) });
}

/**
 * Claims the next job of `kinds` that is due, or whose worker's lease ran out, for `workerId`:
 * any number of workers may ask at once and each job goes to one of them. The claim counts as
 * an attempt.
 */
export async function claimJob(
  db: Db,
  clock: Clock,
  { workerId, kinds, leaseMs }: { workerId: string; kinds: readonly string[]; leaseMs: number },
): Promise<JobRow | undefined> {
  const now = clock.now();
  const [row] = await claimUpdate(db).execute({
    kinds: [...kinds],
    now: now.toISOString(),
    workerId,
    lockedUntil: new Date(now.getTime() + leaseMs).toISOString(),
  });
  return row;
}

/** Built once: each worker claims once a job, and asks again whenever told of new work. */
const claimUpdate = preparedQuery((db) => {
  // Times as ISO text, the kinds as one text[]: the columns' and `any`'s types read them.
  const now = sql.placeholder('now');
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        sql`${jobs.kind} = any(${sql.placeholder('kinds')}::text[])`,
        sql`${jobs.runAt} <= ${now}`,
        sql`(${jobs.state} = 'queued' or (${jobs.state} = 'running' and ${jobs.lockedUntil} < ${now}))`,
      ),
    )
    .orderBy(jobs.runAt)
    .limit(1)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({
      state: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedBy: sql`${sql.placeholder('workerId')}`,
      lockedUntil: sql`${sql.placeholder('lockedUntil')}`,
      updatedAt: sql`${now}`,
    })
    .where(eq(jobs.id, sql`(${due})`))
    .returning()
    .prepare('claim_job');
});

/** What a worker's claim on a job is: the job, the worker, and the attempt it counted. */
type Claim = {
  id: string | Placeholder;
  lockedBy: string | Placeholder;
  attempts: number | Placeholder;
};

/** The claim `job` was made with. */
const claimOf = (job: JobRow): Claim => ({
  id: job.id,
  lockedBy: job.lockedBy ?? '',
  attempts: job.attempts,
});

/** The claim is still its worker's: not finished, not taken over. */
const isStillClaimed = (claim: Claim) =>
  and(
    eq(jobs.id, claim.id),
    eq(jobs.state, 'running'),
    eq(jobs.lockedBy, claim.lockedBy),
    eq(jobs.attempts, claim.attempts),
  );

/** Renews the worker's lease; false when the job is no longer its own (the lease had run out). */
export async function extendLease(db: Db, clock: Clock, job: JobRow, leaseMs: number) {
  const now = clock.now();
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs), updatedAt: now })
    .where(isStillClaimed(claimOf(job)))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/**
 * Records what the worker has done so far and tells whoever follows the job, the progress in the
 * notice (`jobNotice`): a follower need not read the job again for it.
 */
export async function reportProgress(
  db: Db,
  clock: Clock,
  job: JobRow,
  progress: Record<string, unknown>,
) {
  const told = JSON.stringify(progress);
  await progressUpdate(db).execute({
    progress: told,
    at: clock.now().toISOString(),
    ...claimOf(job),
    notice: Buffer.byteLength(told) <= maxToldProgress ? `${job.id} ${told}` : job.id,
  });
}

/** Built once: a worker reports progress a few times a job (ADR 069). */
const progressUpdate = preparedQuery((db) =>
  db
    .update(jobs)
    // The progress as JSON text, the time as ISO text: their columns' types read them.
    .set({
      progress: sql`${sql.placeholder('progress')}`,
      updatedAt: sql`${sql.placeholder('at')}`,
    })
    .where(
      isStillClaimed({
        id: sql.placeholder('id'),
        lockedBy: sql.placeholder('lockedBy'),
        attempts: sql.placeholder('attempts'),
      }),
    )
    .returning({ notified: notifying(sql.placeholder('notice')) })
    .prepare('report_progress'),
);

/** PostgreSQL's notices carry at most 8,000 bytes (not characters); progress is a few dozen. */
const maxToldProgress = 4_000;

/**
 * What a notice on the jobs channel says of a job: its id, and its new progress when that is all
 * that changed (`reportProgress`); any other change is told by the id alone, to be read.
 */
export function jobNotice(payload: string): { jobId: string; progress?: unknown } {
  const space = payload.indexOf(' ');
  if (space < 0) return { jobId: payload };
  const jobId = payload.slice(0, space);
  try {
    return { jobId, progress: JSON.parse(payload.slice(space + 1)) as unknown };
  } catch {
    return { jobId };
  }
}

/**
 * Marks the job done, in the transaction that stores its result: false (and nothing marked) when
 * the claim is no longer the worker's, so the caller rolls back and the job completes once.
 */
export async function completeJob(
  db: Db,
  clock: Clock,
  job: JobRow,
  result?: Record<string, unknown>,
) {
  const now = clock.now();
  const rows = await db
    .update(jobs)
    .set({
      state: 'completed',
      lockedUntil: null,
      finishedAt: now,
      updatedAt: now,
      ...(result ? { result } : {}),
    })
    .where(isStillClaimed(claimOf(job)))
    .returning({ notified: notifying(job.id) });
  return rows.length === 1;
}

/**
 * After a failed attempt: queued again after a backoff while attempts remain (unless the error is
 * final), else failed for good. Answers what became of it, or undefined when no longer claimed.
 */
export async function failAttempt(
  db: Db,
  clock: Clock,
  job: JobRow,
  { message, isFinal }: { message: string; isFinal: boolean },
): Promise<'retrying' | 'failed' | undefined> {
  const now = clock.now();
  const retry = !isFinal && job.attempts < job.maxAttempts;
  const rows = await db
    .update(jobs)
    .set(
      retry
        ? {
            state: 'queued',
            runAt: new Date(now.getTime() + retryDelayMs(job.attempts)),
            lockedBy: null,
            lockedUntil: null,
            lastError: message,
            updatedAt: now,
          }
        : {
            state: 'failed',
            lockedUntil: null,
            lastError: message,
            finishedAt: now,
            updatedAt: now,
          },
    )
    .where(isStillClaimed(claimOf(job)))
    .returning({ notified: notifying(job.id) });
  if (rows.length === 0) return undefined;
  return retry ? 'retrying' : 'failed';
}

const dueAtOnce = new Date(0);

/** 1 s after the first failure, then 4 s, 16 s…, at most a minute. */
export function retryDelayMs(attempts: number) {
  return Math.min(60_000, 1_000 * 4 ** Math.max(0, attempts - 1));
}

/** Deletes the jobs that finished (completed or failed) before `before`. */
export async function deleteFinishedJobs(db: Db, before: Date) {
  await db
    .delete(jobs)
    .where(and(inArray(jobs.state, ['completed', 'failed']), lt(jobs.updatedAt, before)));
}

/** The newest job about `subjectId`. */
export async function latestJobFor(db: Db, subjectId: string) {
  const [row] = await db
    .select()
    .from(jobs)
    .where(eq(jobs.subjectId, subjectId))
    // One still to run comes first: that is what the subject is waiting for.
    .orderBy(sql`${jobs.state} in ('queued', 'running') desc`, sql`${jobs.createdAt} desc`)
    .limit(1);
  return row;
}

const jobColumns = getTableColumns(jobs);

/**
 * For a statement's `returning`: tells the listeners on the jobs channel `payload` for each row
 * the statement changed, once it commits — one statement where a change and its notification
 * took two.
 */
function notifying(payload: string | Placeholder) {
  // Named, so that a statement around one in a `with` can read it.
  return sql<string>`pg_notify(${jobsChannel}, ${payload})`.as('notified');
}
