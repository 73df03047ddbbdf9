import { z } from 'zod';
import type { DeckDraft, EditedDeck } from '@deck-portal/domain';
import { defineJob, type PayloadOf } from '../jobs/define-job.ts';

/** Renders a `generating` deck's version 1: generation-job.ts. */
export const generateDeckJob = defineJob({
  name: 'generate-deck',
  payload: z.object({ deckId: z.guid() }),
});

/**
 * The draft was checked by the domain schema where it came in (the wizard's request, or the deck's
 * stored draft); a deck stored under an older form of that schema must still make its next
 * version, so the job only checks that it carries one.
 */
const storedDraft = z.custom<DeckDraft>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  { error: 'a deck draft (an object) is expected' },
);

/** An edited deck as a job carries it: checked by the domain schema where it came in. */
const storedEdited = z.custom<EditedDeck>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { slides?: unknown }).slides),
  { error: 'an edited deck (an object with slides) is expected' },
);

/**
 * A version made of edited slides (issue 49): online in the editor, or an edited PowerPoint file
 * brought back. Its slides are drawn as they are; `changes` says what was edited, in words.
 */
const versionEdit = z.object({
  kind: z.enum(['online', 'file']),
  edited: storedEdited,
  /** The version the slides were edited from: the deck's look (library, prices, presenter). */
  baseVersion: z.number().int().min(1),
  changes: z.array(z.string()),
  /** The editor draft's revision saved (online): the draft goes once the version is made. */
  revision: z.number().int().min(0).optional(),
  /** The file brought back (file). */
  fileId: z.guid().optional(),
});
export type VersionEdit = z.infer<typeof versionEdit>;

/**
 * A deck's next version (Modify → Generate, an approval's version, or edited slides saved):
 * generate-version.ts.
 */
export const generateVersionJob = defineJob({
  name: 'generate-version',
  payload: z.object({
    deckId: z.guid(),
    userId: z.guid(),
    draft: storedDraft,
    idempotencyKey: z.string().nullable(),
    fingerprint: z.string(),
    /** The approval this version is made for: it is cleared, without the watermark. */
    approvalRequestId: z.guid().optional(),
    edit: versionEdit.optional(),
  }),
});

export type VersionJobPayload = PayloadOf<typeof generateVersionJob>;
