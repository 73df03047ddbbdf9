import type { FastifyReply } from 'fastify';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';

/**
 * Sends one stored file of a deck, never cached (access is checked on every request). A download
 * (with a disposition) from a store that signs addresses is a redirect to one, made after the
 * caller's access was checked and good for a few seconds: the bytes then skip this process.
 */
export async function sendDeckFile(
  services: Pick<Services, 'db' | 'fileStore'>,
  reply: FastifyReply,
  { deckId, name, disposition }: { deckId: string; name: string; disposition?: string },
) {
  const signed = disposition
    ? await services.fileStore.signedUrl(services.db, deckId, name, disposition)
    : undefined;
  if (signed) return reply.header('cache-control', 'private, no-store').redirect(signed, 302);
  const file = await services.fileStore.get(services.db, deckId, name);
  if (!file) throw new AppError('not_found', 'File not found.');
  reply
    .header('content-type', file.contentType)
    .header('content-length', file.size)
    .header('cache-control', 'private, no-store');
  if (disposition) reply.header('content-disposition', disposition);
  return reply.send(file.body);
}
