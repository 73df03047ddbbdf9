import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  acceptanceMessages,
  clientHeadline,
  type acceptProposalRequestSchema,
  type ClientAccepted,
} from '@deck-portal/domain';
import type { OpenClientLink } from '../client-links/resolve-client-link.ts';
import { isUniqueViolation } from '../db/database-errors.ts';
import { decks, deckFiles, proposalResponses } from '../db/schema.ts';
import { deckFileNames, sha256Hex } from '../decks/version-files.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { readAcceptanceTerms } from './acceptance-terms.ts';
import { buildAcceptedPdf, loadCertificateBrand } from './accepted-pdf.ts';
import { isAwaitingNewVersion } from './client-acceptance.ts';
import { notifyOfAcceptance } from './notify-proposal-answer.ts';
import {
  acceptedPdfName,
  chainHead,
  findAcceptance,
  lockChain,
  toClientAccepted,
  type ProposalResponseRow,
} from './proposal-records.ts';
import { proposalSummary, versionPriceBook } from './proposal-summary.ts';
import { recordSha256 } from './record-hash.ts';

/** 409: the deck was accepted already; `accepted` is that first record. */
export class AlreadyAcceptedError extends AppError {
  constructor(readonly accepted: ClientAccepted) {
    super('already_accepted', acceptanceMessages.alreadyAccepted, { status: 409 });
  }
}

/**
 * The client accepts the proposal a link shows: the version it shows now (the pinned one, or
 * the newest once its prices are cleared), which the record names. Everything the client sent is checked against
 * what the server computes now (the total for the chosen optional items, the terms' hash) and
 * refused when it differs; nothing is written then. Accepting writes one append-only record,
 * chained to the one before it, marks the deck accepted and tells the rep, the managers and
 * the client, all in one transaction. Of two acceptances at once, one is recorded; the other
 * meets the unique index and answers 409 with the first.
 */
