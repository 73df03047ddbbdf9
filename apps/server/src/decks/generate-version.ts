import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  deckLinks,
  samePricedFigures,
  type DeckDraft,
  type GenerationState,
  type NewVersionResponse,
} from '@deck-portal/domain';
import type { RenderProgress } from '@deck-portal/deck-engine/library';
import type { User } from '../auth/sessions.ts';
import { decks, jobs } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { JobHandler } from '../jobs/define-job.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import type { Services } from '../services.ts';
import { loadPresenter } from '../users/profile.ts';
import { appendVersion, findVersionByKey } from './append-version.ts';
import { loadDeckFor } from './deck-access.ts';
import { assertNotAccepted } from '../proposals/deck-lock.ts';
import { stagingPrefix } from './version-files.ts';
import { assertPicturesUsable, findMissingPictures, refusedPictures } from './draft-pictures.ts';
import { draftFingerprint, idempotencyKeyReusedMessage } from './generate-deck.ts';
import { generateVersionJob, type VersionJobPayload } from './deck-jobs.ts';
import { generationState } from './generation-job.ts';
import { assertKnownTemplates, renderDraftStored, renderedVersionContent } from './render-draft.ts';
import { assertDraftPriceable } from '../markets/pricing-context.ts';
import { findVersion, loadVersion, withStagedFiles } from './deck-versions.ts';
import { editOfVersion, settleEdit } from '../deck-edits/settle-edit.ts';
import { renderEditedStored } from '../deck-edits/render-edited.ts';

/**
 * Modify → Generate: the rep's changed draft becomes the next version of the same deck, so its
 * client links (unless pinned) show the new one. The draft is checked at once and a job renders
 * it; the answer is the version already made for this idempotency key (`made`), or the queued
 * generation to follow (`queued`).
 */
export async function generateNextVersion(
  services: Services,
  {
    user,
    deckId,
    draft,
    idempotencyKey,
  }: { user: User; deckId: string; draft: DeckDraft; idempotencyKey?: string },
): Promise<{ made: NewVersionResponse } | { queued: GenerationState; jobId: string }> {
  const deck = await loadDeckFor(services, { user, deckId, need: 'manage' });
  await assertNotAccepted(services.db, deck);
  const owned: DeckDraft = { ...draft, basicInfo: { ...draft.basicInfo, userId: deck.ownerId } };
  const fingerprint = draftFingerprint(draft);
  const refuseReuse = (earlier: string | null) => {
    if (earlier !== fingerprint) {
      throw new AppError('idempotency_key_reused', idempotencyKeyReusedMessage, { status: 422 });
    }
  };
  if (idempotencyKey) {
    const earlier = await findVersionByKey(services.db, deck.id, idempotencyKey);
    if (earlier) {
      refuseReuse(earlier.idempotencyFingerprint);
      const made = { version: earlier.number, warnings: earlier.warnings };
      return { made: { presentationId: deck.id, ...deckLinks(deck.id), ...made } };
    }
    const pending = await pendingJobByKey(services, deck.id, idempotencyKey);
    if (pending) {
      refuseReuse(String((pending.payload as VersionJobPayload).fingerprint));
      return { queued: await generationState(services, deck, pending), jobId: pending.id };
    }
  }
  assertKnownTemplates(await services.currentLibrary(), owned);
  await assertDraftPriceable(services, owned);
  assertPicturesUsable(
    owned,
    refusedPictures(owned, await findMissingPictures(services, user, owned)),
  );
  const payload: VersionJobPayload = {
    deckId: deck.id,
    userId: user.id,
    draft: owned,
    idempotencyKey: idempotencyKey ?? null,
    fingerprint,
  };
  const job = await enqueueJob(services.db, services.clock, generateVersionJob, payload, {
    subjectId: deck.id,
  });
  if (!job) throw new Error(`the version job for deck ${deck.id} was not queued`);
  return { queued: await generationState(services, deck, job), jobId: job.id };
}

/** The version job an idempotency key queued and that is not done yet. */
async function pendingJobByKey(services: Pick<Services, 'db'>, deckId: string, key: string) {
  const [job] = await services.db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.subjectId, deckId),
        eq(jobs.kind, generateVersionJob.name),
        inArray(jobs.state, ['queued', 'running']),
        sql`${jobs.payload}->>'idempotencyKey' = ${key}`,
      ),
    );
  return job;
}

