import { eq } from 'drizzle-orm';
import { isUuid } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { proposalResponses } from '../db/schema.ts';
import { loadDeckFor } from '../decks/deck-access.ts';
import { deckFileDisposition } from '../decks/download-name.ts';
import type { LocatedDeckFile } from '../decks/locate-deck-file.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { acceptedPdfName } from './proposal-records.ts';

/**
 * The accepted PDF with its certificate, for whoever may view the deck: named for the deck. An
 * id that names no acceptance of this deck (a decline, another deck's) is not found.
 */
export async function locateAcceptanceCertificate(
  services: Pick<Services, 'db'>,
  { user, deckId, responseId }: { user: User; deckId: string; responseId: string },
): Promise<LocatedDeckFile> {
  const deck = await loadDeckFor(services, { user, deckId, need: 'view', allowUnready: true });
  const notFound = new AppError('not_found', 'No acceptance certificate with that id.');
  if (!isUuid(responseId)) throw notFound;
  const [row] = await services.db
    .select({ deckId: proposalResponses.deckId, kind: proposalResponses.kind })
    .from(proposalResponses)
    .where(eq(proposalResponses.id, responseId));
  if (!row || row.deckId !== deck.id || row.kind !== 'accepted') throw notFound;
  return {
    deckId: deck.id,
    name: acceptedPdfName(responseId),
    disposition: deckFileDisposition(`${deck.title} - accepted`, 'pdf'),
  };
}
