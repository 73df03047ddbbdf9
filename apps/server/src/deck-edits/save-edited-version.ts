import {
  changedQuoteFigures,
  compareEditedDecks,
  samePricedFigures,
  type DeckDraft,
  type EditedDeck,
  type GenerationState,
  type SaveEditedVersionRequest,
  type SlideChange,
} from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { AppError } from '../http/app-error.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import type { Services } from '../services.ts';
import type { DeckRow } from '../decks/deck-access.ts';
import { generateVersionJob, type VersionEdit } from '../decks/deck-jobs.ts';
import { loadVersion } from '../decks/deck-versions.ts';
import { draftFingerprint } from '../decks/generate-deck.ts';
import { generationState } from '../decks/generation-job.ts';
import {
  draftGoneMessage,
  findEditDraft,
  loadEditableDeck,
  newerVersionThan,
} from './editor-drafts.ts';

/** The most slide changes a version's history lists one by one; the rest are counted. */
const LISTED_CHANGES = 6;

/** What was edited on a version's slides, in words, after the line saying who edited them. */
export function describeEdits(heading: string, changes: readonly SlideChange[]): string[] {
  const lines = changes.map((change) => {
    const title = `“${change.title}”`;
    switch (change.kind) {
      case 'added':
        return `Added slide ${change.number} ${title}`;
      case 'removed':
        return `Removed slide ${change.number} ${title}`;
      case 'moved':
        return `Moved ${title} from slide ${change.from} to ${change.number}`;
      default:
        return change.hidden === true
          ? `Hid slide ${change.number} ${title}`
          : change.hidden === false
            ? `Showed slide ${change.number} ${title} again`
            : `Changed slide ${change.number} ${title}`;
    }
  });
  const listed = lines.slice(0, LISTED_CHANGES);
  const more = lines.length - listed.length;
  return [
    heading,
    ...listed,
    ...(more > 0 ? [`${more} more slide ${more === 1 ? 'change' : 'changes'}`] : []),
  ];
}

/**
 * Queues an edited deck as the deck's next version (the same job, progress and client-link
 * behaviour as Modify → Generate).
 */
export async function queueEditedVersion(
  services: Services,
  { user, deck, draft, edit }: { user: User; deck: DeckRow; draft: DeckDraft; edit: VersionEdit },
): Promise<{ queued: GenerationState; jobId: string }> {
  const job = await enqueueJob(
    services.db,
    services.clock,
    generateVersionJob,
    {
      deckId: deck.id,
      userId: user.id,
      draft,
      idempotencyKey: null,
      fingerprint: draftFingerprint(draft),
      edit,
    },
    { subjectId: deck.id },
  );
  if (!job) throw new Error(`the edited version of deck ${deck.id} was not queued`);
  return { queued: await generationState(services, deck, job), jobId: job.id };
}

/**
 * "Save as version N" in the online editor: the caller's draft becomes the deck's next version.
 * Refused when the draft was changed since (another window), when a version was saved after the
 * draft began and the caller has not said they looked at it (`replacing`), and when a priced
 * slide's figures were typed over (prices are changed with Modify, under the deal desk).
 */
export async function saveOnlineEdits(
  services: Services,
  { user, deckId, request }: { user: User; deckId: string; request: SaveEditedVersionRequest },
) {
  const deck = await loadEditableDeck(services, user, deckId);
  const draft = await findEditDraft(services.db, deck.id, user.id);
  if (!draft) throw new AppError('edit_draft_gone', draftGoneMessage, { status: 409 });
  if (draft.revision !== request.revision) {
    throw new AppError(
      'edit_draft_stale',
      'This draft was changed in another window. Reload to go on from there.',
      { status: 409 },
    );
  }
  const newer = await newerVersionThan(services, deck, draft.baseVersion);
  if (newer && request.replacing !== newer.number) {
    throw new AppError(
      'edit_conflict',
      `Version ${newer.number} was saved${newer.createdBy ? ` by ${newer.createdBy}` : ''} after you began editing version ${draft.baseVersion}. Review it before you save yours.`,
      { status: 409 },
    );
  }
  const base = await loadVersion(services.db, deck.id, draft.baseVersion);
  if (newer && !samePricedFigures(base.draft.productSelection, deck.draft.productSelection)) {
    throw new AppError(
      'edit_conflict',
      `Version ${newer.number} changed the deck's prices, which your draft shows as they were. Discard your draft and edit version ${newer.number}.`,
      { status: 409 },
    );
  }
  const typedOver = changedQuoteFigures(draft.baseEdited, draft.edited);
  if (typedOver.length > 0) {
    throw new AppError('quote_figures_changed', typedOver.join(' '), { status: 422 });
  }
  const changes = compareEditedDecks(draft.baseEdited, draft.edited);
  if (changes.length === 0 && !newer) {
    throw new AppError(
      'nothing_edited',
      `Nothing was changed since version ${draft.baseVersion}: there is no new version to save.`,
      { status: 422 },
    );
  }
  const edit: VersionEdit = {
    kind: 'online',
    edited: draft.edited satisfies EditedDeck,
    baseVersion: draft.baseVersion,
    revision: draft.revision,
    changes: describeEdits(`Edited online by ${user.name}`, changes),
  };
  // The newest draft keeps its title and prices (a version saved meanwhile may have changed
  // the title; prices are checked equal above).
  return queueEditedVersion(services, { user, deck, draft: deck.draft, edit });
}