/**
 * Renders a version on a job worker and appends it to the deck; the job is completed, with the
 * version's number, in the transaction that stores the version. The deck speaks for its owner,
 * whoever makes the new version.
 */
export function versionJobHandler(services: Services): JobHandler<VersionJobPayload> {
  return {
    async run({ payload }, context) {
      const [deck] = await services.db.select().from(decks).where(eq(decks.id, payload.deckId));
      if (!deck) {
        // Deleted while queued: nothing left to do.
        await services.db.transaction((tx) => context.complete(tx));
        return;
      }
      // An approval's version is the deck's newest draft (a title changed since is kept), unless
      // its prices changed since the approval: then there is nothing approved left to make.
      const draft = payload.approvalRequestId ? deck.draft : payload.draft;
      if (!samePricedFigures(draft.productSelection, payload.draft.productSelection)) {
        await services.db.transaction((tx) => context.complete(tx));
        return;
      }
      context.progress({ stage: 'layout', done: 0 });
      const presenter = await loadPresenter(services.db, deck.ownerId);
      // Edited slides saved; or an approval's version of a deck whose newest slides were edited:
      // those slides again, not the ones the draft would draw.
      const edit =
        payload.edit ??
        (payload.approvalRequestId ? await editOfVersion(services, deck) : undefined);
      const common = {
        draft,
        presenter,
        uploaderIds: [deck.ownerId, payload.userId],
        onProgress: (progress: RenderProgress) => context.progress(progress),
      };
      // Its files are written to a staging folder as it is drawn (by the render process, ADR
      // 085), and the transaction that numbers the version moves them under its number: it holds
      // the deck's row (and, on the embedded database, the one connection) for renames, not for
      // writing ~23 files.
      const staging = stagingPrefix(randomUUID());
      const rendered = edit
        ? await renderEditedStored(
            services,
            {
              ...common,
              deckId: deck.id,
              ownerId: deck.ownerId,
              approvalRequestId: payload.approvalRequestId ?? null,
              edited: edit.edited,
              from: await loadVersion(services.db, deck.id, edit.baseVersion),
              versionNumber: deck.currentVersion + 1,
            },
            { deckId: deck.id, prefix: staging },
            context.signal,
          )
        : await renderDraftStored(
            services,
            {
              ...common,
              identity: { deckId: deck.id, version: deck.currentVersion + 1 },
              dealDesk: {
                deckId: deck.id,
                ownerId: deck.ownerId,
                approvalRequestId: payload.approvalRequestId ?? null,
              },
            },
            { deckId: deck.id, prefix: staging },
            context.signal,
          );
      const staged = { deckId: deck.id, files: rendered.files, staging };
      await withStagedFiles(services, staged, async (storeFiles) => {
        // A version made in the wizard after one whose slides were edited: the history says the
        // edits are not in it.
        const editedBefore = edit
          ? null
          : (await findVersion(services.db, deck.id, deck.currentVersion))?.editKind;
        context.signal.throwIfAborted();
        context.progress({ stage: 'storing' });
        await context.progressWritten();
        await appendVersion(services, {
          user: { id: payload.userId },
          deck,
          version: {
            draft,
            presenter: presenter ?? null,
            ...renderedVersionContent(rendered),
            ...(edit ? { editKind: edit.kind, edited: edit.edited } : {}),
            ...(payload.approvalRequestId
              ? { reason: 'Prices approved: made again without the watermark' }
              : {}),
            ...(payload.edit ? { editChanges: payload.edit.changes } : {}),
            ...(editedBefore
              ? {
                  editChanges: [
                    `Drawn from the wizard's choices, without the edits made to version ${deck.currentVersion}'s slides`,
                  ],
                }
              : {}),
            ...(payload.idempotencyKey
              ? {
                  idempotencyKey: payload.idempotencyKey,
                  idempotencyFingerprint: payload.fingerprint,
                }
              : {}),
            storeFiles,
            beforeCommit: async (tx, number) => {
              if (payload.edit)
                await settleEdit(tx, {
                  deckId: deck.id,
                  userId: payload.userId,
                  number,
                  edit: payload.edit,
                });
              await context.complete(tx, { version: number });
            },
          },
        });
      });
    },
  };
}
