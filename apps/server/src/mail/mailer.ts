import nodemailer from 'nodemailer';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { outboxMails } from '../db/schema.ts';
import { mailBlock } from '../http/terminal-log.ts';
import { defineJob } from '../jobs/define-job.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import type { ObjectStore } from '../storage/object-store.ts';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where the recipient's answer goes (the rep who sent a client link), instead of MAIL_FROM. */
  replyTo?: string;
  /** The text holds a credential (a client, reset or invitation link): kept only until an SMTP server has it. */
  isSecret?: boolean;
  /** Files sent with the mail, read from the object store under `key` when it is delivered. */
  attachments?: MailAttachment[];
};

export type MailAttachment = { filename: string; contentType: string; key: string };

/** A mail as a transport sends it: attachments carry their bytes. */
export type OutgoingMail = Omit<Mail, 'attachments' | 'isSecret'> & {
  attachments?: { filename: string; contentType: string; content: Buffer }[];
};

/** What a secret mail's stored text becomes once an SMTP server has accepted it. */
export const sentSecretText = '(Removed after sending: this mail held a private link.)';

/** Sends whatever mail is waiting in the outbox, once: a mail server down is retried by the schedule. */
export const deliverMailJob = defineJob({
  name: 'deliver-mail',
  payload: z.object({}),
  maxAttempts: 1,
});

/**
 * Puts a mail in the outbox, inside the caller's transaction, with a job to deliver it: a worker
 * sends it after commit (and the outbox retry sends it later if the mail server is down).
 */
export async function enqueueMail(db: Db, mail: Mail | Mail[]) {
  const mails = Array.isArray(mail) ? mail : [mail];
  if (mails.length === 0) return;
  await db.insert(outboxMails).values(mails);
  await enqueueJob(db, undefined, deliverMailJob, {});
}

/** Hands a mail to the outside world. */
export type MailTransport = {
  kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
};

/** Delivers through an SMTP server, e.g. `smtp://user:pass@mail.example.com:587`. */
export function createSmtpTransport({ url, from }: { url: string; from: string }): MailTransport {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * No mail server: the outbox table is the destination (admins read it on /admin/outbox), and
 * each mail is printed: framed at a terminal, as one JSON line otherwise.
 */
export function createOutboxTransport(
  log: FastifyBaseLogger,
  { isPretty = false }: { isPretty?: boolean } = {},
): MailTransport {
  return {
    kind: 'outbox',
    async send(mail) {
      const { attachments, ...printed } = mail;
      const files = attachments?.length
        ? `\n(attached: ${attachments.map((file) => file.filename).join(', ')})`
        : '';
      if (isPretty) {
        log.info(mailBlock({ ...printed, text: printed.text + files }));
        return;
      }
      log.info(
        { to: mail.to, subject: mail.subject },
        `outbox mail to ${mail.to}:\n${mail.text}${files}`,
      );
    },
    async close() {},
  };
}

const maxAttempts = 5;
const claimTimeoutMs = 60_000;

export type Mailer = {
  kind: MailTransport['kind'];
  /** Sends what is waiting in the outbox; safe to call from any number of processes. */
  deliverPending(): Promise<void>;
  close(): Promise<void>;
};

export function createMailer({
  db,
  transport,
  clock,
  log,
  objects,
}: {
  db: Db;
  transport: MailTransport;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Where attachments' bytes are; a mail with attachments cannot be sent without it. */
  objects?: Pick<ObjectStore, 'get'> | undefined;
}): Mailer {
  async function readAttachments(attachments: MailAttachment[]) {
    return Promise.all(
      attachments.map(async ({ filename, contentType, key }) => {
        const object = await objects?.get(key);
        if (!object) throw new Error(`the attachment ${filename} is missing from the store`);
        const chunks: Buffer[] = [];
        for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Buffer));
        return { filename, contentType, content: Buffer.concat(chunks) };
      }),
    );
  }

  let running: Promise<void> | undefined;
  let again = false;

  async function claimNext() {
    const now = clock.now();
    const staleClaim = new Date(now.getTime() - claimTimeoutMs);
    const [next] = await db
      .select({ id: outboxMails.id })
      .from(outboxMails)
      .where(
        and(
          isNull(outboxMails.sentAt),
          lt(outboxMails.attempts, maxAttempts),
          or(isNull(outboxMails.claimedAt), lt(outboxMails.claimedAt, staleClaim)),
        ),
      )
      .orderBy(asc(outboxMails.createdAt))
      .limit(1);
    if (!next) return undefined;
    // Claiming is a compare-and-set, so two processes never send the same mail.
    const [claimed] = await db
      .update(outboxMails)
      .set({ claimedAt: now, attempts: sql`${outboxMails.attempts} + 1` })
      .where(
        and(
          eq(outboxMails.id, next.id),
          isNull(outboxMails.sentAt),
          or(isNull(outboxMails.claimedAt), lt(outboxMails.claimedAt, staleClaim)),
        ),
      )
      .returning();
    return claimed ?? null;
  }

  async function drain() {
    for (;;) {
      const mail = await claimNext();
      if (mail === undefined) return;
      if (mail === null) continue;
      try {
        await transport.send({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          ...(mail.attachments.length > 0
            ? { attachments: await readAttachments(mail.attachments) }
            : {}),
        });
        // Without SMTP the outbox is where mail ends up, so its text stays readable there.
        const forget = mail.isSecret && transport.kind === 'smtp';
        await db
          .update(outboxMails)
          .set({ sentAt: clock.now(), ...(forget ? { text: sentSecretText, html: null } : {}) })
          .where(eq(outboxMails.id, mail.id));
      } catch (error) {
        log.warn({ err: error, to: mail.to }, 'mail delivery failed; it will be retried');
        await db
          .update(outboxMails)
          .set({ lastError: error instanceof Error ? error.message : String(error) })
          .where(eq(outboxMails.id, mail.id));
        return;
      }
    }
  }

  return {
    kind: transport.kind,
    deliverPending() {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          await drain();
        } while (again);
      })()
        .catch((error: unknown) => log.error({ err: error }, 'mail delivery stopped'))
        .finally(() => {
          running = undefined;
        });
      return running;
    },
    async close() {
      await running;
      await transport.close();
    },
  };
}
