import { z } from 'zod';
import { templateCategorySchema } from './deck/template-library.ts';
import { figureFindingSchema } from './deck/figure-plausibility.ts';
import { plainText } from './text.ts';
import {
  brandSchema,
  libraryCategoriesSchema,
  slideDrawnValues,
  templateLayoutSchema,
  templateSlideDocumentSchema,
} from './template-format/index.ts';

/**
 * The content library as editors see it (`/admin/library`, issue 16): a draft of template slides
 * and layouts that content editors and admins change, published as numbered versions that reps
 * build from.
 */
export const libraryDocumentKinds = ['slide', 'layout'] as const;
export type LibraryDocumentKind = (typeof libraryDocumentKinds)[number];

const isoDateTime = z.iso.datetime({ offset: true });
const person = z.object({ name: z.string(), email: z.string() }).nullable();

/** `POST /api/library/fonts`: the font file stored, and the names it gives itself. */
export const libraryFontResponseSchema = z.object({
  id: z.string(),
  url: z.string(),
  familyName: z.string(),
  styleName: z.string(),
});
export type LibraryFontResponse = z.infer<typeof libraryFontResponseSchema>;

/** A draft slide as the library page lists it. */
export const libraryDraftSlideSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  inDefaultSelection: z.boolean(),
  forProducts: z.array(z.string()),
  retired: z.boolean(),
  /** Drawn once per priced product or once with pricing (see `slideDrawnValues`); chosen when absent. */
  drawn: z.enum(slideDrawnValues).optional(),
  revision: z.number().int(),
  updatedAt: isoDateTime,
  updatedBy: person,
  /** The draft slide drawn with sample data (changes with its revision). */
  thumbnail: z.string(),
  /** What is wrong with the stored slide, when something is: it must be fixed before publishing. */
  problem: z.string().optional(),
  /** Added since the published version: it may be deleted (a published one is retired). */
  isNew: z.boolean(),
});
export type LibraryDraftSlide = z.infer<typeof libraryDraftSlideSchema>;

export const libraryDraftLayoutSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  placeholderCount: z.number().int(),
  revision: z.number().int(),
  updatedAt: isoDateTime,
  updatedBy: person,
  thumbnail: z.string(),
});
export type LibraryDraftLayout = z.infer<typeof libraryDraftLayoutSchema>;

export const libraryDraftResponseSchema = z.object({
  /** The version reps build from now. */
  publishedVersion: z.number().int(),
  /** What the draft changes against that version, a line each; empty when nothing. */
  changes: z.array(z.string()),
  categories: z.array(templateCategorySchema),
  /** The brand's colours as the format names them (`brand.accent`), with their `#RRGGBB`. */
  palette: z.array(z.object({ value: z.string(), hex: z.string() })),
  slides: z.array(libraryDraftSlideSchema),
  layouts: z.array(libraryDraftLayoutSchema),
});
export type LibraryDraftResponse = z.infer<typeof libraryDraftResponseSchema>;

/** The revision the editor loaded: a save against an older one is refused (409), not merged. */
const revisionSchema = z
  .number({ error: 'The revision you edited is required.' })
  .int()
  .min(1)
  .max(2_147_483_647);

/**
 * What was wrong with a stored document, field by field. The document is then sent with those
 * texts as plain words (their `{{…}}` made harmless), so the editor can open it and save the fix.
 */
const documentProblemsSchema = z.array(z.object({ field: z.string(), message: z.string() }));
export type LibraryDocumentProblem = z.infer<typeof documentProblemsSchema>[number];

export const librarySlideResponseSchema = z.object({
  document: templateSlideDocumentSchema,
  revision: z.number().int(),
  problems: documentProblemsSchema.optional(),
});
export type LibrarySlideResponse = z.infer<typeof librarySlideResponseSchema>;

export const libraryLayoutResponseSchema = z.object({
  document: templateLayoutSchema,
  revision: z.number().int(),
  problems: documentProblemsSchema.optional(),
});
export type LibraryLayoutResponse = z.infer<typeof libraryLayoutResponseSchema>;

export const saveLibrarySlideRequestSchema = z.object({
  revision: revisionSchema,
  document: templateSlideDocumentSchema,
});
export type SaveLibrarySlideRequest = z.input<typeof saveLibrarySlideRequestSchema>;

export const saveLibraryLayoutRequestSchema = z.object({
  revision: revisionSchema,
  document: templateLayoutSchema,
});
export type SaveLibraryLayoutRequest = z.input<typeof saveLibraryLayoutRequestSchema>;

