import { and, asc, eq, gte, inArray, isNotNull, lt, min, ne, sum, type SQL } from 'drizzle-orm';
import {
  pricingViewedSeconds,
  type EngagementQuery,
  type EngagementReport,
} from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { clientLinkEvents, clientLinks, clientLinkVisits, decks, users } from '../db/schema.ts';
import type { Db } from '../db/database.ts';
import { productSeconds } from '../engagement/product-seconds.ts';
import { productNames } from '../price-book/price-book.ts';
import type { Services } from '../services.ts';
import { reportScope, seesEveryRep, type ReportScope } from './report-scope.ts';
import { loadVersionSlides, noSlides, versionKey } from './version-slides.ts';

type VisitSlides = {
  deckId: string;
  ownerId: string;
  version: number;
  startedAt: Date;
  slides: { slide: number; seconds: number }[];
};

type DeckTotals = { visits: number; seconds: number; lastReadAt: Date };

/**
 * Engagement across decks over a range: products by the attention clients gave them, decks
 * whose pricing was read, time from first open to acceptance, and each rep's decks opened and
 * accepted. Managers and admins see every rep's decks (or one rep's), a rep their own.
 *
 * The visits started in the range are read once, grouped by visit and slide in the database;
 * their versions' slide products and priced flags are read once per version.
 */
export async function getEngagementReport(
  services: Pick<Services, 'db' | 'clock'>,
  { user, query }: { user: User; query: EngagementQuery },
): Promise<EngagementReport> {
  const scope = reportScope(user, services.clock, query);
  const { db } = services;
  const [visits, accepted, names, reps] = await Promise.all([
    readVisitSlides(db, scope),
    readAcceptances(db, scope),
    productNames(db),
    listReps(db, user),
  ]);
  const versions = await loadVersionSlides(db, visits.values());
  const productName = (id: string) => names.get(id) ?? id;

  const products = new Map<
    string,
    { name: string; seconds: number; visits: number; decks: Set<string> }
  >();
  const pricing = new Map<string, DeckTotals>();
  const opened = new Map<string, { decks: Set<string>; visits: number }>();
  let totalSeconds = 0;
  for (const visit of visits.values()) {
    const slides = versions.get(versionKey(visit.deckId, visit.version)) ?? noSlides;
    for (const share of productSeconds(visit.slides, slides.slideProducts, productName)) {
      const product = products.get(share.productId) ?? {
        name: share.name,
        seconds: 0,
        visits: 0,
        decks: new Set<string>(),
      };
      product.seconds += share.seconds;
      product.visits += 1;
      product.decks.add(visit.deckId);
      products.set(share.productId, product);
    }
    const pricedSeconds = visit.slides
      .filter((slide) => slides.priced[slide.slide - 1] === true)
      .map((slide) => slide.seconds);
    if (pricedSeconds.some((seconds) => seconds >= pricingViewedSeconds)) {
      const deck = pricing.get(visit.deckId) ?? {
        visits: 0,
        seconds: 0,
        lastReadAt: visit.startedAt,
      };
      deck.visits += 1;
      deck.seconds += pricedSeconds.reduce((all, seconds) => all + seconds, 0);
      if (visit.startedAt > deck.lastReadAt) deck.lastReadAt = visit.startedAt;
      pricing.set(visit.deckId, deck);
    }
    const rep = opened.get(visit.ownerId) ?? { decks: new Set<string>(), visits: 0 };
    rep.decks.add(visit.deckId);
    rep.visits += 1;
    opened.set(visit.ownerId, rep);
    totalSeconds += visit.slides.reduce((all, slide) => all + slide.seconds, 0);
  }

  const decksNamed = await describeDecks(db, [...pricing.keys()]);
  const repNames = new Map(reps.map((rep) => [rep.id, rep.name]));
  for (const deck of accepted) repNames.set(deck.ownerId, deck.ownerName);
  const missing = [...opened.keys()].filter((id) => !repNames.has(id));
  for (const row of await userNames(db, missing)) repNames.set(row.id, row.name);

  const acceptedByRep = new Map<string, number>();
  for (const deck of accepted) {
    acceptedByRep.set(deck.ownerId, (acceptedByRep.get(deck.ownerId) ?? 0) + 1);
  }
  const acceptance = accepted.map((deck) => ({
    deckId: deck.deckId,
    title: deck.title,
    clientName: deck.clientName,
    ownerName: deck.ownerName,
    firstOpenedAt: deck.firstOpenedAt.toISOString(),
    acceptedAt: deck.acceptedAt.toISOString(),
    hours: tenths(
      Math.max(0, deck.acceptedAt.getTime() - deck.firstOpenedAt.getTime()) / 3_600_000,
    ),
  }));
  const openedDecks = new Set([...opened.values()].flatMap((rep) => [...rep.decks]));

  return {
    from: scope.from,
    to: scope.to,
    repId: scope.ownerId !== null && seesEveryRep(user) ? scope.ownerId : null,
    reps,
    totals: {
      visits: visits.size,
      seconds: tenths(totalSeconds),
      decksOpened: openedDecks.size,
      decksAccepted: accepted.length,
    },
    products: [...products.entries()]
      .map(([productId, product]) => ({
        productId,
        name: product.name,
        seconds: tenths(product.seconds),
        visits: product.visits,
        decks: product.decks.size,
      }))
      .sort((a, b) => b.seconds - a.seconds || a.name.localeCompare(b.name)),
    pricingRead: [...pricing.entries()]
      .flatMap(([deckId, totals]) => {
        const deck = decksNamed.get(deckId);
        return deck
          ? [
              {
                ...deck,
                visits: totals.visits,
                seconds: tenths(totals.seconds),
                lastReadAt: totals.lastReadAt.toISOString(),
              },
            ]
          : [];
      })
      .sort((a, b) => b.visits - a.visits || b.lastReadAt.localeCompare(a.lastReadAt)),
    timeToAcceptance: {
      medianHours: median(acceptance.map((deck) => deck.hours)),
      decks: acceptance.sort((a, b) => a.hours - b.hours),
    },
    repActivity: [...new Set([...opened.keys(), ...acceptedByRep.keys()])]
      .map((repId) => ({
        repId,
        name: repNames.get(repId) ?? 'Former user',
        decksOpened: opened.get(repId)?.decks.size ?? 0,
        decksAccepted: acceptedByRep.get(repId) ?? 0,
        visits: opened.get(repId)?.visits ?? 0,
      }))
      .sort((a, b) => b.decksOpened - a.decksOpened || a.name.localeCompare(b.name)),
  };
}

