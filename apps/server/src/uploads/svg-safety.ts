import { AppError } from '../http/app-error.ts';

export const unsafeSvgMessage =
  'This SVG has a script, an embedded page or a link to another file, which a slide picture may not have. Save it again without them, or upload a PNG.';

/**
 * What an SVG may not hold to become a library picture: scripts and event handlers, embedded
 * HTML, document type declarations (entities), and references to anything outside the file
 * (only `#fragment` links and inline PNG, JPEG, WebP or GIF data stay). Refused as a whole rather
 * than cleaned: the editor learns what was wrong, and nothing half-stripped is kept.
 */
export function assertSafeSvg(bytes: Buffer) {
  const text = bytes.toString('utf8');
  const refs = [...text.matchAll(/(?:href|src)\s*=\s*["']\s*([^"']*)["']/gi)].map((m) => m[1]!);
  const urls = [...text.matchAll(/url\(\s*["']?\s*([^"')]*)/gi)].map((m) => m[1]!);
  const isLocal = (ref: string) =>
    ref.startsWith('#') || /^data:image\/(?:png|jpeg|webp|gif);base64,/i.test(ref);
  const isUnsafe =
    /<script[\s>/]/i.test(text) ||
    /<foreignObject[\s>/]/i.test(text) ||
    /<!DOCTYPE|<!ENTITY/i.test(text) ||
    /\son[a-z]+\s*=/i.test(text) ||
    /javascript:/i.test(text) ||
    /@import/i.test(text) ||
    [...refs, ...urls].some((ref) => !isLocal(ref.trim()));
  if (isUnsafe) throw new AppError('validation_failed', unsafeSvgMessage);
}
