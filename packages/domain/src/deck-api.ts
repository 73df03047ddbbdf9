import { z } from 'zod';
import { isUuid } from './ids.ts';
import { plainText } from './text.ts';
import { emailSchema } from './auth.ts';
import { viewedSlideSchema } from './slide-links.ts';
import { shareAccessValues } from './deck-edit-api.ts';
import type { DeckDraft } from './deck/deck-draft.ts';

/** `generating` until its job has rendered version 1; `failed` when every attempt failed. */
export const deckStatuses = [
  'draft',
  'generating',
  'completed',
  'failed',
  'shared',
  'archived',
] as const;
export const deckStatusSchema = z.enum(deckStatuses);
export type DeckStatus = z.infer<typeof deckStatusSchema>;

/** SPEC.md section 3's generation response; the links follow DESIGN.md section 5. */
export const generationResponseSchema = z.object({
  presentationId: z.string(),
  /** The online editor (the deck's newest version). */
  editUrl: z.string(),
  /** The deck's PowerPoint file. */
  pptxUrl: z.string(),
  viewUrl: z.string(),
  pdfUrl: z.string(),
});
export type GenerationResponse = z.infer<typeof generationResponseSchema>;

/**
 * What the generation job has done so far, as the worker reports it: each slide laid out, the
 * pictures fetched, each file written, the files stored.
 */
export const generationStages = [
  'queued',
  'layout',
  'pictures',
  'pptx',
  'pdf',
  'web',
  'storing',
] as const;
export const generationProgressSchema = z.object({
  stage: z.enum(generationStages),
  /** For `layout`: slides laid out so far, of `total`. */
  done: z.number().int().optional(),
  total: z.number().int().optional(),
});
export type GenerationProgress = z.infer<typeof generationProgressSchema>;

/** A deck's generation as `GET /api/decks/{id}/generation` and its event stream tell it. */
export const generationStateSchema = generationResponseSchema.extend({
  status: z.enum(['generating', 'completed', 'failed']),
  progress: generationProgressSchema.nullable(),
  /** Why the deck could not be made, in words the rep can act on; null unless failed. */
  error: z.string().nullable(),
  warnings: z.array(z.string()),
  /** The version made, when the generation was a deck's next version (Modify → Generate). */
  version: z.number().int().optional(),
});
export type GenerationState = z.infer<typeof generationStateSchema>;

/** The line the wizard shows for a stage ("Laying out slides 3 of 12"). */
export function describeGenerationProgress(progress: GenerationProgress | null): string {
  switch (progress?.stage) {
    case undefined:
    case 'queued':
      return 'Waiting for a free worker…';
    case 'layout':
      return progress.total
        ? `Laying out slides ${progress.done ?? 0} of ${progress.total}`
        : 'Laying out slides';
    case 'pictures':
      return 'Fetching pictures';
    case 'pptx':
      return 'Writing the PowerPoint file';
    case 'pdf':
      return 'Writing the PDF';
    case 'web':
      return 'Drawing the web view';
    case 'storing':
      return 'Storing the files';
  }
}

/** A deck's page in the portal (its details, versions, links and the deal desk's panel). */
export const deckPagePath = (id: string) => `/deck/${id}/preview`;

/**
 * A deck's addresses: `editUrl` opens the online editor on its newest version (issue 49: the
 * spec's editable link), `pptxUrl` downloads its PowerPoint file, `viewUrl` shows it in the
 * browser, `pdfUrl` downloads its PDF.
 */
export const deckLinks = (id: string) => ({
  editUrl: `/deck/${id}/edit`,
  pptxUrl: `/api/decks/${id}/pptx`,
  viewUrl: `/deck/${id}/view`,
  pdfUrl: `/api/decks/${id}/download`,
});

export const deckApprovalStatuses = [
  'needs_approval',
  'awaiting_approval',
  'approval_rejected',
] as const;
export type DeckApprovalStatus = (typeof deckApprovalStatuses)[number];

