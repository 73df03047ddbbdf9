import { createHash } from 'node:crypto';
import type { Deck } from '../layout/model.ts';
import { fetchImage, type FetchImageOptions, type FetchImageResult } from './fetch-image.ts';
import type { ImageStore, ResolvedImage } from './image-store.ts';
import { seedPicture } from './seed-pictures.ts';
import { sniffImage, type ImageKind } from './sniff-image.ts';

export interface ResolveImagesOptions extends FetchImageOptions {
  /** Replace the network fetch (tests, benchmarks with pictures already in memory). */
  fetcher?: typeof fetchImage;
  /**
   * Pictures the caller already holds, by the address the deck names them with (a rep's
   * uploads, read from the server's store): used as they are, never fetched.
   */
  preloaded?: Readonly<Record<string, Uint8Array>>;
}

/** Longest side of an embedded picture: enough for a full-slide photo at 2× on a projector. */
const MAX_SIDE = 2400;

/**
 * Longest side of a picture in a thumbnail or a preview (the import's review, the library's
 * pages, the editor's preview): a whole-slide picture at 2× a 640 px wide thumbnail. A 10 MB
 * photo drawn whole made a 13 MB thumbnail, which each page showing it downloaded.
 */
export const PREVIEW_MAX_SIDE = 1280;
/** A preview's picture within its size but heavier than this is compressed again. */
const PREVIEW_MAX_BYTES = 512 * 1024;

// Normalised pictures by content hash: the same logo or photo in many decks is converted once.
// Kept by bytes, not by count: a render thread lives for days, and 200 photos near the 10 MB
// upload limit would have held 2 GB. The least recently used go first.
const normalisedCache = new Map<string, ResolvedImage>();
let normalisedCacheBytes = 0;
/** Bytes of normalised pictures one process keeps at most. */
export const NORMALISED_CACHE_BYTES = 48 * 1024 * 1024;

/** Bytes the normalised pictures' cache holds now (for tests). */
export function normalisedPictureBytes() {
  return normalisedCacheBytes;
}

function keepNormalised(hash: string, image: ResolvedImage) {
  // A picture larger than a quarter of the budget would push out everything else for one use.
  if (image.data.length > NORMALISED_CACHE_BYTES / 4) return;
  for (const [oldest, old] of normalisedCache) {
    if (normalisedCacheBytes + image.data.length <= NORMALISED_CACHE_BYTES) break;
    normalisedCache.delete(oldest);
    normalisedCacheBytes -= old.data.length;
  }
  normalisedCache.set(hash, image);
  normalisedCacheBytes += image.data.length;
}

function pngSize(bytes: Buffer): { width: number; height: number } {
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function jpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return undefined;
    const marker = bytes[i + 1]!;
    const length = bytes.readUInt16BE(i + 2);
    // Start-of-frame markers carry the size (C0–CF except C4, C8, CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    }
    i += 2 + length;
  }
  return undefined;
}

/**
 * PNG and JPEG within size pass as they are; everything else goes through sharp to PNG.
 * `preview`: for a thumbnail, at most {@link PREVIEW_MAX_SIDE} and about half a megabyte (as
 * JPEG, unless the picture has transparency).
 */
