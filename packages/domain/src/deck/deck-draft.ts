import { z } from 'zod';
import { plainText } from '../text.ts';
import { isImagePlaceholder, placeholderSchema } from './placeholder-types.ts';
import { pricingTextOverridesSchema, productIdSchema } from './deck-schemas.ts';
import { DECK_LOCALES, DEFAULT_DECK_LOCALE, type DeckLocale } from './locale.ts';
import { deckLanguageSchema, LIBRARY_LANGUAGE } from '../markets/languages.ts';
import { DEFAULT_MARKET_CODE, marketCodeSchema } from '../markets/markets.ts';
import { deckInputValuesSchema } from '../slide-inputs.ts';

/** SPEC.md §5's messages, kept in one place so the form and the server say the same thing. */
export const DECK_DRAFT_MESSAGES = {
  deckTitleRequired: 'Deck title is required',
  clientNameRequired: 'Client name is required',
  dateRequired: 'Date is required',
  dateInvalid: 'Date must be a valid date (YYYY-MM-DD)',
  productsRequired: 'Please select at least one product',
  quantityMin: 'Quantity must be at least 1',
  quantityWhole: 'Quantity must be a whole number',
  quantityMax: 'Quantity must be at most 100,000',
  priceMin: 'Price must be at least 0',
  priceStep: 'Price must be in steps of 0.01',
  priceMax: 'Price must be at most 10,000,000',
  duplicateProduct: 'Each product can be selected once',
  slidesRequired: 'Please select at least one slide',
  customSlideEmpty: 'Please fill in at least one field for this custom slide',
} as const;

export const TEXT_LIMITS = {
  deckTitle: 200,
  headline: 200,
  clientName: 200,
  primaryContact: 200,
  placeholderContent: 5000,
} as const;

/** Required text: whitespace-only fails; stored trimmed. */
function requiredText(message: string, max: number, label: string) {
  return plainText(label, { requiredMessage: message })
    .trim()
    .min(1, message)
    .max(max, `${label} must be at most ${max} characters`);
}

function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A calendar date as `YYYY-MM-DD` (no time, no zone: the deck prints it as written). */
export const deckDateSchema = z
  .string({ error: DECK_DRAFT_MESSAGES.dateRequired })
  .trim()
  .min(1, { message: DECK_DRAFT_MESSAGES.dateRequired, abort: true })
  .refine(isRealDate, DECK_DRAFT_MESSAGES.dateInvalid);

export const deckModeSchema = z.enum(['simple', 'advanced']);
export type DeckMode = z.infer<typeof deckModeSchema>;

const localeIds = DECK_LOCALES.map((locale) => locale.id) as [DeckLocale, ...DeckLocale[]];
export const deckLocaleSchema = z.enum(localeIds, {
  error: 'Choose one of the listed languages for dates and figures',
});

export const basicInfoSchema = z
  .object({
    deckTitle: requiredText(
      DECK_DRAFT_MESSAGES.deckTitleRequired,
      TEXT_LIMITS.deckTitle,
      'Deck title',
    ),
    clientName: requiredText(
      DECK_DRAFT_MESSAGES.clientNameRequired,
      TEXT_LIMITS.clientName,
      'Client name',
    ),
    date: deckDateSchema,
    /** What the client reads as the deck's title (cover, client page, mail, file names); empty for the default. */
    headline: plainText('Headline')
      .trim()
      .max(TEXT_LIMITS.headline, `Headline must be at most ${TEXT_LIMITS.headline} characters`)
      .default(''),
    primaryContact: plainText('Primary contact')
      .trim()
      .max(
        TEXT_LIMITS.primaryContact,
        `Primary contact must be at most ${TEXT_LIMITS.primaryContact} characters`,
      )
      .default(''),
    mode: deckModeSchema.default('simple'),
    /**
     * How the deck writes dates and figures; when absent, as its language writes them in its
     * market (`ja-JP`), the language's first listed locale, or US English.
     */
    locale: deckLocaleSchema.optional(),
    /** The client's market (ISO 3166): its currency, tax and incentives (issue 50). */
    market: marketCodeSchema.default(DEFAULT_MARKET_CODE),
    /** The deck's language (BCP 47): its texts' translations and forms of address. */
    language: deckLanguageSchema.default(LIBRARY_LANGUAGE),
    userId: plainText('User').max(100).optional(),
  })
  .transform(({ locale, ...info }) => ({
    ...info,
    locale: locale ?? deckLocaleFor(info.language, info.market),
  }));
export type BasicInfo = z.infer<typeof basicInfoSchema>;

/** The listed locale a language is written in in a market: `ja-JP`; `en-US` for English in Japan. */
export function deckLocaleFor(language: string, market: string): DeckLocale {
  const exact = DECK_LOCALES.find((locale) => locale.id === `${language}-${market}`);
  const same = DECK_LOCALES.find((locale) => locale.id.startsWith(`${language}-`));
  return (exact ?? same)?.id ?? DEFAULT_DECK_LOCALE;
}

/** A number typed into a form field: numbers pass, numeric strings convert, anything else → `fallback`. */
function numberOr(fallback: number) {
  return (value: unknown): unknown => {
    if (typeof value === 'number') return Number.isFinite(value) ? value : fallback;
    if (typeof value === 'string' && value.trim() !== '') {
      const parsed = Number(value.trim());
      return Number.isFinite(parsed) ? parsed : fallback;
    }
    return fallback;
  };
}