/** The deal desk's filters of the All decks list: a request waits, or the last was rejected. */
export const deckApprovalFilters = ['awaiting', 'rejected'] as const;
export type DeckApprovalFilter = (typeof deckApprovalFilters)[number];

/** SPEC.md section 3's Recent deck. */
export const recentDeckSchema = z.object({
  id: z.string(),
  title: z.string(),
  clientName: z.string(),
  productNames: z.array(z.string()),
  createdAt: z.string(),
  status: deckStatusSchema,
  editUrl: z.string().nullable(),
  pptxUrl: z.string().nullable(),
  pdfUrl: z.string().nullable(),
  viewUrl: z.string().nullable(),
  isDraft: z.boolean(),
  ownerName: z.string(),
  /** When a client last opened one of the deck's client links; null before any open. */
  lastViewedAt: z.string().nullable(),
  /** The newest version's number (1 until the deck is modified). */
  currentVersion: z.number(),
  /** When a client accepted the deck on a client link (it is locked since); null otherwise. */
  acceptedAt: z.string().nullable().optional(),
  /**
   * Where its newest version stands with the deal desk, when a client may not see it yet: its
   * prices need approval (never asked, or the request was withdrawn), a request waits for an
   * approver, or the last request was rejected. Null when its prices need no approval or have it.
   */
  approval: z.enum(deckApprovalStatuses).nullable().optional(),
});
export type RecentDeck = z.infer<typeof recentDeckSchema>;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'Page must be 1 or more').default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1, 'Page size must be between 1 and 100')
    .max(100, 'Page size must be between 1 and 100')
    .default(20),
});

/** A user's id in a query: a uuid, or the filter could match nobody but still reach the database. */
function userIdQuery(label: string) {
  return z.string().refine(isUuid, `${label} must be a user id.`);
}

/** Archived decks leave the lists unless asked for: `archived=true` lists only them. */
const archivedQuery = z
  .enum(['true', 'false'], { error: "archived must be 'true' or 'false'" })
  .transform((value) => value === 'true')
  .optional();

export const recentDecksQuerySchema = pageQuerySchema.extend({
  userId: userIdQuery('userId').optional(),
  archived: archivedQuery,
});

/** Where the next page starts: opaque to callers (it encodes the last deck's time and id). */
export const deckCursorSchema = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, 'after must be a cursor this list answered');

export const allDecksQuerySchema = pageQuerySchema.extend({
  scope: z.literal('all', { error: "scope must be 'all'" }),
  /** The `nextCursor` of the page before: the next page, found by position, not by counting. */
  after: deckCursorSchema.optional(),
  owner: userIdQuery('owner').optional(),
  client: plainText('Client').trim().max(200).optional(),
  archived: archivedQuery,
  /** Only decks whose approval waits for an approver (`awaiting`) or was rejected. */
  approval: z
    .enum(deckApprovalFilters, {
      error: (issue) =>
        `approval must be 'awaiting' or 'rejected', not '${String(issue.input).slice(0, 40)}'`,
    })
    .optional(),
});