export async function normaliseImage(
  bytes: Buffer,
  kind: ImageKind,
  { preview = false }: { preview?: boolean } = {},
): Promise<ResolvedImage> {
  const hash = createHash('sha256').update(bytes).digest('hex');
  const key = preview ? `${hash}:preview` : hash;
  const cached = normalisedCache.get(key);
  if (cached) {
    // Used again: now the most recently used (a Map keeps its keys in insertion order).
    normalisedCache.delete(key);
    normalisedCache.set(key, cached);
    return cached;
  }
  const maxSide = preview ? PREVIEW_MAX_SIDE : MAX_SIDE;
  let result: ResolvedImage | undefined;
  if (kind === 'png' || kind === 'jpeg') {
    const size = kind === 'png' ? pngSize(bytes) : jpegSize(bytes);
    if (
      size &&
      size.width > 0 &&
      size.height > 0 &&
      Math.max(size.width, size.height) <= maxSide &&
      (!preview || bytes.length <= PREVIEW_MAX_BYTES)
    ) {
      result = { data: bytes, mime: kind === 'png' ? 'image/png' : 'image/jpeg', ...size, hash };
    }
  }
  if (!result) {
    if (
      kind === 'svg' &&
      /<script|\b(?:xlink:)?href\s*=\s*["'](?!#|data:)/i.test(bytes.toString('utf8'))
    ) {
      throw new Error('SVG pictures with scripts or external references are not allowed');
    }
    result = await convertImage(bytes, kind, maxSide, preview);
  }
  keepNormalised(key, result);
  return result;
}

/** The picture decoded, turned upright and brought within `maxSide`, as PNG or JPEG. */
async function convertImage(
  bytes: Buffer,
  kind: ImageKind,
  maxSide: number,
  preview: boolean,
): Promise<ResolvedImage> {
  // Loaded lazily: decks without pictures to convert never pay for loading sharp.
  const { default: sharp } = await import('sharp');
  const image = sharp(bytes, { animated: false, limitInputPixels: 40_000_000 }).rotate().resize({
    width: maxSide,
    height: maxSide,
    fit: 'inside',
    withoutEnlargement: true,
  });
  // A preview is JPEG unless it has transparency to keep: what matters there is its weight.
  const isJpeg =
    kind === 'jpeg' || (preview && kind !== 'svg' && !(await image.metadata()).hasAlpha);
  const out = isJpeg
    ? await image.jpeg({ quality: preview ? 80 : 85 }).toBuffer({ resolveWithObject: true })
    : await image.png().toBuffer({ resolveWithObject: true });
  return {
    data: out.data,
    mime: isJpeg ? 'image/jpeg' : 'image/png',
    width: out.info.width,
    height: out.info.height,
    hash: createHash('sha256').update(out.data).digest('hex'),
  };
}

/** Every picture URL a deck names, once each, in order of appearance. */
export function imageUrls(deck: Deck): string[] {
  const urls = new Set<string>();
  for (const slide of deck.slides) {
    for (const element of slide.elements) if (element.kind === 'image') urls.add(element.src);
  }
  return [...urls];
}

function readHeld(bytes: Uint8Array): FetchImageResult {
  const kind = sniffImage(bytes);
  return kind
    ? { ok: true, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), kind }
    : { ok: false, reason: 'the file is not a PNG, JPEG, GIF, WebP or SVG picture' };
}

export type PictureCheck =
  { ok: true; width: number; height: number } | { ok: false; reason: string };

/**
 * Whether a picture address can be used in a deck, as generation would find it: fetched
 * under the same rules, then decoded. A rep learns it when typing the address, not from the PDF.
 */
export async function checkPicture(
  url: string,
  options: ResolveImagesOptions = {},
): Promise<PictureCheck> {
  const { fetcher = fetchImage, preloaded: _preloaded, ...fetchOptions } = options;
  const fetched = await fetcher(url, fetchOptions);
  if (!fetched.ok) return { ok: false, reason: fetched.reason };
  try {
    const image = await normaliseImage(fetched.bytes, fetched.kind);
    return { ok: true, width: image.width, height: image.height };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : 'unreadable picture' };
  }
}

/**
 * Fetches and normalises the deck's pictures in parallel. A picture that fails leaves no entry
 * (the renderers draw a marked empty frame) and one warning naming the URL and the reason.
 */
export async function resolveImages(
  deck: Deck,
  options: ResolveImagesOptions = {},
): Promise<{ images: ImageStore; warnings: string[]; failures: Record<string, string> }> {
  const { fetcher = fetchImage, preloaded = {}, ...fetchOptions } = options;
  const images = new Map<string, ResolvedImage>();
  const warnings: string[] = [];
  const failures: Record<string, string> = {};
  const fail = (url: string, reason: string) => {
    failures[url] = reason;
    warnings.push(`Picture ${url} could not be used: ${reason}.`);
  };
  await Promise.all(
    imageUrls(deck).map(async (url) => {
      // The built-in library's own pictures ship with the engine; others are held or fetched.
      const held = Object.hasOwn(preloaded, url) ? preloaded[url] : seedPicture(url);
      const fetched = held ? readHeld(held) : await fetcher(url, fetchOptions);
      if (!fetched.ok) {
        fail(url, fetched.reason);
        return;
      }
      try {
        images.set(url, await normaliseImage(fetched.bytes, fetched.kind));
      } catch (error) {
        fail(url, error instanceof Error ? error.message : 'unreadable picture');
      }
    }),
  );
  warnings.sort();
  return { images, warnings, failures };
}
