import { sql } from 'drizzle-orm';
import {
  describeFindingCount,
  describeLibraryChanges,
  libraryMessages,
  templateLibraryDocumentsSchema,
  type SlideFinding,
} from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import type { Db } from '../db/database.ts';
import { libraryVersions } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { recordAudit } from '../users/record-audit.ts';
import { describeProblem, readStoredDocument } from './document-problems.ts';
import { draftDocuments, readDraftRows } from './library-draft.ts';
import { newestLibraryVersion } from './library-versions.ts';
import { preflightDocuments } from './preflight-library-draft.ts';

/** Publishing and restoring take turns across every process, so numbers never collide. */
export async function lockLibraryVersions(tx: Db) {
  await tx.execute(sql`select pg_advisory_xact_lock(16016)`);
}

/**
 * Makes the draft the library's next numbered version, with the editor's note and what changed,
 * in one transaction: reps build from it from the next deck on. When preflight finds something
 * on the draft's slides, it is published only with the editor's reason, which the version's
 * changes and the audit log keep.
 */
export async function publishLibrary(
  services: Services,
  { actor, note, reason }: { actor: User; note: string; reason?: string | undefined },
) {
  const now = services.clock.now();
  return services.db.transaction(async (tx) => {
    await lockLibraryVersions(tx);
    const newest = await newestLibraryVersion(tx);
    const documents = draftDocuments(await readDraftRows(tx));
    const changes = describeLibraryChanges(newest.documents, documents);
    if (changes.length === 0) {
      throw new AppError('nothing_to_publish', libraryMessages.nothingToPublish, { status: 409 });
    }
    // A slide stored before its texts were checked is named, for an editor to open and fix.
    for (const [kind, list] of [
      ['slide', documents.slides],
      ['layout', documents.layouts],
    ] as const) {
      for (const document of list) {
        const [problem] = readStoredDocument(kind, document).problems;
        if (!problem) continue;
        const name = 'title' in document ? document.title : document.name;
        throw new AppError(
          'library_invalid',
          `The draft cannot be published: the ${kind} “${name}” has a problem (${describeProblem(problem)}). Open it to fix it.`,
          { status: 409 },
        );
      }
    }
    // Every save was checked on its own; the whole is checked once more as it is stored.
    const checked = templateLibraryDocumentsSchema.safeParse(documents);
    if (!checked.success) {
      throw new AppError(
        'library_invalid',
        `The draft cannot be published: ${checked.error.issues[0]?.path.join('.')}: ${checked.error.issues[0]?.message}`,
        { status: 409 },
      );
    }
    const findings = await preflightDocuments({ ...services, db: tx }, checked.data);
    const given = reason?.trim() ?? '';
    if (findings.length > 0 && given === '') {
      throw new AppError(
        'preflight_findings',
        `The draft's slides have ${describeFindingCount(findings.length)} before a client sees them (${firstFinding(findings)}). Fix them, or say why they may go out as they are.`,
        { status: 409, fields: { reason: libraryMessages.reasonNeeded } },
      );
    }
    const kept =
      findings.length > 0
        ? [`Published with ${describeFindingCount(findings.length)}: ${given}`]
        : [];
    const number = newest.number + 1;
    await tx.insert(libraryVersions).values({
      number,
      note,
      changes: [...changes, ...kept],
      documents: checked.data,
      createdBy: actor.id,
      createdAt: now,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'library.published',
      oldValue: String(newest.number),
      newValue: `${number}: ${note}${kept.length > 0 ? ` (${kept[0]})` : ''}`,
      at: now,
    });
    return { number, changes: [...changes, ...kept] };
  });
}

/** The first finding as a sentence names it: the slide, then what is wrong. */
function firstFinding(findings: readonly SlideFinding[]): string {
  const [first] = findings;
  const more = findings.length > 1 ? ' …' : '';
  return first ? `“${first.slideTitle}”: ${first.message.replace(/\.$/, '')}${more}` : '';
}
