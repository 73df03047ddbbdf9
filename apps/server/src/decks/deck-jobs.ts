import { z } from 'zod';
import type { DeckDraft } from '@deck-portal/domain';
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

/** A deck's next version (Modify → Generate, or an approval's version): generate-version.ts. */
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
  }),
});

export type VersionJobPayload = PayloadOf<typeof generateVersionJob>;