/** A new slide: a copy of another, or an empty one in a category. */
export const createLibrarySlideRequestSchema = z.object({
  title: plainText('Title').trim().min(1, 'Title is required.').max(120),
  category: z.string().min(1, 'Category is required.').max(64),
  duplicateOf: z.string().min(1).max(64).optional(),
});
export type CreateLibrarySlideRequest = z.input<typeof createLibrarySlideRequestSchema>;

/** Every slide of the draft, in the order reps will see them. */
export const reorderLibrarySlidesRequestSchema = z.object({
  slideIds: z.array(z.string().min(1).max(64)).min(1).max(500),
});

export const publishLibraryRequestSchema = z.object({
  note: plainText('Note')
    .trim()
    .min(1, 'Say in a few words what changed.')
    .max(500, 'The note must be at most 500 characters.'),
  /**
   * Why the draft may go out with what preflight found on its slides: required then, kept with
   * the version and in the audit log.
   */
  reason: plainText('Reason')
    .trim()
    .max(500, 'The reason must be at most 500 characters.')
    .optional(),
});
export type PublishLibraryRequest = z.input<typeof publishLibraryRequestSchema>;

export const libraryVersionSchema = z.object({
  number: z.number().int(),
  note: z.string(),
  changes: z.array(z.string()),
  restoredFrom: z.number().int().nullable(),
  createdAt: isoDateTime,
  createdBy: person,
});
export type LibraryVersion = z.infer<typeof libraryVersionSchema>;

export const libraryVersionsResponseSchema = z.object({
  versions: z.array(libraryVersionSchema),
});

/** The editor's live preview: the document as it stands, drawn by the engine. */
export const libraryPreviewRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('slide'), document: templateSlideDocumentSchema }),
  z.object({ kind: z.literal('layout'), document: templateLayoutSchema }),
]);
export type LibraryPreviewRequest = z.input<typeof libraryPreviewRequestSchema>;

export const libraryPreviewResponseSchema = z.object({
  svg: z.string(),
  /** Texts that do not fit their box even at their smallest size, with the sample data. */
  overflowing: z.array(z.string()),
  /**
   * What is implausible in the slide's figures with the sample data and its inputs' defaults
   * (figure-plausibility.ts): a negative or empty figure, an unbelievable payback or saving.
   */
  figureFindings: z.array(figureFindingSchema).default([]),
});
export type LibraryPreviewResponse = z.infer<typeof libraryPreviewResponseSchema>;

/** The draft's brand; revision 0 until someone saves one (the built-in brand). */
export const libraryBrandResponseSchema = z.object({
  brand: brandSchema,
  revision: z.number().int(),
  /** The names the brand's font files give themselves, by address (`Lora Bold`). */
  fontNames: z.record(z.string(), z.string()),
});
export type LibraryBrandResponse = z.infer<typeof libraryBrandResponseSchema>;

export const saveLibraryBrandRequestSchema = z.object({
  revision: z.number().int().min(0).max(2_147_483_647),
  brand: brandSchema,
});

export const libraryBrandPreviewRequestSchema = z.object({ brand: brandSchema });
/** The brand drawn on a few of the draft's slides. */
export const libraryBrandPreviewResponseSchema = z.object({
  slides: z.array(z.object({ id: z.string(), title: z.string(), svg: z.string() })),
});
export type LibraryBrandPreviewResponse = z.infer<typeof libraryBrandPreviewResponseSchema>;

/** The draft's categories; revision 0 until someone saves them (the built-in ones). */
export const libraryCategoriesResponseSchema = z.object({
  categories: libraryCategoriesSchema,
  revision: z.number().int(),
});
export const saveLibraryCategoriesRequestSchema = z.object({
  revision: z.number().int().min(0).max(2_147_483_647),
  categories: libraryCategoriesSchema,
});

export const libraryMessages = {
  fontTooLarge: 'Font files can be at most 10 MB.',
  fontFormats: 'Upload a TrueType (.ttf), OpenType (.otf) or WOFF2 (.woff2) font.',
  fontNotUploaded: 'must be a font uploaded to the library',
  conflict:
    'Someone else saved this since you opened it. Reload to see their changes, then make yours again.',
  published: 'Published. Reps build from this version now.',
  nothingToPublish: 'The draft has no changes to publish.',
  reasonNeeded: 'Say why the slides may go out as they are.',
  unknownCategory: 'Choose one of the library’s categories.',
  translationFileTooLarge: 'Translation files can be at most 5 MB.',
  translationFileFormats: 'Send an XLIFF (.xlf, .xliff) or CSV (.csv) file as the request body.',
  translationFileEncoding:
    'The file cannot be read: it is not UTF-8 text. Save it as UTF-8 (“CSV UTF-8” in Excel).',
} as const;

