import type { AuditAction, AuditTargetKind } from '@deck-portal/domain';
import { requestAddress } from '../http/request-address.ts';
import type { Db } from '../db/database.ts';
import { auditLog } from '../db/schema.ts';

export type AuditEntry = {
  actorId: string | null;
  action: AuditAction;
  /** The user concerned (the one approved, the deck's owner). */
  target?: { id: string | null; email: string | null };
  /**
   * What was acted on, when it is not the user: its kind, id and name as it is now. Without it a
   * row that names a user is about that user.
   */
  subject?: { kind: AuditTargetKind; id: string; label: string | null };
  oldValue?: string | null;
  newValue?: string | null;
  at: Date;
};

/**
 * Writes who did what to what, inside the transaction of the change itself, with the address of
 * the request being answered (none for jobs and the command line).
 */
export async function recordAudit(tx: Db, entry: AuditEntry) {
  const user = entry.target;
  const isAboutUser = !entry.subject && (user?.id || user?.email);
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetUserId: user?.id ?? null,
    targetEmail: user?.email ?? null,
    targetKind: entry.subject?.kind ?? (isAboutUser ? 'user' : null),
    targetId: entry.subject?.id ?? (isAboutUser ? (user?.id ?? null) : null),
    targetLabel: entry.subject?.label ?? (isAboutUser ? (user?.email ?? null) : null),
    ip: requestAddress(),
    oldValue: entry.oldValue ?? null,
    newValue: entry.newValue ?? null,
    createdAt: entry.at,
  });
}
