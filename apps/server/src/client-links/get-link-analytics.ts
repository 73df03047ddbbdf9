import { and, asc, count, desc, eq, inArray, max, sql, sum } from 'drizzle-orm';
import { clientLinkMessages, type ClientLinkAnalytics, isUuid } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import type { Db } from '../db/database.ts';
import {
  clientLinkClicks,
  clientLinkEvents,
  clientLinkVisits,
  deckVersions,
} from '../db/schema.ts';
import { loadDeckFor } from '../decks/deck-access.ts';
import { productEngagement } from '../engagement/product-engagement.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { describeLink, findDeckLink } from './client-link-rows.ts';

/** Visits listed on the analytics page; older ones still count in the sums. */
export const visitListLimit = 200;

/**
 * What one link's client did: time and views per slide of the deck (every slide, viewed or
 * not) and the visits, newest first, with the slides each reached.
 */
export async function getLinkAnalytics(
  services: Services,
  { user, deckId, linkId }: { user: User; deckId: string; linkId: string },
): Promise<ClientLinkAnalytics> {
  const deck = await loadDeckFor(services, { user, deckId, need: 'manage' });
  const link = isUuid(linkId) ? await findDeckLink(services.db, deck.id, linkId) : undefined;
  if (!link) throw new AppError('not_found', clientLinkMessages.linkNotFound);
  const { db } = services;

  const [perSlide, visits, clicks, products] = await Promise.all([
    db
      .select({
        version: clientLinkVisits.version,
        slide: clientLinkEvents.slide,
        totalMs: sum(clientLinkEvents.ms),
        // Pieces of one look share a view number within their visit.
        views: sql<number>`count(distinct (${clientLinkEvents.visitId}, ${clientLinkEvents.view}))`,
      })
      .from(clientLinkEvents)
      .innerJoin(clientLinkVisits, eq(clientLinkVisits.id, clientLinkEvents.visitId))
      .where(eq(clientLinkVisits.linkId, link.id))
      .groupBy(clientLinkVisits.version, clientLinkEvents.slide),
    db
      .select()
      .from(clientLinkVisits)
      .where(eq(clientLinkVisits.linkId, link.id))
      .orderBy(desc(clientLinkVisits.startedAt), desc(clientLinkVisits.id))
      .limit(visitListLimit),
    db
      .select({
        version: clientLinkVisits.version,
        slide: clientLinkClicks.slide,
        text: clientLinkClicks.text,
        href: clientLinkClicks.href,
        clicks: count(),
        lastClickedAt: max(clientLinkClicks.clickedAt),
      })
      .from(clientLinkClicks)
      .innerJoin(clientLinkVisits, eq(clientLinkVisits.id, clientLinkClicks.visitId))
      .where(eq(clientLinkVisits.linkId, link.id))
      .groupBy(
        clientLinkVisits.version,
        clientLinkClicks.slide,
        clientLinkClicks.link,
        clientLinkClicks.text,
        clientLinkClicks.href,
      ),
    productEngagement(db, { deckId: deck.id, linkId: link.id, now: services.clock.now() }),
  ]);
  const slidesByVisit = new Map<string, number[]>();
  if (visits.length > 0) {
    const reached = await db
      .selectDistinct({ visitId: clientLinkEvents.visitId, slide: clientLinkEvents.slide })
      .from(clientLinkEvents)
      .where(
        inArray(
          clientLinkEvents.visitId,
          visits.map((visit) => visit.id),
        ),
      )
      .orderBy(asc(clientLinkEvents.visitId), asc(clientLinkEvents.slide));
    for (const row of reached) {
      const slides = slidesByVisit.get(row.visitId) ?? [];
      slides.push(row.slide);
      slidesByVisit.set(row.visitId, slides);
    }
  }

  const shown = link.pinnedVersion ?? deck.currentVersion;
  const seen = [...new Set(perSlide.map((row) => row.version))].filter((v) => v !== shown);
  const clicked = clicks.map((row) => row.version);
  const versions = await loadVersionsSlides(db, deck.id, [
    ...new Set([shown, ...seen, ...clicked]),
  ]);
  const statsOf = (version: number) => {
    const titles = versions.get(version) ?? { slideCount: 0, slideTitles: [] };
    const rows = perSlide.filter((row) => row.version === version);
    const count = Math.max(titles.slideCount, ...rows.map((row) => row.slide));
    const bySlide = new Map(rows.map((row) => [row.slide, row]));
    return Array.from({ length: count }, (_, index) => {
      const stats = bySlide.get(index + 1);
      return {
        slide: index + 1,
        title: slideTitle(titles.slideTitles, index + 1),
        totalMs: Number(stats?.totalMs ?? 0),
        views: Number(stats?.views ?? 0),
      };
    });
  };
  const slides = statsOf(shown);
  return {
    link: await describeLink(db, link, services.clock.now()),
    deck: { id: deck.id, title: deck.title, clientName: deck.clientName },
    version: shown,
    slideCount: slides.length,
    slides,
    earlierVersions: seen
      .sort((a, b) => b - a)
      .map((version) => ({ version, slides: statsOf(version) })),
    visits: visits.map((visit) => ({
      id: visit.id,
      startedAt: visit.startedAt.toISOString(),
      durationMs: visit.totalMs,
      slidesViewed: slidesByVisit.get(visit.id) ?? [],
      version: visit.version,
      verifiedEmail: visit.verifiedEmail,
    })),
    linkClicks: clicks
      .map((row) => ({
        version: row.version,
        slide: row.slide,
        title: slideTitle(versions.get(row.version)?.slideTitles ?? [], row.slide),
        text: row.text,
        href: row.href,
        clicks: Number(row.clicks),
        lastClickedAt: new Date(row.lastClickedAt ?? 0).toISOString(),
      }))
      .sort(
        (a, b) =>
          b.clicks - a.clicks ||
          b.lastClickedAt.localeCompare(a.lastClickedAt) ||
          a.slide - b.slide,
      ),
    productEngagement: products,
  };
}

/** The slide count and slide titles of some versions of a deck. */
export async function loadVersionsSlides(db: Db, deckId: string, numbers: number[]) {
  if (numbers.length === 0) return new Map<number, { slideCount: number; slideTitles: string[] }>();
  const rows = await db
    .select({
      number: deckVersions.number,
      slideCount: deckVersions.slideCount,
      slideTitles: deckVersions.slideTitles,
    })
    .from(deckVersions)
    .where(and(eq(deckVersions.deckId, deckId), inArray(deckVersions.number, numbers)));
  return new Map(rows.map((row) => [row.number, row]));
}

/** A slide's title as its version had it; decks made before titles were kept say "Slide n". */
export function slideTitle(titles: string[], slide: number) {
  return titles[slide - 1] || `Slide ${slide}`;
}
