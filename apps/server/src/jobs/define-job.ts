import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import type { jobs } from '../db/schema.ts';

export type JobRow = typeof jobs.$inferSelect;

/** A payload is stored as a JSON object and read back through the same schema. */
type PayloadSchema = z.ZodType<Record<string, unknown>>;

/**
 * A kind of job: its name in the queue, the payload its rows carry and how many attempts it gets.
 * The queue refuses a payload that does not match; the worker checks each row it claims again.
 */
export type JobKind<Payload extends PayloadSchema = PayloadSchema> = {
  readonly name: string;
  readonly payload: Payload;
  readonly maxAttempts: number;
};

/**
 * Defines a kind of job. Its payload schema should not transform what it reads: the queue stores
 * what the schema answers, and the worker reads that through the schema once more.
 */
export function defineJob<Payload extends PayloadSchema>({
  name,
  payload,
  maxAttempts = 3,
}: {
  name: string;
  payload: Payload;
  maxAttempts?: number;
}): JobKind<Payload> {
  return { name, payload, maxAttempts };
}

/** The payload a job of `Kind` carries. */
export type PayloadOf<Kind extends JobKind> = z.output<Kind['payload']>;

/** A claimed job, its payload checked against its kind. */
export type Job<Payload> = Omit<JobRow, 'payload'> & { payload: Payload };

/** What a handler is given besides its job. */
export type JobContext = {
  /** Records progress for whoever follows the job (writes are coalesced, never queued up). */
  progress(progress: Record<string, unknown>): void;
  /** Waits for the progress writes under way; call it before opening the result's transaction. */
  progressWritten(): Promise<void>;
  /**
   * Marks the job done in the transaction that stores its result; throws when the worker lost
   * its claim meanwhile, so that transaction rolls back and the job completes once.
   */
  complete(tx: Db, result?: Record<string, unknown>): Promise<void>;
  /** Aborted when the worker lost its claim (its lease ran out and another took the job). */
  signal: AbortSignal;
};

export type JobHandler<Payload = unknown> = {
  run(job: Job<Payload>, context: JobContext): Promise<void>;
  /**
   * After the last attempt failed: record it where people look (the deck turns `failed`). Not
   * called for a row whose payload does not match its kind: see `onRefused`.
   */
  onFailed?(job: Job<Payload>, message: string): Promise<void>;
  /**
   * A row whose payload does not match its kind (written before the kind changed, or by hand)
   * ended failed without running: its payload is not to be trusted, its `subjectId` (written by
   * the queue) is. `message` names the field, for the log, not for a rep.
   */
  onRefused?(row: JobRow, message: string): Promise<void>;
};

/**
 * A kind of job with its handler, made from what the handler needs (`deps`: the server's
 * services). The module that owns the work defines it; the composition root lists it for the
 * workers, so the jobs folder knows no kind of work by name.
 */
export type HandledJob<Deps> = {
  readonly kind: JobKind;
  readonly handler: (deps: Deps) => JobHandler;
};

export function handleJob<Payload extends PayloadSchema, Deps>(
  kind: JobKind<Payload>,
  handler: (deps: Deps) => JobHandler<z.output<Payload>>,
): HandledJob<Deps> {
  return { kind, handler };
}

/** A payload the queue refuses: nothing is queued. A mistake in the code that enqueues it. */
export class InvalidJobPayloadError extends Error {
  override name = 'InvalidJobPayloadError';
}

/**
 * Reads `value` as a payload of `kind`: the payload, or why it is not one, naming the job and
 * each field that does not match.
 */
export function readPayload<Payload extends PayloadSchema>(
  kind: JobKind<Payload>,
  value: unknown,
): { payload: z.output<Payload> } | { problem: string } {
  const parsed = kind.payload.safeParse(value);
  if (parsed.success) return { payload: parsed.data };
  const fields = parsed.error.issues.map(
    (issue) => `${issue.path.map(String).join('.') || '(the payload itself)'}: ${issue.message}`,
  );
  return { problem: `The ${kind.name} job's payload does not match: ${fields.join('; ')}.` };
}
