import { eq } from 'drizzle-orm';
import { approvalMessages, type ApprovalRequest, approvalsPath } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { approvalRequests, notifications, users } from '../db/schema.ts';
import { loadDeckFor } from '../decks/deck-access.ts';
import { loadVersion } from '../decks/deck-versions.ts';
import { AppError } from '../http/app-error.ts';
import { sendMails } from '../mail/send-mail.ts';
import { approvalRequestedMail } from '../mail/templates/approval-requested-mail.tsx';
import type { Services } from '../services.ts';
import { deckSubject } from '../audit/audit-subjects.ts';
import { recordAudit } from '../users/record-audit.ts';
import { deckOfEvent } from '../events/event-data.ts';
import { recordEvent } from '../events/record-event.ts';
import {
  approversOf,
  loadApprovalRequests,
  rulesOfRows,
  toApprovalRequest,
} from './approval-rows.ts';
import { decisionRulesOf } from './decision-rules.ts';
import { isVersionCleared } from './version-clearance.ts';

/**
 * Puts the newest version's prices to an approver: refused (409) when they need no approval or
 * a request already waits. Every approved user who may decide it is told in-app and by mail, in
 * the transaction that stores the request: never whoever set the prices or asked. Who must
 * approve is worked out again under today's limits: prices deeper than a manager may give go
 * to an administrator, whoever asks.
 */
export async function requestApproval(
  services: Pick<Services, 'db' | 'clock' | 'config'>,
  { user, deckId, note }: { user: User; deckId: string; note: string },
): Promise<ApprovalRequest> {
  const deck = await loadDeckFor(services, { user, deckId, need: 'manage' });
  const version = await loadVersion(services.db, deck.id, deck.currentVersion);
  const check = version.dealCheck;
  if (!check?.needsApproval || !check.approverRole || isVersionCleared(version)) {
    throw new AppError('approval_not_needed', approvalMessages.notNeeded, { status: 409 });
  }
  const now = services.clock.now();
  const [owner] = await services.db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, deck.ownerId));
  const rules = await decisionRulesOf(services, {
    deckId: deck.id,
    version: version.number,
    approverRole: check.approverRole,
    // An owner whose account is gone is held to a rep's limits.
    ownerRole: owner?.role ?? 'sales_rep',
  });
  const approverRole = rules.approverRole;
  const pricedBy = rules.pricedBy.map((maker) => maker.id);
  const id = await services.db.transaction(async (tx) => {
    // The partial unique index keeps one pending request per deck, also for two at once.
    const [stored] = await tx
      .insert(approvalRequests)
      .values({
        deckId: deck.id,
        version: version.number,
        approverRole,
        requestedBy: user.id,
        note,
        // The approver reads the prices against today's limits, as they are decided.
        dealCheck: rules.check ?? check,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: approvalRequests.id });
    if (!stored) {
      throw new AppError('approval_pending', approvalMessages.alreadyPending, { status: 409 });
    }
    const approvers = await approversOf(tx, {
      ownerId: deck.ownerId,
      approverRole,
      pricedBy,
      requestedBy: user.id,
    });
    const ownerName = owner?.name ?? 'A former colleague';
    if (approvers.length > 0) {
      await tx.insert(notifications).values(
        approvers.map((approver) => ({
          recipientUserId: approver.id,
          subjectUserId: deck.ownerId,
          message: `${ownerName} asks you to approve the prices of “${deck.title}” for ${deck.clientName}.`,
          linkPath: approvalsPath,
          createdAt: now,
        })),
      );
      await sendMails(
        tx,
        services.config,
        approvalRequestedMail,
        approvers.map((approver) => ({
          to: approver.email,
          replyTo: owner?.email,
          props: {
            approverName: approver.name,
            ownerName,
            requesterName: user.name,
            deckTitle: deck.title,
            clientName: deck.clientName,
            check: rules.check ?? check,
            approverRole,
            note,
            approvalsUrl: `${services.config.publicUrl}${approvalsPath}`,
          },
        })),
      );
    }
    await recordAudit(tx, {
      actorId: user.id,
      action: 'deck.approval_requested',
      subject: deckSubject(deck),
      target: { id: owner?.id ?? null, email: owner?.email ?? null },
      newValue: JSON.stringify({
        deckId: deck.id,
        requestId: stored.id,
        version: version.number,
        approverRole,
        pricesSetBy: rules.pricedBy,
      }),
      at: now,
    });
    await recordEvent(tx, services.clock, {
      type: 'approval.requested',
      deckId: deck.id,
      ownerId: deck.ownerId,
      actorId: user.id,
      data: {
        deck: deckOfEvent(deck),
        approval: {
          id: stored.id,
          state: 'pending',
          version: version.number,
          approverRole,
          note,
          requestedBy: { id: user.id, name: user.name, email: user.email },
        },
      },
    });
    return stored.id;
  });
  const [row] = await loadApprovalRequests(services.db, { where: eq(approvalRequests.id, id) });
  const rowRules = await rulesOfRows(services, [row!]);
  return toApprovalRequest(row!, user, rowRules.get(id));
}
