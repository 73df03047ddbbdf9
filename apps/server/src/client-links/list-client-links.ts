import { desc, eq, sql, sum } from 'drizzle-orm';
import type { ClientLink, ClientLinksResponse, ClientLinksSummary } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import type { Db } from '../db/database.ts';
import { clientLinkEvents, clientLinks, clientLinkVisits, deckVersions } from '../db/schema.ts';
import { isVersionCleared } from '../deal-desk/version-clearance.ts';
import { loadDeckFor, type DeckRow } from '../decks/deck-access.ts';
import type { Services } from '../services.ts';
import {
  loadLinkStats,
  loadUserNames,
  toClientLink,
  type ClientLinkRow,
} from './client-link-rows.ts';
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
  const [stats, creators, mostViewedSlide, cleared] = await Promise.all([
    loadLinkStats(services.db, ids),
    loadUserNames(
      services.db,
      rows.map((row) => row.createdBy),
    ),
    findMostViewedSlide(services.db, deck.id),
    loadClearedVersions(services.db, deck.id),
  ]);
  const now = services.clock.now();
  const links = rows.map((row) =>
    withShownVersion(
      toClientLink(row, {
        stats: stats.get(row.id),
        createdBy: row.createdBy ? (creators.get(row.createdBy) ?? null) : null,
        now,
      }),
      row,
      deck,
      cleared,
    ),
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

/** Whether each version of the deck may be shown to a client, by number. */
async function loadClearedVersions(db: Db, deckId: string) {
  const rows = await db
    .select({
      number: deckVersions.number,
      dealCheck: deckVersions.dealCheck,
      approvedBy: deckVersions.approvedBy,
    })
    .from(deckVersions)
    .where(eq(deckVersions.deckId, deckId));
  return new Map(rows.map((row) => [row.number, isVersionCleared(row)]));
}

/**
 * What the client sees through the link now and whether they can accept it, by the rules the
 * client's page follows (resolve-client-link.ts, proposals/client-acceptance.ts): a pinned link
 * shows and accepts its version once cleared; a following link shows the newest cleared version
 * and accepts only the deck's newest, so while that awaits approval the client cannot accept.
 */
function withShownVersion(
  link: ClientLink,
  row: ClientLinkRow,
  deck: Pick<DeckRow, 'currentVersion' | 'acceptedAt'>,
  cleared: Map<number, boolean>,
): ClientLink {
  const offered = row.pinnedVersion ?? deck.currentVersion;
  const newestCleared = Math.max(
    0,
    ...[...cleared].filter(([, isCleared]) => isCleared).map(([number]) => number),
  );
  const shown = row.pinnedVersion ?? newestCleared;
  const shownVersion = shown > 0 && cleared.get(shown) ? shown : null;
  if (!link.acceptance?.enabled) return { ...link, shownVersion };
  const state = deck.acceptedAt ? 'accepted' : cleared.get(offered) ? 'open' : 'awaiting_approval';
  return { ...link, shownVersion, acceptance: { ...link.acceptance, state } };
}
