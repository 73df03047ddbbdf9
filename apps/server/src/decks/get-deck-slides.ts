import type { z } from 'zod';
import { deckLinks, deckVersionLinks, type deckSlidesResponseSchema } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import type { Services } from '../services.ts';
import { loadDeckFor } from './deck-access.ts';
import { loadRequestedVersion } from './deck-versions.ts';
import { viewedSlides } from './slide-links.ts';

/**
 * A version of a deck the caller may view (the newest when none is asked for), as the deck
 * page's viewer lists it: each slide's address and linked words, and its files' addresses. An
 * earlier version's addresses name it; the newest's follow the deck.
 */
export async function getDeckSlides(
  services: Pick<Services, 'db'>,
  { user, deckId, version }: { user: User; deckId: string; version?: number | undefined },
): Promise<z.output<typeof deckSlidesResponseSchema>> {
  const deck = await loadDeckFor(services, { user, deckId, need: 'view' });
  const shown = await loadRequestedVersion(services.db, deck, version);
  const isNewest = shown.number === deck.currentVersion;
  const links = isNewest ? deckLinks(deck.id) : deckVersionLinks(deck.id, shown.number);
  const query = isNewest ? '' : `?version=${shown.number}`;
  return {
    title: shown.title,
    clientName: shown.clientName,
    version: shown.number,
    currentVersion: deck.currentVersion,
    slides: viewedSlides(shown, (number) => `/api/decks/${deck.id}/slides/${number}${query}`),
    pdfUrl: links.pdfUrl,
    editUrl: links.editUrl,
    pptxUrl: links.pptxUrl,
  };
}
