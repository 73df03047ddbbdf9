import { and, count, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import { deckLinks, getProduct, type DeckListResponse, type RecentDeck } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { clientLinks, clientLinkVisits, decks, users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import type { DeckRow } from './deck-access.ts';

export function toRecentDeck(
  deck: DeckRow,
  ownerName: string,
  lastViewedAt: Date | null,
): RecentDeck {
  return {
    id: deck.id,
    title: deck.title,
    clientName: deck.clientName,
    productNames: deck.draft.productSelection.selectedProducts.map((p) => getProduct(p.id).name),
    createdAt: deck.createdAt.toISOString(),
    status: deck.status,
    ...deckLinks(deck.id),
    isDraft: deck.status === 'draft',
    ownerName,
    lastViewedAt: lastViewedAt?.toISOString() ?? null,
    currentVersion: deck.currentVersion,
  };
}

/** When a client last opened any of the deck's links (visits are counted ones only). */
const lastClientVisit = sql<string | Date | null>`(
  select max(${clientLinkVisits.startedAt}) from ${clientLinkVisits}
  inner join ${clientLinks} on ${clientLinks.id} = ${clientLinkVisits.linkId}
  where ${clientLinks.deckId} = ${decks.id}
)`;

/**
 * Decks newest first, a page at a time; `ownerId` and `client` narrow the list. Archived decks
 * are left out, except when asked for (`archived: true` lists only them) and in a search by
 * client, which finds a deck wherever it is.
 */
export async function listDecks(
  { db }: Pick<Services, 'db'>,
  options: {
    ownerId?: string;
    client?: string;
    archived?: boolean | undefined;
    page: number;
    pageSize: number;
  },
): Promise<DeckListResponse> {
  const filters: SQL[] = [];
  if (options.ownerId) filters.push(eq(decks.ownerId, options.ownerId));
  if (options.client) filters.push(ilike(decks.clientName, `%${escapeLike(options.client)}%`));
  if (options.archived === true) filters.push(eq(decks.status, 'archived'));
  else if (options.archived === false || !options.client)
    filters.push(ne(decks.status, 'archived'));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ deck: decks, ownerName: users.name, lastViewedAt: lastClientVisit })
      .from(decks)
      .innerJoin(users, eq(users.id, decks.ownerId))
      .where(where)
      .orderBy(desc(decks.createdAt), desc(decks.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ value: count() }).from(decks).where(where),
  ]);
  return {
    recentDecks: rows.map((row) =>
      toRecentDeck(row.deck, row.ownerName, row.lastViewedAt ? new Date(row.lastViewedAt) : null),
    ),
    page: options.page,
    pageSize: options.pageSize,
    total: total?.value ?? 0,
  };
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A user's own decks; another user's only for managers and admins. */
export async function listRecentDecks(
  services: Pick<Services, 'db'>,
  options: {
    user: User;
    userId?: string | undefined;
    archived?: boolean | undefined;
    page: number;
    pageSize: number;
  },
): Promise<DeckListResponse> {
  const { user } = options;
  const ownerId = options.userId ?? user.id;
  if (ownerId !== user.id && user.role !== 'manager' && user.role !== 'admin') {
    throw new AppError('forbidden', 'You can only list your own decks.');
  }
  return listDecks(services, {
    ownerId,
    archived: options.archived ?? false,
    page: options.page,
    pageSize: options.pageSize,
  });
}