export async function acceptProposal(
  services: Services,
  {
    open,
    input,
    ip,
    userAgent,
  }: {
    open: OpenClientLink;
    input: z.output<typeof acceptProposalRequestSchema>;
    ip: string;
    userAgent: string | null;
  },
): Promise<ClientAccepted> {
  const { link, deck, version } = open;
  if (!link.acceptanceEnabled) {
    throw new AppError('acceptance_not_offered', acceptanceMessages.notOffered, { status: 403 });
  }
  await refuseIfAccepted(services, deck.id);
  if (isAwaitingNewVersion(open)) {
    throw new AppError('proposal_updating', acceptanceMessages.updating, { status: 409 });
  }
  // The page was loaded before a new version the link now shows: that one was never read.
  if (input.version !== version.number) throw versionChanged();
  const chosen = [...new Set(input.optionalProductIds)];
  if (chosen.some((id) => !link.optionalProductIds.includes(id))) {
    throw new AppError('validation_failed', acceptanceMessages.notOptional, {
      status: 422,
      fields: { optionalProductIds: acceptanceMessages.notOptional },
    });
  }
  const book = await versionPriceBook(services.db, version);
  const summary = proposalSummary(version.draft, book, {
    pricing: version.pricingContext,
    optionalProductIds: link.optionalProductIds,
    chosen,
  });
  if (summary.totalCents !== input.totalCents) {
    throw new AppError('prices_changed', acceptanceMessages.pricesChanged, { status: 409 });
  }
  const terms = await readAcceptanceTerms(services.db);
  if (terms.sha256 !== input.termsSha256) {
    throw new AppError('terms_changed', acceptanceMessages.termsChanged, { status: 409 });
  }

  const deckPdf = await readVersionPdf(services, deck.id, version.number);
  // The certificate wears the brand the company publishes now, as the client's page does.
  const brand = await loadCertificateBrand(services);
  const now = services.clock.now();
  const id = randomUUID();
  const base = {
    id,
    deckId: deck.id,
    linkId: link.id,
    version: version.number,
    kind: 'accepted' as const,
    fullName: input.fullName,
    jobTitle: input.jobTitle,
    reason: null,
    summary,
    termsText: terms.text,
    pdfSha256: deckPdf.sha256,
    ipAddress: ip,
    userAgent,
  };

  // The chain's head is read again inside the transaction; this one only names the certificate.
  const previewPrevious = await chainHead(services.db);
  const certificateOf = (previousSha256: string | null) => {
    const recordSha = recordSha256({ ...base, createdAt: now.toISOString(), previousSha256 });
    return { recordSha, previousSha256 };
  };
  const buildPdf = ({ recordSha }: ReturnType<typeof certificateOf>) =>
    buildAcceptedPdf(
      services,
      deckPdf.bytes,
      {
        deckTitle: clientHeadline(version.draft.basicInfo),
        clientName: version.clientName,
        version: version.number,
        fullName: input.fullName,
        jobTitle: input.jobTitle,
        acceptedAt: now,
        ipAddress: ip ?? 'unknown',
        userAgent: userAgent ?? 'unknown',
        summary,
        locale: version.draft.basicInfo.locale,
        termsText: terms.text,
        pdfSha256: deckPdf.sha256,
        recordSha256: recordSha,
      },
      brand,
    );
  let sealed = certificateOf(previewPrevious);
  let accepted = await buildPdf(sealed);
  const pdfFile = { name: acceptedPdfName(id), contentType: 'application/pdf' };

  let row: ProposalResponseRow;
  try {
    row = await services.db.transaction(async (tx) => {
      await lockChain(tx);
      const [locked] = await tx
        .select({ currentVersion: decks.currentVersion, acceptedAt: decks.acceptedAt })
        .from(decks)
        .where(eq(decks.id, deck.id))
        .for('update');
      // A new version made meanwhile: the client accepted what is no longer the deck.
      if (!locked || (link.pinnedVersion === null && locked.currentVersion !== version.number)) {
        throw versionChanged();
      }
      const previous = await chainHead(tx);
      if (previous !== sealed.previousSha256) {
        // Another record came first: the certificate names the right one.
        sealed = certificateOf(previous);
        accepted = await buildPdf(sealed);
      }
      const [inserted] = await tx
        .insert(proposalResponses)
        .values({
          ...base,
          previousSha256: sealed.previousSha256,
          recordSha256: sealed.recordSha,
          createdAt: now,
        })
        .returning();
      await tx
        .update(decks)
        .set({ acceptedAt: now })
        .where(and(eq(decks.id, deck.id), isNull(decks.acceptedAt)));
      await services.fileStore.put(tx, deck.id, [{ ...pdfFile, content: accepted }]);
      await notifyOfAcceptance(tx, services, { open, record: inserted!, pdfName: pdfFile.name });
      return inserted!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) await refuseIfAccepted(services, deck.id);
    throw error;
  }
  return toClientAccepted(row);
}

function versionChanged() {
  return new AppError('version_changed', acceptanceMessages.versionChanged, { status: 409 });
}

async function refuseIfAccepted(services: Pick<Services, 'db'>, deckId: string) {
  const existing = await findAcceptance(services.db, deckId);
  if (existing) throw new AlreadyAcceptedError(toClientAccepted(existing));
}

/** The version's PDF and its SHA-256 (computed from the bytes when the row has none). */
export async function readVersionPdf(services: Services, deckId: string, version: number) {
  const name = deckFileNames.pdf(version);
  const file = await services.fileStore.get(services.db, deckId, name);
  if (!file) throw new Error(`deck ${deckId} has no PDF for version ${version}`);
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Buffer));
  const bytes = Buffer.concat(chunks);
  const [row] = await services.db
    .select({ sha256: deckFiles.sha256 })
    .from(deckFiles)
    .where(and(eq(deckFiles.deckId, deckId), eq(deckFiles.name, name)));
  return { bytes, sha256: row?.sha256 ?? sha256Hex(bytes) };
}
