import type { FastifyReply } from 'fastify';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';

/** Sends one stored file of a deck, never cached (access is checked on every request). */
export async function sendDeckFile(
  services: Pick<Services, 'db' | 'fileStore'>,
  reply: FastifyReply,
  { deckId, name, disposition }: { deckId: string; name: string; disposition?: string },
) {
  const file = await services.fileStore.get(services.db, deckId, name);
  if (!file) throw new AppError('not_found', 'File not found.');
  reply
    .header('content-type', file.contentType)
    .header('content-length', file.size)
    .header('cache-control', 'private, no-store');
  if (disposition) reply.header('content-disposition', disposition);
  return reply.send(file.body);
}
