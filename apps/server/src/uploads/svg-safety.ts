import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { AppError } from '../http/app-error.ts';

export const unsafeSvgMessage =
  'This SVG has a script, an embedded page or a link to another file, which a slide picture may not have. Save it again without them, or upload a PNG.';

/** What a compressed drawing (.svgz) may unpack to: no more than a picture may be sent as. */
export const svgzMaxBytes = 10 * 1024 * 1024;

export const svgzTooLargeMessage =
  'This compressed SVG (.svgz) unpacks to more than 10 MB. Save it as a plain, smaller SVG, or upload a PNG.';

const inflate = promisify(gunzip);

/** Whether the bytes are gzip-compressed (an .svgz drawing, or anything else packed with gzip). */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/**
 * Unpacks a gzip-compressed drawing so that what is checked is what gets drawn: the picture
 * decoder would otherwise unpack it itself, after the check had only seen compressed bytes.
 * Unpacked on the thread pool, and stopped at `svgzMaxBytes` (a few kilobytes can unpack to
 * gigabytes). Answers undefined when the bytes are not gzip that unpacks.
 */
export async function unpackSvgz(bytes: Buffer): Promise<Buffer | undefined> {
  try {
    return await inflate(bytes, { maxOutputLength: svgzMaxBytes });
  } catch (error) {
    if (error instanceof RangeError) {
      throw new AppError('validation_failed', svgzTooLargeMessage);
    }
    return undefined;
  }
}

// A reference that stays inside the file: a `#fragment`, or an inline PNG, JPEG, WebP or GIF.
// The spaces before it are taken whole (the lookahead and back-reference), so the test after
// them cannot be passed by giving some of them back.
const localRef = String.raw`(?!#|data:image\/(?:png|jpeg|webp|gif);base64,)`;
/** An `href` or `src` naming anything else. */
const foreignAttribute = new RegExp(
  String.raw`(?:href|src)\s*=\s*["'](?=(\s*))\1${localRef}[^"']*["']`,
  'i',
);
/** A CSS `url(…)` naming anything else. */
const foreignUrl = new RegExp(String.raw`url\((?=(\s*["']?\s*))\1${localRef}`, 'i');

/**
 * What an SVG may not hold to become a library picture: scripts and event handlers, embedded
 * HTML, document type declarations (entities), and references to anything outside the file
 * (only `#fragment` links and inline PNG, JPEG, WebP or GIF data stay). Refused as a whole rather
 * than cleaned: the editor learns what was wrong, and nothing half-stripped is kept. Each test is
 * one pass over the text, stopping at the first find: a drawing of many megabytes is checked in
 * milliseconds, on the request's thread.
 */
export function assertSafeSvg(bytes: Buffer) {
  const text = bytes.toString('utf8');
  const isUnsafe =
    /<script[\s>/]/i.test(text) ||
    /<foreignObject[\s>/]/i.test(text) ||
    /<!DOCTYPE|<!ENTITY/i.test(text) ||
    /\son[a-z]+\s*=/i.test(text) ||
    /javascript:/i.test(text) ||
    /@import/i.test(text) ||
    foreignAttribute.test(text) ||
    foreignUrl.test(text);
  if (isUnsafe) throw new AppError('validation_failed', unsafeSvgMessage);
}
