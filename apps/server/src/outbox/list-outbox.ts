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
  objects,
}: Pick<Services, 'db' | 'config' | 'objects'>): Promise<OutboxResponse> {
  const delivery = config.smtpUrl ? 'smtp' : 'outbox';
  const rows = await db
    .select()
    .from(outboxMails)
    .orderBy(desc(outboxMails.createdAt), desc(outboxMails.id))
    .limit(outboxPageSize);
  // Only a few mails carry files (an accepted proposal): their sizes are read from the store.
  const sizes = new Map<string, number | null>();
  for (const { key } of rows.flatMap((row) => row.attachments)) {
    if (sizes.has(key)) continue;
    const stored = await objects.get(key);
    stored?.body.destroy();
    sizes.set(key, stored?.size ?? null);
  }
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
      attachments: row.attachments.map((attachment, index) => ({
        filename: attachment.filename,
        contentType: attachment.contentType,
        size: sizes.get(attachment.key) ?? null,
        url: `/api/admin/outbox/${row.id}/attachments/${index + 1}`,
      })),
    })),
  };
}
