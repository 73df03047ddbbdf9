import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import { productName, type PriceBook } from '@deck-portal/domain';
import type { Db } from '../db/database.ts';
import {
  clientLinkEvents,
  clientLinkVisits,
  clientLinks,
  deckVersions,
  decks,
} from '../db/schema.ts';
import { slideTitle } from '../client-links/get-link-analytics.ts';
import { productSeconds } from '../engagement/product-seconds.ts';
import type { Services } from '../services.ts';
import { deckOfEvent, linkEventSubject, linkOfEvent } from './event-data.ts';
import { recordEvent } from './record-event.ts';

/** A visit with no events for this long is over: its page was left open, or closed unheard. */
export const visitQuietEndMs = 10 * 60_000;

/** Visits ended by one sweep at most; the next minute's sweep takes the rest. */
const sweepBatch = 200;

const emptyBook: PriceBook = { products: [] };

/**
 * Ends a visit once (ADR 045): marks it ended and records `visit.ended` with its seconds by slide
 * and by product, as the version the client saw has them. Ending an ended visit does nothing, so
 * the page's last word and the sweep may race. Answers whether this call ended it.
 */
export async function endVisit(
  services: Pick<Services, 'db' | 'clock'>,
  visitId: string,
  /** The link the visit must be of (the client's page names its visit). */
  linkId?: string,
): Promise<boolean> {
  return services.db.transaction(async (tx) => {
    const now = services.clock.now();
    const [ended] = await tx
      .update(clientLinkVisits)
      .set({ endedAt: now })
      .where(
        and(
          eq(clientLinkVisits.id, visitId),
          linkId ? eq(clientLinkVisits.linkId, linkId) : undefined,
          isNull(clientLinkVisits.endedAt),
        ),
      )
      .returning();
    if (!ended) return false;
    await recordVisitEnded(tx, services, ended);
    return true;
  });
}

async function recordVisitEnded(
  tx: Db,
  services: Pick<Services, 'clock'>,
  visit: typeof clientLinkVisits.$inferSelect,
) {
  const [found] = await tx
    .select({ link: clientLinks, deck: decks })
    .from(clientLinks)
    .innerJoin(decks, eq(decks.id, clientLinks.deckId))
    .where(eq(clientLinks.id, visit.linkId));
  if (!found) return;
  const { link, deck } = found;
  const [version] = await tx
    .select({
      slideTitles: deckVersions.slideTitles,
      slideProducts: deckVersions.slideProducts,
      priceBook: deckVersions.priceBook,
    })
    .from(deckVersions)
    .where(and(eq(deckVersions.deckId, deck.id), eq(deckVersions.number, visit.version)));
  const perSlide = await tx
    .select({
      slide: clientLinkEvents.slide,
      ms: sql<number>`sum(${clientLinkEvents.ms})::bigint`.mapWith(Number),
    })
    .from(clientLinkEvents)
    .where(eq(clientLinkEvents.visitId, visit.id))
    .groupBy(clientLinkEvents.slide)
    .orderBy(asc(clientLinkEvents.slide));
  const titles = version?.slideTitles ?? [];
  const slides = perSlide.map(({ slide, ms }) => ({
    slide,
    title: slideTitle(titles, slide),
    seconds: Math.round(ms / 100) / 10,
  }));
  const book = version?.priceBook ?? emptyBook;
  const products = productSeconds(
    perSlide.map(({ slide, ms }) => ({ slide, seconds: ms / 1000 })),
    version?.slideProducts ?? [],
    (id) => productName(book, id),
  );
  await recordEvent(tx, services.clock, {
    type: 'visit.ended',
    ...linkEventSubject(deck, link),
    visitId: visit.id,
    data: {
      deck: deckOfEvent(deck),
      link: linkOfEvent(link),
      visit: {
        id: visit.id,
        startedAt: visit.startedAt.toISOString(),
        endedAt: visit.endedAt!.toISOString(),
        version: visit.version,
        verifiedEmail: visit.verifiedEmail,
      },
      totalSeconds: Math.round(perSlide.reduce((sum, { ms }) => sum + ms, 0) / 100) / 10,
      slides,
      products,
    },
  });
}

/**
 * Ends the visits quiet for `visitQuietEndMs` (their last events, or their start when they sent
 * none): the sweep's work each minute. Answers how many it ended.
 */
export async function endQuietVisits(services: Pick<Services, 'db' | 'clock'>): Promise<number> {
  const before = new Date(services.clock.now().getTime() - visitQuietEndMs);
  const quiet = await services.db
    .select({ id: clientLinkVisits.id })
    .from(clientLinkVisits)
    .where(
      and(
        isNull(clientLinkVisits.endedAt),
        lt(sql`coalesce(${clientLinkVisits.lastEventAt}, ${clientLinkVisits.startedAt})`, before),
      ),
    )
    .limit(sweepBatch);
  let count = 0;
  for (const { id } of quiet) if (await endVisit(services, id)) count += 1;
  return count;
}

/** Whether `visitId` is a visit of the link `linkId`. */
export async function isVisitOf(
  services: Pick<Services, 'db'>,
  visitId: string,
  linkId: string,
): Promise<boolean> {
  const [found] = await services.db
    .select({ id: clientLinkVisits.id })
    .from(clientLinkVisits)
    .where(and(eq(clientLinkVisits.id, visitId), eq(clientLinkVisits.linkId, linkId)));
  return found !== undefined;
}
