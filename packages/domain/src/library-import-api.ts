import { z } from 'zod';
import { bindingPaths } from './template-format/index.ts';
import { plainText } from './text.ts';

/**
 * Importing a company's PowerPoint into the library (issue 17): the editor uploads a `.pptx`
 * (`POST /api/library/imports`), the file is read off the request thread while the page shows
 * how far it got (`GET /api/library/imports/:id`), each slide comes back as a candidate drawn by
 * our engine with what did not import and the field-like texts found, and the editor imports
 * the slides chosen into the library draft (`POST /api/library/imports/:id/slides`).
 */
export const libraryImportMaxBytes = 100 * 1024 * 1024;

/** The types a browser may send a `.pptx` as. */
export const pptxContentTypes = [
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/octet-stream',
] as const;

export const libraryImportMessages = {
  tooLarge: 'PowerPoint files can be at most 100 MB.',
  notPptx: 'This file is not a PowerPoint presentation (.pptx).',
  empty: 'The file is empty.',
  nothingChosen: 'Choose at least one slide to import.',
  notReady: 'This file is still being read.',
  failed: 'This file could not be imported.',
  replacedGone: 'The library slide it was to replace is no longer in the draft.',
  replacedTwice: 'Another slide chosen replaces the same library slide.',
  replacedNotImported: 'Only a library slide imported from a PowerPoint can be replaced by one.',
} as const;

const isoDateTime = z.iso.datetime({ offset: true });

/** Something of a slide that did not import as editable elements, and what was done instead. */
export const notImportedSchema = z.object({
  kind: z.string(),
  why: z.string(),
  count: z.number().int().optional(),
});
export type NotImported = z.infer<typeof notImportedSchema>;

/** Text that looks like a field (`{{Client Name}}`, `[Client]`, `<<date>>`) and what it may mean. */
export const importFieldSchema = z.object({
  text: z.string(),
  label: z.string(),
  suggestion: z.enum(bindingPaths).optional(),
});
export type ImportField = z.infer<typeof importFieldSchema>;

export const importCandidateSchema = z.object({
  number: z.number().int().positive(),
  title: z.string(),
  /** Hidden in the original slide show: offered, not chosen by default. */
  hidden: z.boolean(),
  /** Our engine's drawing of the slide (an SVG address). */
  thumbnail: z.string(),
  /** How the slide looked in the original, drawn by the office renderer (a PNG address), when the server has one. */
  original: z.string().nullable(),
  /** Elements made, by kind. */
  imported: z.record(z.string(), z.number().int()),
  notImported: z.array(notImportedSchema),
  /** Typefaces named and the bundled family each is drawn in. */
  fonts: z.array(z.object({ from: z.string(), to: z.string() })),
  fields: z.array(importFieldSchema),
  /**
   * The library draft's slide imported before from this very slide (an earlier copy of the
   * file): importing the slide again replaces it, unless the editor adds it as a new slide.
   */
  replaces: z.object({ id: z.string(), title: z.string(), category: z.string() }).nullable(),
});
export type ImportCandidate = z.infer<typeof importCandidateSchema>;

export const libraryImportStates = ['reading', 'ready', 'failed'] as const;

export const libraryImportResponseSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  state: z.enum(libraryImportStates),
  /** While reading: slides read so far of how many (when known). */
  progress: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
  /** Why the file could not be imported, for a person. */
  error: z.string().nullable(),
  createdAt: isoDateTime,
  /** The slide size of the original, in points. */
  slideSize: z.object({ width: z.number(), height: z.number() }).nullable(),
  candidates: z.array(importCandidateSchema),
});
export type LibraryImportResponse = z.infer<typeof libraryImportResponseSchema>;

/** A binding a field is mapped to, or null to keep the text as written. */
export const fieldChoiceSchema = z.enum(bindingPaths).nullable();

export const importSlidesRequestSchema = z.object({
  slides: z
    .array(
      z.object({
        number: z.number().int().positive(),
        title: plainText('Title').trim().min(1, 'Give the slide a title').max(120),
        category: z.string().min(1).max(64),
        /** Each field's text (as `fields[].text` gives it) → its binding, or null. */
        fields: z.record(z.string().max(200), fieldChoiceSchema).default({}),
        /**
         * The draft slide this one replaces (its document id, as `replaces.id` offers it): it
         * keeps its id and its place in the library. Absent or null: a new slide.
         */
        replace: z.string().min(1).max(64).nullable().optional(),
      }),
    )
    .min(1, libraryImportMessages.nothingChosen)
    .max(500),
});
export type ImportSlidesRequest = z.input<typeof importSlidesRequestSchema>;

export const importSlidesResponseSchema = z.object({
  /** The ids the new draft slides got, in the order imported. */
  created: z.array(z.string()),
  /** The draft slides replaced by a newer copy of theirs, in the order imported. */
  replaced: z.array(z.string()),
});
export type ImportSlidesResponse = z.infer<typeof importSlidesResponseSchema>;
