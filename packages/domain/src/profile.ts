import { z } from 'zod';
import { fullNameSchema } from './auth.ts';
import { plainText } from './text.ts';
import { deckLanguageSchema } from './markets/languages.ts';
import { marketCodeSchema } from './markets/markets.ts';

/** Picture files a user may upload (a profile photo, a custom slide's picture). */
export const uploadContentTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const uploadMaxBytes = 10 * 1024 * 1024;

/** An optional one-line field: blank means "not given" and is stored as null. */
function optionalLine(label: string, max: number) {
  return plainText(label)
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .transform((value) => (value === '' ? null : value));
}

export const phoneSchema = optionalLine('Phone', 40).refine(
  (value) =>
    value === null || (/^\+?[\d\s().\-/]+$/.test(value) && /\d{3}/.test(value.replace(/\D/g, ''))),
  'Enter a phone number with digits, spaces and + - ( ) only.',
);

/** What a user may change of their own profile (their e-mail is their sign-in and stays). */
export const profileUpdateSchema = z.object({
  name: fullNameSchema,
  jobTitle: optionalLine('Job title', 100),
  phone: phoneSchema,
  /**
   * The market and language the rep's new decks start with (issue 50); null for the portal's
   * (US, English), left out to keep what is saved.
   */
  market: marketCodeSchema.nullable().optional(),
  language: deckLanguageSchema.nullable().optional(),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;
export type ProfileValues = z.output<typeof profileUpdateSchema>;

export const profileSchema = z.object({
  name: z.string(),
  email: z.string(),
  jobTitle: z.string().nullable(),
  phone: z.string().nullable(),
  /** The photo clients see: an uploaded one, else the Google picture, else none. */
  photoUrl: z.string().nullable(),
  hasUploadedPhoto: z.boolean(),
  /** The rep's default market and language for new decks (null: the portal's). */
  market: z.string().nullable().optional(),
  language: z.string().nullable().optional(),
});
export type Profile = z.infer<typeof profileSchema>;

export const uploadResponseSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