/** SPEC.md §5: a non-numeric quantity becomes 1; at least 1. */
export const quantitySchema = z.preprocess(
  numberOr(1),
  z
    .number()
    .int(DECK_DRAFT_MESSAGES.quantityWhole)
    .min(1, DECK_DRAFT_MESSAGES.quantityMin)
    .max(100_000, DECK_DRAFT_MESSAGES.quantityMax),
);

/** SPEC.md §5: a non-numeric price becomes 0; at least 0, in steps of 0.01. */
export const priceSchema = z.preprocess(
  numberOr(0),
  z
    .number()
    .min(0, DECK_DRAFT_MESSAGES.priceMin)
    .max(10_000_000, DECK_DRAFT_MESSAGES.priceMax)
    // Compare in cents with a tolerance: 19.99 * 100 is 1998.9999999999998 in binary floating point.
    .refine((price) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6, {
      message: DECK_DRAFT_MESSAGES.priceStep,
    }),
);

export const selectedProductSchema = z.object({
  id: productIdSchema,
  quantity: quantitySchema,
  /** The rep's unit price in US dollars (starts at the MSRP). */
  customPricing: priceSchema,
});
export type SelectedProduct = z.infer<typeof selectedProductSchema>;

export const productSelectionSchema = z.object({
  selectedProducts: z
    .array(selectedProductSchema)
    .min(1, DECK_DRAFT_MESSAGES.productsRequired)
    .refine((products) => new Set(products.map((p) => p.id)).size === products.length, {
      message: DECK_DRAFT_MESSAGES.duplicateProduct,
    }),
  includePricing: z.boolean().default(false),
  /** The rep's edits of the pricing texts, per product; they win over the computed values. */
  customPricing: z.partialRecord(productIdSchema, pricingTextOverridesSchema).default({}),
});
export type ProductSelection = z.infer<typeof productSelectionSchema>;

export const customSlideSchema = z
  .object({
    id: plainText('Custom slide id').min(1).max(100),
    layoutId: plainText('Layout').min(1).max(100),
    layoutName: plainText('Layout name').max(200).default(''),
    placeholderContent: z
      .record(
        plainText('Placeholder').max(100),
        plainText('Text', { isMultiline: true }).max(
          TEXT_LIMITS.placeholderContent,
          `Text must be at most ${TEXT_LIMITS.placeholderContent} characters`,
        ),
      )
      .default({}),
    placeholders: z.array(placeholderSchema).max(20).default([]),
    /**
     * Picture placeholders whose picture may be missing: the rep chose to keep a marked empty
     * frame rather than fix or remove the picture. Any other missing picture stops generation.
     */
    keptPlaceholders: z.array(plainText('Placeholder').max(100)).max(20).default([]),
  })
  .superRefine((slide, ctx) => {
    if (slide.placeholders.length === 0) return;
    const hasContent = slide.placeholders.some(
      (p) => (slide.placeholderContent[p.objectId] ?? '').trim() !== '',
    );
    if (!hasContent) {
      ctx.addIssue({
        code: 'custom',
        message: DECK_DRAFT_MESSAGES.customSlideEmpty,
        path: ['placeholderContent'],
      });
    }
  });
export type CustomSlide = z.infer<typeof customSlideSchema>;

export const templateCustomizationSchema = z.object({
  selectedSlides: z
    .array(plainText('Slide').min(1).max(100))
    .min(1, DECK_DRAFT_MESSAGES.slidesRequired)
    .max(200),
  customSlides: z.array(customSlideSchema).max(30).default([]),
  /**
   * The rep's answers to the chosen slides' deck inputs, by input name (slide-inputs.ts); an
   * input left out takes its slide's default, so a deck made before an input existed draws too.
   */
  inputValues: deckInputValuesSchema.optional(),
});
export type TemplateCustomization = z.infer<typeof templateCustomizationSchema>;

/** The whole wizard draft (SPEC.md §3 `deckCreationData`), as `POST /api/generate-slides` takes it. */
export const deckDraftSchema = z.object({
  basicInfo: basicInfoSchema,
  productSelection: productSelectionSchema,
  templateCustomization: templateCustomizationSchema,
});
export type DeckDraft = z.infer<typeof deckDraftSchema>;
/** The draft before parsing (what the browser stores): defaults may be missing. */
export type DeckDraftInput = z.input<typeof deckDraftSchema>;

/** A picture a rep uploaded, as a picture placeholder names it: `/api/uploads/{id}`. */
const uploadedPicture =
  /^\/api\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The upload id a picture value names, or undefined for an address on the web. */
export function uploadIdOf(value: string): string | undefined {
  return uploadedPicture.exec(value.trim())?.[1]?.toLowerCase();
}

/** One picture a draft's custom slides name, where it is and whether a placeholder may stand. */
export interface DraftPicture {
  slideIndex: number;
  objectId: string;
  url: string;
  isKeptAsPlaceholder: boolean;
}

/** Every picture the draft's custom slides name, in order. */
export function draftPictures(customization: TemplateCustomization): DraftPicture[] {
  return customization.customSlides.flatMap((slide, slideIndex) =>
    slide.placeholders.flatMap((placeholder) => {
      const url = (slide.placeholderContent[placeholder.objectId] ?? '').trim();
      if (!isImagePlaceholder(placeholder.type) || url === '') return [];
      return [
        {
          slideIndex,
          objectId: placeholder.objectId,
          url,
          isKeptAsPlaceholder: slide.keptPlaceholders.includes(placeholder.objectId),
        },
      ];
    }),
  );
}
