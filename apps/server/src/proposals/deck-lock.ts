import { acceptanceMessages } from '@deck-portal/domain';
import type { Db } from '../db/database.ts';
import type { DeckRow } from '../decks/deck-access.ts';
import { AppError } from '../http/app-error.ts';
import { findAcceptance } from './proposal-records.ts';

const acceptedDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * Refuses to change a deck a client accepted (409): what they accepted stays as it was, and
 * a duplicate is where changes go. `deleting` says why a delete is refused instead.
 */
export async function assertNotAccepted(
  db: Db,
  deck: Pick<DeckRow, 'id' | 'acceptedAt' | 'clientName'>,
  { deleting = false }: { deleting?: boolean } = {},
) {
  if (!deck.acceptedAt) return;
  const record = await findAcceptance(db, deck.id);
  const who = record?.fullName ? `${record.fullName} (${deck.clientName})` : deck.clientName;
  const date = acceptedDate.format(record?.createdAt ?? deck.acceptedAt);
  const message = deleting
    ? acceptanceMessages.acceptedKept(who, date)
    : acceptanceMessages.deckAccepted(who, date);
  throw new AppError('deck_accepted', message, { status: 409 });
}
