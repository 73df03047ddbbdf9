import { asc, eq } from 'drizzle-orm';
import type { ProposalResponse } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { proposalResponses } from '../db/schema.ts';
import { loadDeckFor } from '../decks/deck-access.ts';
import type { Services } from '../services.ts';
import { toProposalResponse } from './proposal-records.ts';

/**
 * The rep's side of a client's answers: every accept and decline of a deck, oldest first, for
 * whoever may view the deck (a deck still generating included: it has none yet).
 */
export async function listProposalResponses(
  services: Pick<Services, 'db'>,
  { user, deckId }: { user: User; deckId: string },
): Promise<ProposalResponse[]> {
  const deck = await loadDeckFor(services, { user, deckId, need: 'view', allowUnready: true });
  const rows = await services.db
    .select()
    .from(proposalResponses)
    .where(eq(proposalResponses.deckId, deck.id))
    .orderBy(asc(proposalResponses.createdAt), asc(proposalResponses.id));
  return rows.map(toProposalResponse);
}
