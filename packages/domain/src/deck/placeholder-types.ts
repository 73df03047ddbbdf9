import { z } from 'zod';
import { plainText } from '../text.ts';

/** Placeholder types a layout may carry (the Google Slides names the spec's client used). */
export const PLACEHOLDER_TYPES = [
  'TITLE',
  'CENTERED_TITLE',
  'SUBTITLE',
  'BODY',
  'CONTENT',
  'CAPTION',
  'BIG_NUMBER',
  'PICTURE',
  'MEDIA',
  'ONLINE_IMAGE',
  'SLIDE_IMAGE',
] as const;
export const placeholderTypeSchema = z.enum(PLACEHOLDER_TYPES, {
  error: 'Unknown placeholder type',
});
export type PlaceholderType = z.infer<typeof placeholderTypeSchema>;

const IMAGE_TYPES: ReadonlySet<PlaceholderType> = new Set([
  'PICTURE',
  'MEDIA',
  'ONLINE_IMAGE',
  'SLIDE_IMAGE',
]);
const MULTILINE_TYPES: ReadonlySet<PlaceholderType> = new Set(['BODY', 'CONTENT']);

/** Whether a placeholder takes a picture URL rather than text (SPEC.md §5). */
export function isImagePlaceholder(type: PlaceholderType): boolean {
  return IMAGE_TYPES.has(type);
}

/** The input a rep gets for a placeholder (SPEC.md §5): multi-line box, URL field or one line. */
export function placeholderInputKind(type: PlaceholderType): 'multiline' | 'url' | 'text' {
  if (MULTILINE_TYPES.has(type)) return 'multiline';
  if (IMAGE_TYPES.has(type)) return 'url';
  return 'text';
}

export const placeholderSchema = z.object({
  objectId: plainText('Placeholder').min(1).max(100),
  label: plainText('Placeholder label').max(200),
  type: placeholderTypeSchema,
});
export type Placeholder = z.infer<typeof placeholderSchema>;
