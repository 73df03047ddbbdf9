import { and, desc, eq, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { readStoredSummary, type ClientAccepted, type ProposalResponse } from '@deck-portal/domain';
import type { Db } from '../db/database.ts';
import { proposalResponses } from '../db/schema.ts';

export type ProposalResponseRow = typeof proposalResponses.$inferSelect;

/** Where a response's confirmation PDF (with its certificate) is kept among the deck's files. */
export const acceptedPdfName = (responseId: string) => `accepted-${responseId}.pdf`;

export const proposalResponsePaths = {
  list: (deckId: string) => `/api/decks/${deckId}/proposal-responses`,
  certificate: (deckId: string, responseId: string) =>
    `/api/decks/${deckId}/proposal-responses/${responseId}/certificate.pdf`,
};

/** The deck's acceptance, if a client accepted it. */
export async function findAcceptance(db: Db, deckId: string) {
  const [row] = await db
    .select()
    .from(proposalResponses)
    .where(and(eq(proposalResponses.deckId, deckId), eq(proposalResponses.kind, 'accepted')));
  return row;
}

/** The newest answer given through one link. */
export async function findLatestLinkResponse(db: Db, linkId: string) {
  const [row] = await db
    .select()
    .from(proposalResponses)
    .where(eq(proposalResponses.linkId, linkId))
    .orderBy(desc(proposalResponses.createdAt))
    .limit(1);
  return row;
}

/**
 * The hash of the chain's last record: the one no other record names as its previous. Called
 * with the chain locked (`lockChain`), so there is exactly one, or none in an empty table.
 */
export async function chainHead(db: Db): Promise<string | null> {
  const later = alias(proposalResponses, 'later');
  const [head] = await db
    .select({ sha256: proposalResponses.recordSha256 })
    .from(proposalResponses)
    .where(
      notExists(
        db
          .select({ one: sql`1` })
          .from(later)
          .where(eq(later.previousSha256, proposalResponses.recordSha256)),
      ),
    )
    .limit(1);
  return head?.sha256 ?? null;
}

/** Serialises writers of the chain until the transaction ends, so each links to the last. */
export async function lockChain(tx: Db) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('proposal_responses'))`);
}

export function toClientAccepted(row: ProposalResponseRow): ClientAccepted {
  return {
    id: row.id,
    fullName: row.fullName ?? '',
    jobTitle: row.jobTitle ?? '',
    acceptedAt: row.createdAt.toISOString(),
    summary: readStoredSummary(row.summary!),
  };
}

export function toProposalResponse(row: ProposalResponseRow): ProposalResponse {
  return {
    id: row.id,
    kind: row.kind,
    linkId: row.linkId,
    version: row.version,
    fullName: row.fullName,
    jobTitle: row.jobTitle,
    reason: row.reason,
    summary: row.summary && readStoredSummary(row.summary),
    pdfSha256: row.pdfSha256,
    createdAt: row.createdAt.toISOString(),
    certificateUrl:
      row.kind === 'accepted' ? proposalResponsePaths.certificate(row.deckId, row.id) : null,
  };
}
