import { and, eq } from 'drizzle-orm';
import {
  approvalMessages,
  decisionRefusal,
  decisionRefusalMessage,
  deckPagePath,
  isUuid,
  type ApprovalRequest,
} from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { approvalRequests, decks, notifications } from '../db/schema.ts';
import { draftFingerprint } from '../decks/generate-deck.ts';
import { generateVersionJob, type VersionJobPayload } from '../decks/deck-jobs.ts';
import { AppError } from '../http/app-error.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import { sendMail } from '../mail/send-mail.ts';
import { approvalDecidedMail } from '../mail/templates/approval-decided-mail.tsx';
import type { Services } from '../services.ts';
import { deckSubject } from '../audit/audit-subjects.ts';
import { recordAudit } from '../users/record-audit.ts';
import { recordEvent } from '../events/record-event.ts';
import { loadApprovalRequests, rulesOfRows, toApprovalRequest } from './approval-rows.ts';

export type Decision = { decision: 'approve' | 'reject'; comment: string };

/** The answer when another approver decided first: the request as it now stands. */
export class AlreadyDecided extends AppError {
  constructor(readonly request: ApprovalRequest) {
    super('already_decided', approvalMessages.alreadyDecided, { status: 409 });
  }
}

/**
 * An approver's decision. Deciding is one conditional update of a pending request, so of two
 * approvers at once exactly one wins; the other is answered `AlreadyDecided` with the result.
 * Approval queues the deck's next version from its newest draft, cleared (no watermark);
 * rejection leaves the deck needing approval, with the comment shown on the request. The
 * owner is told in-app and by mail either way.
 */
export async function decideApproval(
  services: Pick<Services, 'db' | 'clock' | 'config'>,
  { user, requestId, decision }: { user: User; requestId: string; decision: Decision },
): Promise<ApprovalRequest> {
  const notFound = new AppError('not_found', 'Approval request not found.');
  if (!isUuid(requestId)) throw notFound;
  const where = eq(approvalRequests.id, requestId);
  const [row] = await loadApprovalRequests(services.db, { where });
  if (!row) throw notFound;
  // Who set these prices, and who must approve them under today's limits: checked again now,
  // not only when the request was made.
  const rules = (await rulesOfRows(services, [row])).get(requestId);
  const pricedBy = rules?.pricedBy ?? [];
  const refusal = decisionRefusal(user, {
    ownerId: row.owner.id,
    approverRole: rules?.approverRole ?? row.request.approverRole,
    pricedBy: pricedBy.map((maker) => maker.id),
    requestedBy: row.request.requestedBy,
  });
  if (refusal) {
    const message = decisionRefusalMessage(refusal, {
      check: rules?.check ?? row.request.dealCheck,
      isOwnerManager: row.ownerRole === 'manager',
    });
    throw new AppError('forbidden', message, { status: 403 });
  }
  if (decision.decision === 'reject' && decision.comment === '') {
    throw new AppError('validation_failed', approvalMessages.rejectNeedsComment, {
      status: 422,
      fields: { comment: approvalMessages.rejectNeedsComment },
    });
  }
  const isApproved = decision.decision === 'approve';
  const now = services.clock.now();
  const decided = await services.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(approvalRequests)
      .set({
        state: isApproved ? 'approved' : 'rejected',
        decidedBy: user.id,
        decidedAt: now,
        comment: decision.comment === '' ? null : decision.comment,
      })
      .where(and(where, eq(approvalRequests.state, 'pending')))
      .returning({ id: approvalRequests.id });
    if (!updated) return false;
    const [deck] = await tx.select().from(decks).where(eq(decks.id, row.request.deckId));
    if (isApproved && deck) {
      // The deck's newest draft: its priced figures are the request's, or the request would
      // have been voided by the version that changed them.
      const payload: VersionJobPayload = {
        deckId: deck.id,
        userId: user.id,
        draft: deck.draft,
        idempotencyKey: null,
        fingerprint: draftFingerprint(deck.draft),
        approvalRequestId: requestId,
      };
      await enqueueJob(tx, services.clock, generateVersionJob, payload, { subjectId: deck.id });
    }
    const title = `“${row.deckTitle}” for ${row.clientName}`;
    const comment = decision.comment ? ` ${user.name} wrote: ${decision.comment}` : '';
    const message = isApproved
      ? `${user.name} approved the prices of ${title}: it can go to the client.${comment}`
      : `${user.name} rejected the prices of ${title}.${comment}`;
    await tx.insert(notifications).values({
      recipientUserId: row.owner.id,
      subjectUserId: user.id,
      message,
      linkPath: deckPagePath(row.request.deckId),
      createdAt: now,
    });
    await sendMail(
      tx,
      services.config,
      approvalDecidedMail,
      {
        ownerName: row.owner.name,
        isApproved,
        deckTitle: row.deckTitle,
        clientName: row.clientName,
        message,
        deckUrl: `${services.config.publicUrl}${deckPagePath(row.request.deckId)}`,
      },
      { to: row.owner.email, replyTo: user.email },
    );
    await recordAudit(tx, {
      actorId: user.id,
      action: isApproved ? 'deck.approval_approved' : 'deck.approval_rejected',
      subject: deckSubject({ id: row.request.deckId, title: row.deckTitle }),
      target: { id: row.owner.id, email: row.owner.email },
      newValue: JSON.stringify({
        deckId: row.request.deckId,
        requestId,
        version: row.request.version,
        comment: decision.comment,
        // Who set the prices and who asked, beside the approver (the entry's actor).
        pricesSetBy: pricedBy,
        requestedBy: row.request.requestedBy,
      }),
      at: now,
    });
    await recordEvent(tx, services.clock, {
      type: 'approval.decided',
      deckId: row.request.deckId,
      ownerId: row.owner.id,
      actorId: user.id,
      data: {
        deck: {
          id: row.request.deckId,
          title: row.deckTitle,
          clientName: row.clientName,
          ownerId: row.owner.id,
        },
        approval: {
          id: requestId,
          state: isApproved ? 'approved' : 'rejected',
          version: row.request.version,
          comment: decision.comment === '' ? null : decision.comment,
          requestedBy: row.request.requestedBy,
          decidedBy: { id: user.id, name: user.name, email: user.email },
        },
      },
    });
    return true;
  });
  const [current] = await loadApprovalRequests(services.db, { where });
  const answer = toApprovalRequest(current!, user, rules);
  if (!decided) throw new AlreadyDecided(answer);
  return answer;
}