export const deckListResponseSchema = z.object({
  recentDecks: z.array(recentDeckSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  /**
   * True when `total` is a floor: counting stops at 1,000 (the list says "1,000+"), a client
   * search's at 100 ("100+").
   */
  totalIsCapped: z.boolean().optional(),
  /** Where the page after this one starts (`after=`), or null on the last page. */
  nextCursor: z.string().nullable().optional(),
});
export type DeckListResponse = z.infer<typeof deckListResponseSchema>;

/** What a person may do with a deck: manage it (owner, manager, admin), edit it, or view it. */
export const deckAccessValues = ['manage', 'edit', 'view'] as const;
export type DeckAccess = (typeof deckAccessValues)[number];

/** Everything the preview page shows of one deck. */
export const deckDetailsSchema = z.object({
  id: z.string(),
  owner: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  status: deckStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  slideCount: z.number(),
  warnings: z.array(z.string()),
  /** Why generation failed (status `failed`); null otherwise. */
  generationError: z.string().nullable(),
  /** The validated draft the deck was generated from (already parsed; sent as stored). */
  draft: z.custom<DeckDraft>((value) => typeof value === 'object' && value !== null),
  editUrl: z.string(),
  pptxUrl: z.string(),
  viewUrl: z.string(),
  pdfUrl: z.string(),
  /** Whether the caller may share, unshare and delete (owner, manager, admin). */
  canManage: z.boolean(),
  /** What the caller may do: `manage` (and edit), `edit` (a share that says so), `view`. */
  access: z.enum(deckAccessValues),
  /** The newest version's number; the fields above are that version's. */
  currentVersion: z.number(),
  /** When the deck was archived; null while it is in use. */
  archivedAt: z.string().nullable(),
  /** The content library version its newest version was drawn from (null: made before versions). */
  libraryVersion: z.number().nullable(),
  /** The library version reps build from now. */
  newestLibraryVersion: z.number(),
  /** The names of the draft's products, as the price book entries it was priced from name them. */
  productNames: z.record(z.string(), z.string()),
  /** When a client accepted the deck on a client link (it is locked since); null otherwise. */
  acceptedAt: z.string().nullable().optional(),
  /**
   * How the newest version's slides were edited (issue 49): `online` in the editor, `file` from
   * a PowerPoint file brought back; null when they are as the wizard's choices draw them.
   */
  editKind: z.enum(['online', 'file']).nullable().optional(),
  /** The currency the newest version's prices are in: its market's (issue 50). */
  currency: z.string().optional(),
});
export type DeckDetails = z.infer<typeof deckDetailsSchema>;

/** `?version=n` on a deck's file and slide addresses: that version's, else the newest. */
export const deckVersionQuerySchema = z.object({
  version: z.coerce
    .number({ error: 'version must be a version number' })
    .int('version must be a version number')
    .min(1, 'version must be a version number')
    .max(100_000, 'version must be a version number')
    .optional(),
});

/**
 * A version's addresses: the deck's own files with `?version=n`; the editor opens the newest
 * version whichever is asked for.
 */
export const deckVersionLinks = (id: string, version: number) => {
  const links = deckLinks(id);
  return {
    editUrl: links.editUrl,
    pptxUrl: `${links.pptxUrl}?version=${version}`,
    viewUrl: `${links.viewUrl}?version=${version}`,
    pdfUrl: `${links.pdfUrl}?version=${version}`,
  };
};

/** One line of a deck's version list. */
export const deckVersionSchema = z.object({
  number: z.number(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  title: z.string(),
  clientName: z.string(),
  slideCount: z.number(),
  /** What changed in the draft since the version before, one sentence each. */
  changes: z.array(z.string()),
  /** The version this one restored, when it was made by a restore. */
  restoredFrom: z.number().nullable(),
  isCurrent: z.boolean(),
  editUrl: z.string(),
  pptxUrl: z.string(),
  viewUrl: z.string(),
  pdfUrl: z.string(),
});
export type DeckVersion = z.infer<typeof deckVersionSchema>;

export const deckVersionsResponseSchema = z.object({ versions: z.array(deckVersionSchema) });
export type DeckVersionsResponse = z.infer<typeof deckVersionsResponseSchema>;

/** What generating a new version, restoring one or duplicating answers. */
export const newVersionResponseSchema = generationResponseSchema.extend({
  version: z.number(),
  warnings: z.array(z.string()),
});
export type NewVersionResponse = z.infer<typeof newVersionResponseSchema>;

export const versionNumberParamsSchema = z.object({
  id: z.string(),
  number: z.coerce
    .number({ error: 'Version not found.' })
    .int('Version not found.')
    .min(1, 'Version not found.')
    .max(100_000, 'Version not found.'),
});

export const duplicateDeckRequestSchema = z.object({
  /** The version to copy; the newest when left out. */
  version: z.number().int().min(1).max(100_000).optional(),
});

export const deckSlidesResponseSchema = z.object({
  title: z.string(),
  clientName: z.string(),
  /** The version these slides are, and the newest one. */
  version: z.number(),
  currentVersion: z.number(),
  slides: z.array(viewedSlideSchema),
  pdfUrl: z.string(),
  editUrl: z.string(),
  pptxUrl: z.string(),
});

/** A share's access, as a request sends it: "Can view" unless it says "Can edit". */
const shareAccessSchema = z.enum(shareAccessValues, {
  error: (issue) => `access must be 'view' or 'edit', not '${String(issue.input).slice(0, 40)}'`,
});

export const shareRequestSchema = z.object({
  presentationId: plainText('presentationId', {
    requiredMessage: 'presentationId is required',
  }).min(1, 'presentationId is required'),
  email: emailSchema,
  /** Sharing again with the same address changes its access to this one. */
  access: shareAccessSchema.default('view'),
});
export type ShareRequest = z.input<typeof shareRequestSchema>;

export const deckShareSchema = z.object({
  id: z.string(),
  email: z.string(),
  access: z.enum(shareAccessValues),
  createdAt: z.string(),
  sharedBy: z.string().nullable(),
});
export type DeckShare = z.infer<typeof deckShareSchema>;

/**
 * A new share answers 201 with `previousAccess` null; sharing again with an address changes its
 * access and answers 200 with the access it had.
 */
export const shareResponseSchema = z.object({
  success: z.literal(true),
  share: deckShareSchema,
  previousAccess: z.enum(shareAccessValues).nullable(),
});
export type ShareResponse = z.infer<typeof shareResponseSchema>;
export const deckSharesResponseSchema = z.object({ shares: z.array(deckShareSchema) });

/** `PATCH /api/decks/:id/shares/:shareId`: one share's access. */
export const changeShareAccessRequestSchema = z.object({ access: shareAccessSchema });
export type ChangeShareAccessRequest = z.infer<typeof changeShareAccessRequestSchema>;
export const changeShareAccessResponseSchema = z.object({ share: deckShareSchema });

/** `POST /api/pictures/check`: can generation use this picture address? */
export const pictureCheckRequestSchema = z.object({
  url: plainText('Picture address').trim().min(1, 'Enter a picture address.').max(2000),
});
export const pictureCheckSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), width: z.number().int(), height: z.number().int() }),
  z.object({ ok: z.literal(false), reason: z.string() }),
]);
export type PictureCheckResult = z.infer<typeof pictureCheckSchema>;

/** Why generation was refused: pictures that cannot be used and were not kept as frames. */
export const missingPictureSchema = z.object({
  slideIndex: z.number().int(),
  objectId: z.string(),
  url: z.string(),
  reason: z.string(),
});
export type MissingPicture = z.infer<typeof missingPictureSchema>;

/** `POST /api/text/check`: which characters of these texts the deck's font cannot draw. */
export const textCheckRequestSchema = z.object({
  texts: z.array(plainText('Text', { isMultiline: true }).max(5000)).max(40),
});
export const textCheckSchema = z.object({ missing: z.array(z.string()) });

/** `POST /api/decks/preflight`: what step 4 checks before it lets the rep generate. */
export const deckPreflightSchema = z.object({
  missingPictures: z.array(missingPictureSchema),
  /** Warnings the deck would carry (characters the font lacks, text shrunk to fit, …). */
  warnings: z.array(z.string()),
});
export type DeckPreflight = z.infer<typeof deckPreflightSchema>;

export const picturesUnavailableMessage =
  'Some pictures cannot be used. Upload them, fix their addresses, remove them, or keep an empty frame in their place.';
