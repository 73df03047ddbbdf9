import { clientHeadline } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import type { Services } from '../services.ts';
import { loadDeckFor } from './deck-access.ts';
import { loadRequestedVersion } from './deck-versions.ts';
import { deckFileDisposition } from './download-name.ts';
import { deckFileNames } from './version-files.ts';

/** A stored file of a deck, once the caller's access to it was checked: what sendDeckFile sends. */
export type LocatedDeckFile = { deckId: string; name: string; disposition?: string };

/**
 * A version's PDF or PowerPoint (the newest when none is asked for) for a caller who may view
 * the deck, named for the client. An earlier version's file says so in its name, or saving it
 * would overwrite the newest.
 */
export async function locateDeckDownload(
  services: Pick<Services, 'db'>,
  {
    user,
    deckId,
    version,
    extension,
  }: { user: User; deckId: string; version?: number | undefined; extension: 'pdf' | 'pptx' },
): Promise<LocatedDeckFile> {
  const deck = await loadDeckFor(services, { user, deckId, need: 'view' });
  const shown = await loadRequestedVersion(services.db, deck, version);
  const headline = clientHeadline(shown.draft.basicInfo);
  return {
    deckId: deck.id,
    name: deckFileNames[extension](shown.number),
    disposition: deckFileDisposition(
      shown.number === deck.currentVersion ? headline : `${headline} - version ${shown.number}`,
      extension,
    ),
  };
}

/** One slide's picture of a version (the newest when none is asked for). */
export async function locateSlidePicture(
  services: Pick<Services, 'db'>,
  {
    user,
    deckId,
    version,
    index,
  }: { user: User; deckId: string; version?: number | undefined; index: number },
): Promise<LocatedDeckFile> {
  const deck = await loadDeckFor(services, { user, deckId, need: 'view' });
  const shown = await loadRequestedVersion(services.db, deck, version);
  return { deckId: deck.id, name: deckFileNames.slide(shown.number, index) };
}
