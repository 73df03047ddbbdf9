import { and, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  deckLinks,
  type DeckApprovalFilter,
  type DeckApprovalStatus,
  type DeckListResponse,
  type ProductId,
  type RecentDeck,
} from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { approvalRequests, clientLinks, clientLinkVisits, decks, users } from '../db/schema.ts';
import { clearedVersionSql } from '../deal-desk/client-visibility.ts';
import { AppError } from '../http/app-error.ts';
import { readListCursor, writeListCursor } from '../http/list-cursor.ts';
import type { Db } from '../db/database.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { rowsMappedOnce } from '../db/rows-mapped-once.ts';
import type { Services } from '../services.ts';
import { productNames } from '../price-book/price-book.ts';
import type { DeckRow } from './deck-access.ts';
import { clientMatchConditions, clientNameMatches, type ClientMatchKind } from './client-search.ts';

/** What a list shows of a deck: not its draft, only the products' ids from it. */
type ListedDeck = Pick<
  DeckRow,
  'id' | 'title' | 'clientName' | 'status' | 'createdAt' | 'currentVersion' | 'acceptedAt'
> & {
  productIds: ProductId[];
  /** Only in the managers' list (it costs two index reads a row): undefined elsewhere. */
  approval?: DeckApprovalStatus | null;
};

function toRecentDeck(
  deck: ListedDeck,
  ownerName: string,
  lastViewedAt: Date | null,
  names: ReadonlyMap<ProductId, string>,
): RecentDeck {
  return {
    id: deck.id,
    title: deck.title,
    clientName: deck.clientName,
    productNames: deck.productIds.map((id) => names.get(id) ?? id),
    createdAt: deck.createdAt.toISOString(),
    status: deck.status,
    // A deck still generating, or failed, has no files to link to yet.
    ...(deck.status === 'generating' || deck.status === 'failed'
      ? { editUrl: null, pptxUrl: null, pdfUrl: null, viewUrl: null }
      : deckLinks(deck.id)),
    isDraft: deck.status === 'draft',
    ownerName,
    lastViewedAt: lastViewedAt?.toISOString() ?? null,
    currentVersion: deck.currentVersion,
    acceptedAt: deck.acceptedAt ? new Date(deck.acceptedAt).toISOString() : null,
    ...(deck.approval === undefined ? {} : { approval: deck.approval }),
  };
}

/**
 * Where the deck's newest version stands with the deal desk (DeckApprovalStatus), or null when
 * a client may see it. Only a version not cleared for clients looks up the deck's newest
 * request: waiting (at most one request per deck waits, and it is the newest), rejected, or
 * none (never asked, or withdrawn). Two index reads a listed row.
 */
const approvalStatus = sql<DeckApprovalStatus | null>`(
  select case when not ${clearedVersionSql('listed_version')} then (
    case (
      select ${approvalRequests.state} from ${approvalRequests}
      where ${approvalRequests.deckId} = ${decks.id}
      order by ${approvalRequests.createdAt} desc limit 1
    )
      when 'pending' then 'awaiting_approval'
      when 'rejected' then 'approval_rejected'
      else 'needs_approval'
    end
  ) end
  from deck_versions listed_version
  where listed_version.deck_id = ${decks.id} and listed_version.number = ${decks.currentVersion}
)`;

/**
 * The decks an approval filter keeps: found from the (few) requests in that state first, so
 * the filter never reads every deck's versions.
 */
function approvalFilter(filter: DeckApprovalFilter): SQL {
  const state = filter === 'awaiting' ? 'pending' : 'rejected';
  const requested = sql`${decks.id} in (
    select ${approvalRequests.deckId} from ${approvalRequests}
    where ${approvalRequests.state} = ${state}
  )`;
  return filter === 'awaiting'
    ? requested
    : sql`(${requested} and ${approvalStatus} = 'approval_rejected')`;
}

/**
 * When a client last opened any of the deck's links (visits are counted ones only): each link's
 * newest visit read from the end of its (link, start) index, so a row costs an index read per
 * link however many visits there were (the maximum over a join of every visit took 1.2 s for
 * a page of decks with 10,000 visits each).
 */
const lastClientVisit = sql<string | Date | null>`(
  select max((
    select ${clientLinkVisits.startedAt} from ${clientLinkVisits}
    where ${clientLinkVisits.linkId} = ${clientLinks.id}
    order by ${clientLinkVisits.startedAt} desc limit 1
  )) from ${clientLinks}
  where ${clientLinks.deckId} = ${decks.id}
)`;

