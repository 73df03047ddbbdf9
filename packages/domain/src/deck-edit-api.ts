import { z } from 'zod';
import { editedDeckSchema, editedSlideSchema } from './deck-edits.ts';

// The editable link (issue 49): a deck's version edited in the browser, and an edited
// PowerPoint file brought back, each becoming the deck's next version.

/** The address a picture an edited deck holds is drawn from: `deck-picture:{sha256}`. */
export const DECK_PICTURE_PREFIX = 'deck-picture:';

/** Where the online editor of a deck is. */
export const deckEditorPath = (deckId: string) => `/deck/${deckId}/edit`;

/** Someone else with a draft of the same deck open. */
export const editorCollaboratorSchema = z.object({
  name: z.string(),
  email: z.string(),
  /** When their draft was last saved: they are counted as editing for a few minutes after. */
  lastSeenAt: z.string(),
});
export type EditorCollaborator = z.infer<typeof editorCollaboratorSchema>;

/** A version saved after the one a draft began from: the draft cannot be saved over it unseen. */
export const newerVersionSchema = z.object({
  number: z.number(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});

/** `GET /api/decks/:id/editor`: the caller's draft of the deck's next version (made when new). */
export const deckEditorSchema = z.object({
  deckId: z.string(),
  title: z.string(),
  clientName: z.string(),
  /** The version the draft began from, and the deck's newest. */
  baseVersion: z.number(),
  currentVersion: z.number(),
  /** The draft's revision: each save names the one it changes (another tab's save is refused). */
  revision: z.number(),
  edited: editedDeckSchema,
  savedAt: z.string(),
  others: z.array(editorCollaboratorSchema),
  /** The newest version, when it is newer than `baseVersion`. */
  newerVersion: newerVersionSchema.nullable(),
});
export type DeckEditor = z.infer<typeof deckEditorSchema>;

/** `PUT /api/decks/:id/editor`: the draft as it now stands. */
export const saveEditorDraftRequestSchema = z.object({
  revision: z.number().int().min(0),
  edited: editedDeckSchema,
});
export type SaveEditorDraftRequest = z.infer<typeof saveEditorDraftRequestSchema>;

export const saveEditorDraftResponseSchema = z.object({
  revision: z.number(),
  savedAt: z.string(),
  others: z.array(editorCollaboratorSchema),
  newerVersion: newerVersionSchema.nullable(),
});
export type SaveEditorDraftResponse = z.infer<typeof saveEditorDraftResponseSchema>;

/**
 * `POST /api/decks/:id/editor/versions`: render the draft as the next version. A draft begun on
 * an older version is refused (409 `edit_conflict`) unless `replacing` names the newest, which
 * the person has looked at.
 */
export const saveEditedVersionRequestSchema = z.object({
  revision: z.number().int().min(0),
  replacing: z.number().int().min(1).optional(),
});
export type SaveEditedVersionRequest = z.infer<typeof saveEditedVersionRequestSchema>;

/** `POST /api/decks/:id/editor/preview`: one slide of the draft drawn as the deck draws it. */
export const editorPreviewRequestSchema = z.object({ slide: editedSlideSchema });
export type EditorPreviewRequest = z.infer<typeof editorPreviewRequestSchema>;
export const editorPreviewResponseSchema = z.object({ svg: z.string() });

/**
 * `POST /api/decks/:id/editor/slides`: a slide to add to the draft, made by the server (the web
 * has no library documents): a template slide of the library as the wizard lists them (its
 * document the template's own), or a custom slide from a layout. Answers the slide, its key
 * `added-…` new to the draft; the editor puts it in and saves as for any other change.
 */
export const editorNewSlideRequestSchema = z.union([
  z.object({ templateSlideId: z.string().min(1).max(100) }).strict(),
  z.object({ layoutId: z.string().min(1).max(100) }).strict(),
]);
export type EditorNewSlideRequest = z.infer<typeof editorNewSlideRequestSchema>;
export const editorNewSlideResponseSchema = z.object({ slide: editedSlideSchema });

/** One slide that differs between a version and the file brought back. */
export const slideChangeSchema = z.object({
  kind: z.enum(['added', 'removed', 'moved', 'changed']),
  /** Its number in the file (in the version, for a removed slide). */
  number: z.number(),
  /** Its number in the version, for a moved or changed slide. */
  from: z.number().optional(),
  title: z.string(),
  wordsRemoved: z.array(z.string()),
  wordsAdded: z.array(z.string()),
  /** A changed slide hidden in the file (true) or shown again (false); absent when neither. */
  hidden: z.boolean().optional(),
});
export type SlideChange = z.infer<typeof slideChangeSchema>;

/** A figure on a priced slide that the file shows differently from the quote. */
export const figureChangeSchema = z.object({
  slideTitle: z.string(),
  /** What the figure is, as a person says it: "Battery Backup unit price". */
  label: z.string(),
  inFile: z.string(),
  inQuote: z.string(),
  /** The quote's field the figure is, when it is one the rep may set (a unit price, a quantity). */
  product: z
    .object({ id: z.string(), field: z.enum(['unitPrice', 'quantity']), value: z.number() })
    .optional(),
});
export type FigureChange = z.infer<typeof figureChangeSchema>;

export const editedFileStates = ['reading', 'ready', 'failed'] as const;

/** `GET /api/decks/:id/edited-files/:fileId`: a PowerPoint file brought back, as read. */
export const editedFileSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  state: z.enum(editedFileStates),
  /** Why it could not be taken (state `failed`), in words the rep can act on. */
  error: z.string().nullable(),
  /** While reading: slides read so far of how many (when known), as a library import tells it. */
  progress: z.object({ done: z.number().int(), total: z.number().int() }).nullable().optional(),
  /** The version it is compared with: the deck's newest when it was brought. */
  baseVersion: z.number(),
  slideCount: z.number().nullable(),
  changes: z.array(slideChangeSchema),
  figureChanges: z.array(figureChangeSchema),
  /** What of the file could not be kept, a sentence each ("Slide 2: a SmartArt diagram was left out: …"). */
  leftOut: z.array(z.string()).optional(),
});
export type EditedFile = z.infer<typeof editedFileSchema>;

/**
 * `POST /api/decks/:id/edited-files/:fileId/versions`: the file as the next version, its figures
 * the file's (a changed price goes to the deal desk) or the quote's.
 */
export const saveEditedFileRequestSchema = z.object({
  figures: z.enum(['file', 'quote']),
});
export type SaveEditedFileRequest = z.infer<typeof saveEditedFileRequestSchema>;

/** Who may do what with a deck shared with them. */
export const shareAccessValues = ['view', 'edit'] as const;
export type ShareAccess = (typeof shareAccessValues)[number];
