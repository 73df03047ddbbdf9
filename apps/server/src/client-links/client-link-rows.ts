import { eq, inArray, max, sql, sum } from 'drizzle-orm';
import type { ClientLink, ClientLinkStatus } from '@deck-portal/domain';
import type { Db } from '../db/database.ts';
import { clientLinks, clientLinkVisits, users } from '../db/schema.ts';

export type ClientLinkRow = typeof clientLinks.$inferSelect;

export type LinkStats = { opens: number; lastOpenedAt: Date | null; totalViewMs: number };
const noStats: LinkStats = { opens: 0, lastOpenedAt: null, totalViewMs: 0 };

/** Revoked wins over expired: the rep's own act is the better reason to show. */
export function linkStatus(link: ClientLinkRow, now: Date): ClientLinkStatus {
  if (link.revokedAt) return 'revoked';
  if (link.expiresAt && link.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/**
 * Opens, last open and time viewed of each link, from its visits. Opens are viewers: the
 * visits of one browser (one viewer cookie) count once; a visit from before viewers were
 * told apart has no viewer and counts alone.
 */
export async function loadLinkStats(db: Db, linkIds: string[]): Promise<Map<string, LinkStats>> {
  if (linkIds.length === 0) return new Map();
  const rows = await db
    .select({
      linkId: clientLinkVisits.linkId,
      opens: sql<number>`count(distinct ${clientLinkVisits.viewerHash}) + count(*) filter (where ${clientLinkVisits.viewerHash} is null)`,
      lastOpenedAt: max(clientLinkVisits.startedAt),
      totalViewMs: sum(clientLinkVisits.totalMs),
    })
    .from(clientLinkVisits)
    .where(inArray(clientLinkVisits.linkId, linkIds))
    .groupBy(clientLinkVisits.linkId);
  return new Map(
    rows.map((row) => [
      row.linkId,
      {
        opens: Number(row.opens),
        lastOpenedAt: row.lastOpenedAt ? new Date(row.lastOpenedAt) : null,
        totalViewMs: Number(row.totalViewMs ?? 0),
      },
    ]),
  );
}

/** The names of accounts by id (an id whose account is gone is simply absent). */
export async function loadUserNames(db: Db, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id) => id !== null))];
  if (wanted.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export function toClientLink(
  link: ClientLinkRow,
  { stats = noStats, createdBy, now }: { stats?: LinkStats; createdBy: string | null; now: Date },
): ClientLink {
  return {
    id: link.id,
    recipientName: link.recipientName,
    recipientEmail: link.recipientEmail,
    createdAt: link.createdAt.toISOString(),
    createdBy,
    expiresAt: link.expiresAt?.toISOString() ?? null,
    revokedAt: link.revokedAt?.toISOString() ?? null,
    status: linkStatus(link, now),
    hasPasscode: link.passcodeHash !== null,
    allowDownload: link.allowDownload,
    pinnedVersion: link.pinnedVersion,
    opens: stats.opens,
    lastOpenedAt: stats.lastOpenedAt?.toISOString() ?? null,
    totalViewMs: stats.totalViewMs,
    acceptance: { enabled: link.acceptanceEnabled, optionalProductIds: link.optionalProductIds },
    versionAtCreation: link.versionAtCreation,
    requireEmail: link.requireEmail,
    allowedDomains: link.allowedDomains,
  };
}

/** One link as the rep sees it, with its figures. */
export async function describeLink(db: Db, link: ClientLinkRow, now: Date): Promise<ClientLink> {
  const [stats, creators] = await Promise.all([
    loadLinkStats(db, [link.id]),
    loadUserNames(db, [link.createdBy]),
  ]);
  return toClientLink(link, {
    stats: stats.get(link.id),
    createdBy: link.createdBy ? (creators.get(link.createdBy) ?? null) : null,
    now,
  });
}

/** A link of a deck by id; undefined when the id is malformed or names another deck's link. */
export async function findDeckLink(db: Db, deckId: string, linkId: string) {
  const [link] = await db.select().from(clientLinks).where(eq(clientLinks.id, linkId));
  return link && link.deckId === deckId ? link : undefined;
}