/**
 * Counting stops here: past it a list says "1,000+" rather than count every row (at a million
 * decks, counting to 10,000 took as long as the rest of the page).
 */
export const deckCountCap = 1_000;
/**
 * A client search's count stops sooner: past it the list says "100+", and a rep who searched
 * refines the search rather than read on. Counting a common word ("Cold Storage", in one name
 * in five) to 1,001 walked 5,010 decks of a million newest first, against the 1,000 of a small
 * history; to 101 it walks ~505 at either size.
 */
export const searchCountCap = 100;

/**
 * The page of decks matching `where` (after a position when `afterPosition`) and their capped
 * count, with the page's size and position and the owner left as placeholders (`limit`,
 * `offset`, `afterAt` and `afterId`, `ownerId`).
 */
function listStatements(
  db: Db,
  where: SQL | undefined,
  afterPosition: boolean,
  {
    withApproval = false,
    countCap = deckCountCap,
  }: { withApproval?: boolean; countCap?: number } = {},
) {
  const pageWhere = afterPosition
    ? and(
        where,
        sql`(${decks.createdAt}, ${decks.id}) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`,
      )
    : where;
  const counted = db
    .select({ one: sql`1` })
    .from(decks)
    .where(where)
    .limit(countCap + 1)
    .as('counted');
  return {
    page: db
      .select(pageColumns(withApproval))
      .from(decks)
      .innerJoin(users, eq(users.id, decks.ownerId))
      .where(pageWhere)
      .orderBy(desc(decks.createdAt), desc(decks.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
    count: db.select({ value: count() }).from(counted),
  };
}

/** What a listed row reads: the deck's columns, its owner's name, its position. */
function pageColumns(withApproval: boolean) {
  return {
    deck: {
      id: decks.id,
      title: decks.title,
      clientName: decks.clientName,
      status: decks.status,
      createdAt: decks.createdAt,
      currentVersion: decks.currentVersion,
      acceptedAt: decks.acceptedAt,
      // A draft may be large (custom slides' texts): the list reads only the product ids.
      productIds: sql<
        ProductId[]
      >`jsonb_path_query_array(${decks.draft}, '$.productSelection.selectedProducts[*].id')`,
      approval: withApproval ? approvalStatus : sql<null>`null`,
    },
    ownerName: users.name,
    lastViewedAt: lastClientVisit,
    // To the microsecond, as stored: a JavaScript Date would round it to the millisecond.
    position: sql<string>`to_char(${decks.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  };
}

/**
 * A search's page and its capped count from one scan: the matching decks' ids are found once,
 * newest first, as many as the count needs (`searchCountCap` + 1) or the page reaches
 * (`offset` + `limit`, placeholder `scan`); the count is theirs and the page is read from them.
 * Run as two statements, the page and the count each asked the index (or walked the decks) for
 * the same matches.
 */
function searchStatement(db: Db, where: SQL | undefined, withApproval: boolean) {
  const matched = db
    .$with('matched')
    .as(
      db
        .select({ id: decks.id, createdAt: decks.createdAt })
        .from(decks)
        .where(where)
        .orderBy(desc(decks.createdAt), desc(decks.id))
        .limit(sql.placeholder('scan')),
    );
  // The page's rows picked from the matches before any deck is read again.
  const paged = db
    .select({ id: matched.id, createdAt: matched.createdAt })
    .from(matched)
    .orderBy(desc(matched.createdAt), desc(matched.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('paged');
  return db
    .with(matched)
    .select({
      ...pageColumns(withApproval),
      total: sql<number>`(select count(*) from ${matched})::int`,
    })
    .from(paged)
    .innerJoin(decks, eq(decks.id, paged.id))
    .innerJoin(users, eq(users.id, decks.ownerId))
    .orderBy(desc(paged.createdAt), desc(paged.id));
}

type Statements = ReturnType<typeof listStatements>;
/** What listing needs of a statement, built for one call or prepared once. */
type Executable<S extends { execute: (...args: never[]) => unknown }> = {
  execute(placeholders: Record<string, unknown>): ReturnType<S['execute']>;
};
type ListQueries = { page: Executable<Statements['page']>; count: Executable<Statements['count']> };

/**
 * The name that makes a statement PostgreSQL's unnamed one: parsed and planned for the values
 * of each request, never kept as a plan for any value.
 */
const plannedEachTime = '';

/**
 * A list's page and count prepared under the given names, the page's rows mapped from a plan
 * made once (ADR 075).
 */
function prepareList(
  { page, count }: Pick<Statements, 'page' | 'count'>,
  pageName: string,
  countName = pageName,
): ListQueries {
  return { page: rowsMappedOnce(page.prepare(pageName)), count: count.prepare(countName) };
}

/**
 * One owner's decks, current or archived, built once per database but planned for each owner
 * on PostgreSQL. A plan kept for any owner (a named statement's generic plan, which PostgreSQL
 * switches to after five requests when it costs no more) cannot know that a rep owns 200 of a
 * million decks: it walks every deck newest first looking for theirs (53–77 ms); planned for the
 * rep, it reads their 200 from the owner's index (well under a millisecond).
 */
function ownersDecksOf(which: 'current' | 'archived') {
  return preparedQuery((db): ListQueries => {
    const where = and(
      eq(decks.ownerId, sql.placeholder('ownerId')),
      which === 'archived' ? eq(decks.status, 'archived') : ne(decks.status, 'archived'),
    );
    return prepareList(listStatements(db, where, false), plannedEachTime);
  });
}
const ownersDecks = { current: ownersDecksOf('current'), archived: ownersDecksOf('archived') };

/** Which decks a list without a client search shows, and how: each kind prepared once. */
type ListKind = {
  byOwner: boolean;
  archived: boolean | undefined;
  approval: DeckApprovalFilter | undefined;
  withApproval: boolean;
  afterPosition: boolean;
};

/**
 * The managers' list without a client search (its first page and the pages after a position),
 * built and prepared once per kind and database: on PostgreSQL it is then planned once per
 * connection instead of at every request, except one owner's decks (planned for the owner). A
 * search is planned for its own text each time: the trigram index serves a rare word, a walk
 * newest first a common one.
 */
const listsOfKind = preparedQuery(() => new Map<string, ListQueries>());
function listOfKind(db: Db, kind: ListKind): ListQueries {
  const key = [
    kind.byOwner ? 'owner' : 'all',
    String(kind.archived),
    kind.approval ?? 'any',
    kind.withApproval ? 'approval' : 'plain',
    kind.afterPosition ? 'after' : 'first',
  ].join('_');
  const lists = listsOfKind(db);
  let list = lists.get(key);
  if (!list) {
    const statements = listStatements(db, listFilters(kind), kind.afterPosition, kind);
    // One owner's decks are planned for that owner, as a rep's own list is (ownersDecksOf).
    list = kind.byOwner
      ? prepareList(statements, plannedEachTime)
      : prepareList(statements, `decks_${key}`, `decks_${key}_count`);
    lists.set(key, list);
  }
  return list;
}

/** The conditions of a list, the client search's given. */
function listFilters(
  kind: Omit<ListKind, 'afterPosition' | 'withApproval'>,
  clientMatches?: SQL,
): SQL | undefined {
  const filters: SQL[] = [];
  if (kind.byOwner) filters.push(eq(decks.ownerId, sql.placeholder('ownerId')));
  if (clientMatches) filters.push(clientMatches);
  if (kind.approval) filters.push(approvalFilter(kind.approval));
  if (kind.archived === true) filters.push(eq(decks.status, 'archived'));
  else if (kind.archived === false || !clientMatches) filters.push(ne(decks.status, 'archived'));
  return filters.length > 0 ? and(...filters) : undefined;
}

type PageRow = Awaited<ReturnType<Statements['page']['execute']>>[number];

/** A client search's statements: its page and count from one scan, and a page after a position. */
type SearchQueries = {
  search: Executable<ReturnType<typeof searchStatement>>;
  /** The count alone, for a page past the last match. */
  count: ListQueries['count'];
  /** The page and count after a position (keyset). */
  after: ListQueries;
};

/**
 * The client search's statements, built and prepared once per kind and database (building them
 * with Drizzle cost 0.7 ms of CPU a request, several times what the embedded database's cached
 * answer costs); the search's texts are placeholders. On PostgreSQL they are still planned for
 * each text (the unnamed statement): the trigram index serves a rare word, a walk newest first
 * a common one.
 */
const searchesOfKind = preparedQuery(() => new Map<string, SearchQueries>());
function searchOfKind(
  db: Db,
  kind: Omit<ListKind, 'afterPosition'> & { match: ClientMatchKind },
): SearchQueries {
  const key = [
    kind.byOwner ? 'owner' : 'all',
    String(kind.archived),
    kind.approval ?? 'any',
    kind.withApproval ? 'approval' : 'plain',
    kind.match,
  ].join('_');
  const searches = searchesOfKind(db);
  let queries = searches.get(key);
  if (!queries) {
    const where = listFilters(kind, clientMatchConditions[kind.match]);
    queries = {
      search: rowsMappedOnce(
        searchStatement(db, where, kind.withApproval).prepare(plannedEachTime),
      ),
      count: listStatements(db, where, false, { countCap: searchCountCap }).count.prepare(
        plannedEachTime,
      ),
      after: prepareList(
        listStatements(db, where, true, { ...kind, countCap: searchCountCap }),
        plannedEachTime,
      ),
    };
    searches.set(key, queries);
  }
  return queries;
}

/** A search's first page (or a page by number) and its count, from one scan of its matches. */
async function searchPage(
  queries: SearchQueries,
  placeholders: { limit: number; offset: number },
): Promise<{ rows: PageRow[]; countedRows: number }> {
  const scan = Math.max(searchCountCap + 1, placeholders.offset + placeholders.limit);
  const rows = await queries.search.execute({ ...placeholders, scan });
  if (rows.length > 0 || placeholders.offset === 0) {
    return { rows, countedRows: rows[0]?.total ?? 0 };
  }
  // A page past the last match has no row to carry the count: it is counted on its own.
  const [total] = await queries.count.execute(placeholders);
  return { rows, countedRows: total?.value ?? 0 };
}

/**
 * Decks newest first, a page at a time; `ownerId` and `client` narrow the list. Archived decks
 * are left out, except when asked for (`archived: true` lists only them) and in a search by
 * client, which finds a deck wherever it is. With `after` (the previous page's `nextCursor`) the
 * page starts after that deck by position (keyset), so page 40,000 costs what page 1 does; the
 * total is counted up to `deckCountCap` (a client search's up to `searchCountCap`). The client search is served by a trigram index
 * (client-search.ts).
 */
export async function listDecks(
  { db }: Pick<Services, 'db'>,
  options: {
    ownerId?: string;
    client?: string;
    archived?: boolean | undefined;
    approval?: DeckApprovalFilter | undefined;
    /** Say where each deck stands with the deal desk (the managers' list). */
    withApproval?: boolean;
    page: number;
    pageSize: number;
    after?: string | undefined;
  },
): Promise<DeckListResponse> {
  const { client, ownerId, archived, approval } = options;
  const cursor = options.after === undefined ? undefined : readListCursor(options.after, 'after');
  const placeholders = {
    ...(ownerId ? { ownerId } : {}),
    limit: options.pageSize + 1,
    offset: cursor ? 0 : (options.page - 1) * options.pageSize,
    ...(cursor ? { afterAt: cursor.createdAt, afterId: cursor.id } : {}),
  };
  const withApproval = options.withApproval === true || approval !== undefined;
  const kind = { byOwner: Boolean(ownerId), archived, approval, withApproval };
  const pageAndCount = async (
    statements: ListQueries,
    values: Record<string, unknown> = placeholders,
  ) => {
    const [rows, [total]] = await Promise.all([
      statements.page.execute(values),
      statements.count.execute(values),
    ]);
    return { rows, countedRows: total?.value ?? 0 };
  };
  let listed: Promise<{ rows: PageRow[]; countedRows: number }>;
  if (ownerId && !client && !cursor && !withApproval) {
    // A rep's own list, asked for on every dashboard: built once.
    listed = pageAndCount(ownersDecks[archived === true ? 'archived' : 'current'](db));
  } else if (!client) {
    listed = pageAndCount(listOfKind(db, { ...kind, afterPosition: Boolean(cursor) }));
  } else {
    const match = await clientNameMatches(db, client);
    const queries = searchOfKind(db, { ...kind, match: match.kind });
    listed = cursor
      ? pageAndCount(queries.after, { ...placeholders, ...match.values })
      : searchPage(queries, { ...placeholders, ...match.values });
  }
  const [{ rows, countedRows }, names] = await Promise.all([listed, productNames(db)]);
  const countCap = client ? searchCountCap : deckCountCap;
  const page = rows.slice(0, options.pageSize);
  const last = page.at(-1);
  return {
    recentDecks: page.map((row) =>
      toRecentDeck(
        withApproval ? row.deck : { ...row.deck, approval: undefined },
        row.ownerName,
        row.lastViewedAt ? new Date(row.lastViewedAt) : null,
        names,
      ),
    ),
    page: options.page,
    pageSize: options.pageSize,
    total: Math.min(countedRows, countCap),
    totalIsCapped: countedRows > countCap,
    nextCursor:
      rows.length > options.pageSize && last ? writeListCursor(last.position, last.deck.id) : null,
  };
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
