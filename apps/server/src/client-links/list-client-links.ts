import { desc, eq, sql, sum } from 'drizzle-orm';
import type { ClientLinksResponse, ClientLinksSummary } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import type { Db } from '../db/database.ts';
import { clientLinkEvents, clientLinks, clientLinkVisits } from '../db/schema.ts';
import { loadDeckFor } from '../decks/deck-access.ts';
import type { Services } from '../services.ts';
import { loadLinkStats, loadUserNames, toClientLink } from './client-link-rows.ts';
import { loadVersionsSlides, slideTitle } from './get-link-analytics.ts';

/** A deck's links, newest first, each with its figures, and the deck-level summary. */
export async function listClientLinks(
  services: Services,
  { user, deckId }: { user: User; deckId: string },
): Promise<ClientLinksResponse> {
  const deck = await loadDeckFor(services, { user, deckId, need: 'manage' });
  const rows = await services.db
    .select()
    .from(clientLinks)
    .where(eq(clientLinks.deckId, deck.id))
    .orderBy(desc(clientLinks.createdAt), desc(clientLinks.id));
  const ids = rows.map((row) => row.id);
  const [stats, creators, mostViewedSlide] = await Promise.all([
    loadLinkStats(services.db, ids),
    loadUserNames(
      services.db,
      rows.map((row) => row.createdBy),
    ),
    findMostViewedSlide(services.db, deck.id),
  ]);
  const now = services.clock.now();
  const links = rows.map((row) =>
    toClientLink(row, {
      stats: stats.get(row.id),
      createdBy: row.createdBy ? (creators.get(row.createdBy) ?? null) : null,
      now,
    }),
  );
  const openedBy = new Set(
    links.filter((link) => link.opens > 0).map((link) => link.recipientEmail.toLowerCase()),
  );
  const summary: ClientLinksSummary = {
    links: links.length,
    opens: links.reduce((total, link) => total + link.opens, 0),
    uniqueRecipients: openedBy.size,
    mostViewedSlide,
  };
  return { links, summary };
}

/** The slide on screen longest over every link of the deck (the lower number on a tie). */
async function findMostViewedSlide(db: Db, deckId: string) {
  const totalMs = sum(clientLinkEvents.ms);
  const [row] = await db
    .select({ version: clientLinkVisits.version, slide: clientLinkEvents.slide, totalMs })
    .from(clientLinkEvents)
    .innerJoin(clientLinkVisits, eq(clientLinkVisits.id, clientLinkEvents.visitId))
    .innerJoin(clientLinks, eq(clientLinks.id, clientLinkVisits.linkId))
    .where(eq(clientLinks.deckId, deckId))
    .groupBy(clientLinkVisits.version, clientLinkEvents.slide)
    .orderBy(
      desc(sql`sum(${clientLinkEvents.ms})`),
      desc(clientLinkVisits.version),
      clientLinkEvents.slide,
    )
    .limit(1);
  if (!row) return null;
  const titles = (await loadVersionsSlides(db, deckId, [row.version])).get(row.version);
  return {
    slide: row.slide,
    title: slideTitle(titles?.slideTitles ?? [], row.slide),
    version: row.version,
    totalMs: Number(row.totalMs ?? 0),
  };
}
