import { z } from 'zod';

/**
 * Where an imported slide came from: the file's name, when the presentation was first made (when
 * the file says: it stays through every save, whatever the file is named) and the slide's id in
 * it (`p:sldId`, which stays with the slide when slides are moved, added or removed).
 */
export const importedSlideSourceSchema = z
  .object({
    file: z.string().min(1).max(200),
    created: z.iso.datetime().optional(),
    slide: z
      .number()
      .int()
      .min(256)
      .max(2 ** 31 - 1),
  })
  .strict();
export type ImportedSlideSource = z.infer<typeof importedSlideSourceSchema>;

/**
 * Whether a slide read from a file is the one a library slide was imported from: the same slide
 * id, in a presentation first made at the same time (or, where either file does not say when, of
 * the same name).
 */
export function isSameImportedSlide(a: ImportedSlideSource, b: ImportedSlideSource): boolean {
  if (a.slide !== b.slide) return false;
  return a.created !== undefined && b.created !== undefined
    ? a.created === b.created
    : a.file === b.file;
}
