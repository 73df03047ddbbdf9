import {
  and,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  isActorId,
  isUuid,
  type AuditEntry,
  type AuditFilter,
  type AuditPage,
} from '@deck-portal/domain';
import { auditLog, users } from '../db/schema.ts';
import { readListCursor, writeListCursor } from '../http/list-cursor.ts';
import type { Services } from '../services.ts';

/** The start of a day named alone (`2026-11-29`), in UTC. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * What a row names when it names a user and nothing else: rows written before audit rows had a
 * kind of target say only the user.
 */
const aboutUserOnly = and(
  isNull(auditLog.targetKind),
  or(isNotNull(auditLog.targetUserId), isNotNull(auditLog.targetEmail)),
)!;

/** The conditions of a filter (each one narrows; none lists every row). */
function auditFilters(filter: AuditFilter): SQL[] {
  const filters: SQL[] = [];
  if (filter.actor !== undefined) {
    const actor = filter.actor;
    filters.push(
      isActorId(actor)
        ? eq(auditLog.actorId, actor)
        : inArray(
            auditLog.actorId,
            sql`(select ${users.id} from ${users} where ${users.email} = ${actor.toLowerCase()})`,
          ),
    );
  }
  if (filter.action !== undefined && filter.action.length > 0) {
    filters.push(inArray(auditLog.action, filter.action));
  }
  if (filter.targetKind !== undefined) {
    filters.push(
      filter.targetKind === 'user'
        ? or(eq(auditLog.targetKind, 'user'), aboutUserOnly)!
        : eq(auditLog.targetKind, filter.targetKind),
    );
  }
  if (filter.targetId !== undefined) {
    const id = filter.targetId;
    filters.push(
      isUuid(id)
        ? or(eq(auditLog.targetId, id), and(aboutUserOnly, eq(auditLog.targetUserId, id)))!
        : eq(auditLog.targetId, id),
    );
  }
  if (filter.from !== undefined) {
    filters.push(
      gte(auditLog.createdAt, isDay(filter.from) ? startOfDay(filter.from) : new Date(filter.from)),
    );
  }
  if (filter.to !== undefined) {
    if (isDay(filter.to)) {
      const next = startOfDay(filter.to);
      next.setUTCDate(next.getUTCDate() + 1);
      filters.push(lt(auditLog.createdAt, next));
    } else {
      filters.push(lte(auditLog.createdAt, new Date(filter.to)));
    }
  }
  return filters;
}

type AuditRow = {
  id: string;
  createdAt: Date;
  position: string;
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  action: string;
  targetKind: string | null;
  targetId: string | null;
  targetLabel: string | null;
  targetUserId: string | null;
  targetEmail: string | null;
  oldValue: string | null;
  newValue: string | null;
  ip: string | null;
};

/**
 * `GET /api/admin/audit` (admins): one page of the rows a filter keeps, newest first, from a
 * position (`cursor`) on: `limit` rows and the position after the last, read by key, so a row
 * written meanwhile neither repeats nor hides one.
 */
export async function listAuditEntries(
  { db }: Pick<Services, 'db'>,
  { filter, cursor, limit }: { filter: AuditFilter; cursor?: string | undefined; limit: number },
): Promise<AuditPage> {
  const filters = auditFilters(filter);
  if (cursor !== undefined) {
    const after = readListCursor(cursor, 'cursor');
    filters.push(
      sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
    );
  }
  const rows: AuditRow[] = await db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      position: sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      actorId: auditLog.actorId,
      actorName: users.name,
      actorEmail: users.email,
      action: auditLog.action,
      targetKind: auditLog.targetKind,
      targetId: auditLog.targetId,
      targetLabel: auditLog.targetLabel,
      targetUserId: auditLog.targetUserId,
      targetEmail: auditLog.targetEmail,
      oldValue: auditLog.oldValue,
      newValue: auditLog.newValue,
      ip: auditLog.ip,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(...filters))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    // One more than a page says whether there is a next one.
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    entries: page.map(auditEntryOf),
    nextCursor: rows.length > limit && last ? writeListCursor(last.position, last.id) : null,
  };
}

/** A row as the screen and the export read it. */
function auditEntryOf(row: AuditRow): AuditEntry {
  const isAboutUser =
    row.targetKind === null && (row.targetUserId !== null || row.targetEmail !== null);
  const kind = row.targetKind ?? (isAboutUser ? 'user' : null);
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actor:
      row.actorId === null ? null : { id: row.actorId, name: row.actorName, email: row.actorEmail },
    action: row.action,
    target:
      kind === null
        ? null
        : {
            kind,
            id: row.targetId ?? (isAboutUser ? row.targetUserId : null),
            label: row.targetLabel ?? (isAboutUser ? row.targetEmail : null),
            userEmail: row.targetEmail,
          },
    oldValue: row.oldValue,
    newValue: row.newValue,
    address: row.ip,
  };
}
