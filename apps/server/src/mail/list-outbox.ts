import { desc } from 'drizzle-orm';
import type { OutboxResponse } from '@deck-portal/domain';
import { outboxMails } from '../db/schema.ts';
import type { Services } from '../services.ts';

/** How many of the newest mails the page shows. */
const outboxPageSize = 200;

/**
 * The newest mails, for the admin Outbox page. Without SMTP the administrator is the one who
 * passes mails on, so every text is shown, links included. With SMTP, a mail holding a private
 * link (reset, invitation, client link) shows only who it is for and its subject.
 */
export async function listOutbox({
  db,
  config,
}: Pick<Services, 'db' | 'config'>): Promise<OutboxResponse> {
  const delivery = config.smtpUrl ? 'smtp' : 'outbox';
  const rows = await db
    .select()
    .from(outboxMails)
    .orderBy(desc(outboxMails.createdAt), desc(outboxMails.id))
    .limit(outboxPageSize);
  return {
    delivery,
    mails: rows.map((row) => ({
      id: row.id,
      to: row.to,
      subject: row.subject,
      text: delivery === 'smtp' && row.isSecret ? null : row.text,
      status: row.sentAt ? 'sent' : row.lastError ? 'failing' : 'pending',
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      attempts: row.attempts,
      lastError: row.lastError,
    })),
  };
}
