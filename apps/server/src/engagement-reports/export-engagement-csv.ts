import { and, asc, eq, gt, gte, inArray, lt, or, sum, type SQL } from 'drizzle-orm';
import {
  engagementCsvColumns,
  type EngagementCsvRows,
  type EngagementQuery,
} from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { slideTitle } from '../client-links/get-link-analytics.ts';
import type { Db } from '../db/database.ts';
import { clientLinkEvents, clientLinks, clientLinkVisits, decks, users } from '../db/schema.ts';
import { loadDeckFor } from '../decks/deck-access.ts';
import { deckFileDisposition } from '../decks/download-name.ts';
import { productSeconds } from '../engagement/product-seconds.ts';
import { productNames } from '../price-book/price-book.ts';
import type { Services } from '../services.ts';
import { csvByteOrderMark, csvLine, type CsvValue } from './csv-text.ts';
import { ownerCondition } from './get-engagement-report.ts';
import { reportScope } from './report-scope.ts';
import { loadVersionSlides, noSlides, versionKey, type VersionSlides } from './version-slides.ts';

/** Visits read a statement: an export of 100,000 rows holds a few thousand at a time. */
export const visitsPerPage = 500;

/** A CSV download: its file name header and its text, produced a page of visits at a time. */
export type CsvExport = { disposition: string; lines: AsyncIterable<string> };

/**
 * A deck's visits as CSV, for whoever manages the deck (owner, manager, admin; anyone else is
 * told it does not exist): one row per visit and slide, or per visit and product; with
 * `linkId`, only that link's visits (none when it is another deck's).
 */
export async function exportDeckEngagement(
  services: Pick<Services, 'db'>,
  {
    user,
    deckId,
    rows,
    linkId,
  }: { user: User; deckId: string; rows: EngagementCsvRows; linkId?: string | undefined },
): Promise<CsvExport> {
  const deck = await loadDeckFor(services, { user, deckId, need: 'manage', allowUnready: true });
  const where = and(
    eq(clientLinks.deckId, deck.id),
    linkId === undefined ? undefined : eq(clientLinks.id, linkId),
  );
  return {
    disposition: deckFileDisposition(
      `${deck.title} - ${rows === 'slides' ? 'slide' : 'product'} times`,
      'csv',
    ),
    lines: engagementLines(services.db, {
      where,
      rows,
      withDeck: false,
    }),
  };
}

/**
 * Visits across decks over the report's range and rep as CSV: the deck's columns (deck,
 * client, owner) first. Managers and admins export every rep's decks, a rep their own.
 */
export async function exportEngagement(
  services: Pick<Services, 'db' | 'clock'>,
  { user, query, rows }: { user: User; query: EngagementQuery; rows: EngagementCsvRows },
): Promise<CsvExport> {
  const scope = reportScope(user, services.clock, query);
  const where = and(
    gte(clientLinkVisits.startedAt, scope.start),
    lt(clientLinkVisits.startedAt, scope.end),
    ownerCondition(scope),
  );
  const what = rows === 'slides' ? 'slide' : 'product';
  return {
    disposition: deckFileDisposition(
      `Engagement ${scope.from} to ${scope.to} - ${what} times`,
      'csv',
    ),
    lines: engagementLines(services.db, { where, rows, withDeck: true }),
  };
}

type VisitRow = {
  id: string;
  startedAt: Date;
  version: number;
  verifiedEmail: string | null;
  recipient: string;
  deckId: string;
  deckTitle: string;
  clientName: string;
  ownerName: string;
};

/**
 * The file's lines: the byte order mark and the header, then the visits oldest first, a page at
 * a time (keyset on start and id), each page's slide seconds read in one grouped statement.
 */
async function* engagementLines(
  db: Db,
  { where, rows, withDeck }: { where: SQL | undefined; rows: EngagementCsvRows; withDeck: boolean },
): AsyncGenerator<string> {
  yield (
    csvByteOrderMark +
    csvLine([...(withDeck ? engagementCsvColumns.deck : []), ...engagementCsvColumns[rows]])
  );
  const names = await productNames(db);
  const productName = (id: string) => names.get(id) ?? id;
  const versions = new Map<string, VersionSlides>();
  let after: { startedAt: Date; id: string } | undefined;
  for (;;) {
    const page: VisitRow[] = await db
      .select({
        id: clientLinkVisits.id,
        startedAt: clientLinkVisits.startedAt,
        version: clientLinkVisits.version,
        verifiedEmail: clientLinkVisits.verifiedEmail,
        recipient: clientLinks.recipientName,
        deckId: decks.id,
        deckTitle: decks.title,
        clientName: decks.clientName,
        ownerName: users.name,
      })
      .from(clientLinkVisits)
      .innerJoin(clientLinks, eq(clientLinks.id, clientLinkVisits.linkId))
      .innerJoin(decks, eq(decks.id, clientLinks.deckId))
      .innerJoin(users, eq(users.id, decks.ownerId))
      .where(
        and(
          where,
          after &&
            or(
              gt(clientLinkVisits.startedAt, after.startedAt),
              and(
                eq(clientLinkVisits.startedAt, after.startedAt),
                gt(clientLinkVisits.id, after.id),
              ),
            ),
        ),
      )
      .orderBy(asc(clientLinkVisits.startedAt), asc(clientLinkVisits.id))
      .limit(visitsPerPage);
    if (page.length === 0) return;
    const unread = page.filter((visit) => !versions.has(versionKey(visit.deckId, visit.version)));
    for (const [key, slides] of await loadVersionSlides(db, unread)) versions.set(key, slides);
    const seconds = await slideSecondsOf(
      db,
      page.map((visit) => visit.id),
    );

    let text = '';
    for (const visit of page) {
      const slides = seconds.get(visit.id) ?? [];
      const version = versions.get(versionKey(visit.deckId, visit.version)) ?? noSlides;
      const lead: CsvValue[] = [
        ...(withDeck ? [visit.deckTitle, visit.clientName, visit.ownerName] : []),
        visit.id,
        visit.recipient,
        visit.startedAt.toISOString(),
        visit.verifiedEmail,
      ];
      if (rows === 'slides') {
        for (const { slide, ms } of slides) {
          text += csvLine([...lead, slide, slideTitle(version.slideTitles, slide), ms / 1000]);
        }
      } else {
        const shares = productSeconds(
          slides.map(({ slide, ms }) => ({ slide, seconds: ms / 1000 })),
          version.slideProducts,
          productName,
        );
        for (const share of shares) text += csvLine([...lead, share.name, share.seconds]);
      }
    }
    yield text;
    if (page.length < visitsPerPage) return;
    const last = page.at(-1)!;
    after = { startedAt: last.startedAt, id: last.id };
  }
}

/** Each visit's milliseconds per slide, slides in order. */
async function slideSecondsOf(db: Db, visitIds: string[]) {
  const rows = await db
    .select({
      visitId: clientLinkEvents.visitId,
      slide: clientLinkEvents.slide,
      ms: sum(clientLinkEvents.ms).mapWith(Number),
    })
    .from(clientLinkEvents)
    .where(inArray(clientLinkEvents.visitId, visitIds))
    .groupBy(clientLinkEvents.visitId, clientLinkEvents.slide)
    .orderBy(asc(clientLinkEvents.visitId), asc(clientLinkEvents.slide));
  const byVisit = new Map<string, { slide: number; ms: number }[]>();
  for (const row of rows) {
    const slides = byVisit.get(row.visitId) ?? [];
    slides.push({ slide: row.slide, ms: row.ms ?? 0 });
    byVisit.set(row.visitId, slides);
  }
  return byVisit;
}