// The picture library (issue 49): what was uploaded before, found by name and tag and used
// again by the studio and by reps in the online deck editor.

/** Pictures a page of `GET /api/library/pictures` lists. */
export const libraryPicturePageSize = 40;

/**
 * A tag the picture library is filtered by: lower case, letters, digits, spaces and hyphens.
 * Tags are compared exactly, so they are stored as this schema gives them back.
 */
export const pictureTagSchema = plainText('Tag')
  .trim()
  .toLowerCase()
  .min(1, 'A tag cannot be empty.')
  .max(40, 'A tag must be at most 40 characters.')
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} -]*$/u, 'A tag takes letters, digits, spaces and hyphens only.');

/** A picture's name as the library shows it (the uploaded file's name, until renamed). */
export const pictureNameSchema = plainText('Name')
  .trim()
  .min(1, 'Name is required.')
  .max(200, 'The name must be at most 200 characters.');

/** Where the next page starts: opaque to callers (the last picture's time and id). */
const pictureCursorSchema = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, 'cursor must be a position this list answered');

/** `GET /api/library/pictures?q=&tag=&cursor=&own=`. */
export const libraryPicturesQuerySchema = z.object({
  /** Words each matching the start of a word of the name or of a tag ("roof" finds "rooftop"). */
  q: plainText('Search').trim().max(100, 'The search must be at most 100 characters.').optional(),
  tag: pictureTagSchema.optional(),
  cursor: pictureCursorSchema.optional(),
  /**
   * `true` lists the caller's own slide pictures too (uploaded for custom slides and in the
   * online deck editor) beside the library's: what a rep may put on their own decks. The studio
   * leaves it out, as a library slide can only show the library's pictures.
   */
  own: z
    .enum(['true', 'false'], { error: "own must be 'true' or 'false'" })
    .transform((value) => value === 'true')
    .optional(),
});
export type LibraryPicturesQuery = z.input<typeof libraryPicturesQuerySchema>;

export const libraryPictureSchema = z.object({
  id: z.string(),
  /** What a picture element's `src` names it by: `/api/uploads/{id}`. */
  address: z.string(),
  name: z.string(),
  tags: z.array(z.string()),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  createdAt: isoDateTime,
  uploadedBy: person,
  /** `library`: shared with everyone; `own`: the caller's own slide picture (see `own`). */
  source: z.enum(['library', 'own']),
});
export type LibraryPicture = z.infer<typeof libraryPictureSchema>;

export const libraryPicturesResponseSchema = z.object({
  /** Newest first, at most {@link libraryPicturePageSize}. */
  pictures: z.array(libraryPictureSchema),
  /** The `cursor` of the page after this one, or null on the last page. */
  nextCursor: z.string().nullable(),
  /** The tags of every picture listed (whatever `q` and `tag` say), most used first. */
  tags: z.array(z.object({ tag: z.string(), count: z.number().int() })),
});
export type LibraryPicturesResponse = z.infer<typeof libraryPicturesResponseSchema>;

/** `PUT /api/library/pictures/:id`: a new name, new tags, or both. */
export const updateLibraryPictureRequestSchema = z
  .object({
    name: pictureNameSchema.optional(),
    tags: z
      .array(pictureTagSchema, { error: 'Tags must be a list of words.' })
      .max(20, 'A picture takes at most 20 tags.')
      .transform((tags) => [...new Set(tags)])
      .optional(),
  })
  .strict()
  .refine((body) => body.name !== undefined || body.tags !== undefined, {
    message: 'Send a name, tags, or both.',
  });
export type UpdateLibraryPictureRequest = z.input<typeof updateLibraryPictureRequestSchema>;

// The library's languages (issue 50): each text's translation per language, edited side by side
// in the studio and exported to and imported from a translator's files (XLIFF, CSV).

/** A language's translations at a glance: how many of the draft's texts it has. */
export const libraryTranslationLanguageSchema = z.object({
  language: z.string(),
  name: z.string(),
  nativeName: z.string(),
  direction: z.enum(['ltr', 'rtl']),
  /** Texts of the draft with a translation, and without one. */
  translated: z.number().int(),
  missing: z.number().int(),
  /** The revision of the language's translations (0 before any). */
  revision: z.number().int(),
});
export type LibraryTranslationLanguage = z.infer<typeof libraryTranslationLanguageSchema>;

