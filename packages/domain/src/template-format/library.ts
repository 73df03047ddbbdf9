import { z } from 'zod';
import { libraryTranslationsSchema } from './translations.ts';
import { plainText } from '../text.ts';
import { brandColorNames } from './colors-and-fonts.ts';
import {
  templateFormatVersion,
  templateLayoutsSchema,
  templatePartsSchema,
  templateSlideDocumentsSchema,
} from './documents.ts';
import type { TemplateElement } from './elements.ts';

const brandText = (label: string, max: number) =>
  plainText(label).trim().max(max, `${label} must be at most ${max} characters`);

/** The weights a brand's font may have a file for. */
export const brandFontWeights = ['regular', 'medium', 'semibold', 'bold'] as const;

const brandFontFile = z
  .string()
  .regex(/^\/api\/uploads\/[0-9a-f-]{36}$/i, 'must be a font uploaded to the library');

/**
 * The company whose decks these are: its name and contact lines (the `brand.*` bindings) and its
 * palette, each colour as `RRGGBB`.
 */
export const brandSchema = z
  .object({
    name: brandText('The company name', 60).min(1, 'The company name is required'),
    legalName: brandText('The legal name', 120),
    tagline: brandText('The tagline', 300),
    website: brandText('The website', 120),
    email: brandText('The e-mail', 120),
    phone: brandText('The phone', 60),
    address: brandText('The address', 200),
    /** A library picture (`/api/uploads/{id}`) drawn where the brand's mark stands; none: the drawn mark. */
    logo: z
      .string()
      .regex(/^\/api\/uploads\/[0-9a-f-]{36}$/i, 'must be a picture uploaded to the library')
      .optional(),
    /**
     * The company's own font family: an uploaded TTF, OTF or WOFF2 file (`/api/uploads/{id}`,
     * checked to be a font) per weight; a weight left out is drawn with the nearest one given.
     * None: the built-in family (Inter).
     */
    font: z
      .object({
        regular: brandFontFile,
        medium: brandFontFile.optional(),
        semibold: brandFontFile.optional(),
        bold: brandFontFile.optional(),
      })
      .strict()
      .optional(),
    colors: z
      .object(
        Object.fromEntries(
          brandColorNames.map((name) => [
            name,
            z.string().regex(/^[0-9A-Fa-f]{6}$/, 'must be a colour as RRGGBB'),
          ]),
        ) as Record<(typeof brandColorNames)[number], z.ZodString>,
      )
      .strict(),
  })
  .strict();
export type Brand = z.infer<typeof brandSchema>;

/**
 * One category of slides: its id, the name editors and reps file slides under, the label a
 * client reads on its slides (eyebrows, the agenda) and its colour (`#RRGGBB`). A category
 * stored before labels existed has none: `categoryLabel` says what a client reads then.
 */
export const libraryCategorySchema = z
  .object({
    id: z
      .string()
      .regex(/^[a-z][a-z0-9-]{0,31}$/, 'an id is lower-case letters, digits and dashes'),
    name: plainText('The name').trim().min(1, 'The name is required').max(40),
    label: plainText('The client label').trim().max(40).optional(),
    color: z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'must be a colour as #RRGGBB'),
  })
  .strict();

export const libraryCategoriesSchema = z
  .array(libraryCategorySchema)
  .min(1, 'Keep at least one category')
  .max(30)
  .superRefine((categories, context) => {
    const seen = new Set<string>();
    categories.forEach((category, i) => {
      if (seen.has(category.id)) {
        context.addIssue({
          code: 'custom',
          path: [i, 'id'],
          message: `"${category.id}" names another category`,
        });
      }
      seen.add(category.id);
    });
  });

/**
 * A whole library as documents: what a published library version holds, and what the engine
 * draws decks from. Ids are unique; every part a document places exists.
 */
export const templateLibraryDocumentsSchema = z
  .object({
    format: z.literal(templateFormatVersion),
    /** The brand the library draws with; the built-in one when absent. */
    brand: brandSchema.optional(),
    /** The categories slides belong to, in the order reps see them; the built-in ones when absent. */
    categories: libraryCategoriesSchema.optional(),
    slides: templateSlideDocumentsSchema.min(1).max(500),
    layouts: templateLayoutsSchema.max(200),
    parts: templatePartsSchema.max(100),
    /** The library's texts in other languages, by language tag (translations.ts). */
    translations: libraryTranslationsSchema.optional(),
  })
  .strict()
  .superRefine((library, context) => {
    if (library.categories) {
      const categoryIds = new Set(library.categories.map((category) => category.id));
      library.slides.forEach((slide, i) => {
        if (!categoryIds.has(slide.category)) {
          context.addIssue({
            code: 'custom',
            path: ['slides', i, 'category'],
            message: `the library has no category "${slide.category}"`,
          });
        }
      });
    }
    const partIds = new Set(library.parts.map((part) => part.id));
    for (const key of ['slides', 'layouts', 'parts'] as const) {
      const seen = new Set<string>();
      library[key].forEach((document, i) => {
        if (seen.has(document.id)) {
          context.addIssue({
            code: 'custom',
            path: [key, i, 'id'],
            message: `"${document.id}" is used by another of the library's ${key}`,
          });
        }
        seen.add(document.id);
        const placed = (elements: readonly TemplateElement[]) =>
          elements.forEach((element, j) => {
            if (element.kind === 'part' && !partIds.has(element.part)) {
              context.addIssue({
                code: 'custom',
                path: [key, i, 'elements', j, 'part'],
                message: `the library has no part "${element.part}"`,
              });
            }
          });
        placed(document.elements);
      });
    }
  });
export type TemplateLibraryDocuments = z.infer<typeof templateLibraryDocumentsSchema>;
