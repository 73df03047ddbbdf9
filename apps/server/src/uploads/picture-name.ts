import { pictureTagSchema } from '@deck-portal/domain';

/** Longest name kept; longer ones are cut (a name is for finding a picture, not its story). */
const maxNameLength = 200;
/** Tags a name gives a picture at most; an editor adds more later. */
const maxNameTags = 8;

/**
 * Words a file name says nothing with: joining words, and what cameras, screenshots and exports
 * put in names ("IMG_2031", "final copy").
 */
const stopWords = new Set([
  'a',
  'an',
  'and',
  'at',
  'by',
  'for',
  'from',
  'in',
  'into',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
  'copy',
  'final',
  'new',
  'edit',
  'edited',
  'img',
  'image',
  'dsc',
  'dscn',
  'pic',
  'photo',
  'picture',
  'screenshot',
  'screen',
  'shot',
  'untitled',
  'scaled',
  'px',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'svg',
  'svgz',
]);

/**
 * A picture's name from the `X-File-Name` header (URI-encoded, as the browser sends a file's
 * name): its last path part without control characters, or undefined when none was sent.
 */
export function pictureFileName(header: string | string[] | undefined): string | undefined {
  const raw = Array.isArray(header) ? header[0] : header;
  if (!raw) return undefined;
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    name = raw;
  }
  const cleaned = name
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    // Half an emoji left by a cut cannot be stored.
    .replace(/[\ud800-\udfff]/g, '')
    .split(/[\\/]/)
    .pop()
    ?.trim();
  return cleaned ? cleaned.slice(0, maxNameLength) : undefined;
}

/**
 * The tags a picture starts with, from its name: its words in lower case ("Rooftop-Array_2.jpg"
 * → rooftop, array), without the extension, numbers, single letters and {@link stopWords}.
 */
export function tagsOfName(name: string): string[] {
  const words = name
    .replace(/\.[a-z0-9]{2,5}$/i, '')
    // "RooftopArray" reads as two words, as a person wrote it.
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u);
  const tags: string[] = [];
  for (const word of words) {
    if (word.length < 2 || /^\p{N}+$/u.test(word) || stopWords.has(word)) continue;
    const tag = pictureTagSchema.safeParse(word);
    if (tag.success && !tags.includes(tag.data)) tags.push(tag.data);
    if (tags.length === maxNameTags) break;
  }
  return tags;
}