/** Whose decks the scope keeps, as a condition on `decks`. */
export function ownerCondition(scope: ReportScope): SQL | undefined {
  return scope.ownerId === null ? undefined : eq(decks.ownerId, scope.ownerId);
}

/** Every visit started in the range, with each slide's seconds (in one grouped statement). */
async function readVisitSlides(db: Db, scope: ReportScope) {
  const rows = await db
    .select({
      visitId: clientLinkVisits.id,
      deckId: clientLinks.deckId,
      ownerId: decks.ownerId,
      version: clientLinkVisits.version,
      startedAt: clientLinkVisits.startedAt,
      slide: clientLinkEvents.slide,
      ms: sum(clientLinkEvents.ms).mapWith(Number),
    })
    .from(clientLinkVisits)
    .innerJoin(clientLinks, eq(clientLinks.id, clientLinkVisits.linkId))
    .innerJoin(decks, eq(decks.id, clientLinks.deckId))
    .leftJoin(clientLinkEvents, eq(clientLinkEvents.visitId, clientLinkVisits.id))
    .where(
      and(
        gte(clientLinkVisits.startedAt, scope.start),
        lt(clientLinkVisits.startedAt, scope.end),
        ownerCondition(scope),
      ),
    )
    .groupBy(
      clientLinkVisits.id,
      clientLinks.deckId,
      decks.ownerId,
      clientLinkVisits.version,
      clientLinkVisits.startedAt,
      clientLinkEvents.slide,
    );
  const visits = new Map<string, VisitSlides>();
  for (const row of rows) {
    const visit = visits.get(row.visitId) ?? {
      deckId: row.deckId,
      ownerId: row.ownerId,
      version: row.version,
      startedAt: row.startedAt,
      slides: [],
    };
    if (row.slide !== null) visit.slides.push({ slide: row.slide, seconds: (row.ms ?? 0) / 1000 });
    visits.set(row.visitId, visit);
  }
  return visits;
}

/**
 * Decks accepted in the range, with when a client first opened any of their links (a deck
 * accepted without a counted open, by the team's own visit, starts at its acceptance).
 */
async function readAcceptances(db: Db, scope: ReportScope) {
  const firstOpened = db
    .select({ deckId: clientLinks.deckId, at: min(clientLinks.firstOpenedAt).as('first_opened') })
    .from(clientLinks)
    .where(isNotNull(clientLinks.firstOpenedAt))
    .groupBy(clientLinks.deckId)
    .as('first_opens');
  const rows = await db
    .select({
      deckId: decks.id,
      title: decks.title,
      clientName: decks.clientName,
      ownerId: decks.ownerId,
      ownerName: users.name,
      acceptedAt: decks.acceptedAt,
      firstOpenedAt: firstOpened.at,
    })
    .from(decks)
    .innerJoin(users, eq(users.id, decks.ownerId))
    .leftJoin(firstOpened, eq(firstOpened.deckId, decks.id))
    .where(
      and(
        gte(decks.acceptedAt, scope.start),
        lt(decks.acceptedAt, scope.end),
        ownerCondition(scope),
      ),
    );
  return rows.map((row) => {
    const acceptedAt = new Date(row.acceptedAt!);
    const opened = row.firstOpenedAt ? new Date(row.firstOpenedAt) : acceptedAt;
    return { ...row, acceptedAt, firstOpenedAt: opened < acceptedAt ? opened : acceptedAt };
  });
}

/** The reps a caller may filter by: everyone who may own decks for managers, a rep themself. */
async function listReps(db: Db, user: User) {
  if (!seesEveryRep(user)) return [{ id: user.id, name: user.name }];
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      and(
        inArray(users.role, ['sales_rep', 'manager', 'admin']),
        ne(users.status, 'removed'),
        eq(users.isTestUser, false),
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(1000);
}

async function userNames(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
}

async function describeDecks(db: Db, ids: string[]) {
  const found = new Map<
    string,
    { deckId: string; title: string; clientName: string; ownerName: string }
  >();
  for (let index = 0; index < ids.length; index += 500) {
    const rows = await db
      .select({
        deckId: decks.id,
        title: decks.title,
        clientName: decks.clientName,
        ownerName: users.name,
      })
      .from(decks)
      .innerJoin(users, eq(users.id, decks.ownerId))
      .where(inArray(decks.id, ids.slice(index, index + 500)));
    for (const row of rows) found.set(row.deckId, row);
  }
  return found;
}

const tenths = (value: number) => Math.round(value * 10) / 10;

function median(values: number[]) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? sorted[middle]!
    : tenths((sorted[middle - 1]! + sorted[middle]!) / 2);
}
