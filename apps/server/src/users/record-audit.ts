import type { AuditAction } from '@deck-portal/domain';
import type { Db } from '../db/database.ts';
import { auditLog } from '../db/schema.ts';

export type AuditEntry = {
  actorId: string | null;
  action: AuditAction;
  target?: { id: string | null; email: string | null };
  oldValue?: string | null;
  newValue?: string | null;
  at: Date;
};

/** Writes who did what to whom, inside the transaction of the change itself. */
export async function recordAudit(tx: Db, entry: AuditEntry) {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetUserId: entry.target?.id ?? null,
    targetEmail: entry.target?.email ?? null,
    oldValue: entry.oldValue ?? null,
    newValue: entry.newValue ?? null,
    createdAt: entry.at,
  });
}
