import { eq } from 'drizzle-orm';
import { outboxMails } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';

const notFound = () => new AppError('not_found', 'This mail has no such attachment.');

/** One file a mail of the outbox was sent with (`number` from 1), for an administrator. */
export async function readOutboxAttachment(
  { db, objects }: Pick<Services, 'db' | 'objects'>,
  { mailId, number }: { mailId: string; number: number },
) {
  const [mail] = await db
    .select({ attachments: outboxMails.attachments })
    .from(outboxMails)
    .where(eq(outboxMails.id, mailId));
  const attachment = mail?.attachments[number - 1];
  if (!attachment) throw notFound();
  const stored = await objects.get(attachment.key);
  if (!stored) {
    throw new AppError('not_found', `“${attachment.filename}” is no longer stored.`);
  }
  return { ...attachment, ...stored };
}