/** `GET /api/library/translations`: every language a deck may be written in but the library's own. */
export const libraryTranslationLanguagesResponseSchema = z.object({
  /** The language the library's texts are written in. */
  sourceLanguage: z.string(),
  /** How many texts the draft has to translate. */
  textCount: z.number().int(),
  languages: z.array(libraryTranslationLanguageSchema),
});
export type LibraryTranslationLanguagesResponse = z.infer<
  typeof libraryTranslationLanguagesResponseSchema
>;

/** A document of the draft whose texts are translated: a slide, a layout or a shared part. */
export const libraryTranslationDocumentSchema = z.object({
  kind: z.enum(['slide', 'layout', 'part']),
  id: z.string(),
  title: z.string(),
  total: z.number().int(),
  missing: z.number().int(),
});
export type LibraryTranslationDocument = z.infer<typeof libraryTranslationDocumentSchema>;

export const libraryTranslationTextSchema = z.object({
  /** Stable while the source stays the same (a hash of it): what exported files name it by. */
  id: z.string(),
  source: z.string(),
  /** The translation; empty when there is none. */
  target: z.string(),
  missing: z.boolean(),
});
export type LibraryTranslationText = z.infer<typeof libraryTranslationTextSchema>;

/** `GET /api/library/translations/:lang?slide=`: which of `slide`, `layout`, `part` names one. */
export const libraryTranslationTextsQuerySchema = z.object({
  slide: z.string().min(1).max(64).optional(),
  layout: z.string().min(1).max(64).optional(),
  part: z.string().min(1).max(64).optional(),
});

/** A language's texts: those of one document when the query names one, else every one. */
export const libraryTranslationTextsResponseSchema = z.object({
  language: libraryTranslationLanguageSchema,
  documents: z.array(libraryTranslationDocumentSchema),
  texts: z.array(libraryTranslationTextSchema),
});
export type LibraryTranslationTextsResponse = z.infer<typeof libraryTranslationTextsResponseSchema>;

/**
 * `PUT /api/library/translations/:lang`: the changed translations, by source text; an empty
 * target removes one. Saved against the revision the editor loaded (409 on a stale one).
 */
export const saveLibraryTranslationsRequestSchema = z.object({
  revision: z.number().int().min(0).max(2_147_483_647),
  entries: z
    .record(
      z.string().min(1).max(5_000),
      plainText('Translation', { isMultiline: true }).max(
        5_000,
        'A translation must be at most 5,000 characters.',
      ),
    )
    .refine((entries) => Object.keys(entries).length <= 5_000, 'Send at most 5,000 texts at once.'),
});
export type SaveLibraryTranslationsRequest = z.input<typeof saveLibraryTranslationsRequestSchema>;

export const libraryTranslationFormats = ['xliff', 'csv'] as const;

/** `GET /api/library/translations/:lang/export?format=xliff|csv&version=1.2|2.0`. */
export const libraryTranslationExportQuerySchema = z.object({
  format: z.enum(libraryTranslationFormats, { error: "format must be 'xliff' or 'csv'" }),
  /** The XLIFF version written (1.2 when absent); CSV has none. */
  version: z.enum(['1.2', '2.0'], { error: "version must be '1.2' or '2.0'" }).optional(),
});
export type LibraryTranslationExportQuery = z.input<typeof libraryTranslationExportQuerySchema>;

/** A file's entry that was not taken, and why. */
const translationEntryNoteSchema = z.object({
  id: z.string(),
  source: z.string(),
  message: z.string(),
});

/** `POST /api/library/translations/:lang/import`: what the file changed, and what it could not. */
export const libraryTranslationImportResponseSchema = z.object({
  language: libraryTranslationLanguageSchema,
  /** Translations added or changed. */
  applied: z.number().int(),
  /** Entries the same as the draft's already, or left empty. */
  unchanged: z.number().int(),
  /** Unknown ids and texts no longer in the library. */
  skipped: z.array(translationEntryNoteSchema),
  /** Entries refused (their bindings are not the source's). */
  refused: z.array(translationEntryNoteSchema),
});
export type LibraryTranslationImportResponse = z.infer<
  typeof libraryTranslationImportResponseSchema
>;

/** A translation file's size limit. */
export const libraryTranslationFileMaxBytes = 5 * 1024 * 1024;

/** The types a translation file may be sent as (browsers name `.xlf` and `.csv` many ways). */
export const libraryTranslationFileTypes = [
  'application/xliff+xml',
  'application/x-xliff+xml',
  'application/xml',
  'text/xml',
  'text/csv',
  'application/csv',
  'application/vnd.ms-excel',
  'application/octet-stream',
] as const;
