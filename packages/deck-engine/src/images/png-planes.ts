import { promisify } from 'node:util';
import { deflate, inflate } from 'node:zlib';

const inflated = promisify(inflate);
const deflated = promisify(deflate);

/** A PNG's colour and alpha, each plane deflated as a PDF embeds it (an image and its SMask). */
export interface PngPlanes {
  imgData: Uint8Array;
  alphaChannel: Uint8Array;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Samples per pixel of the PNGs split here: grey with alpha (4) and RGB with alpha (6). */
const CHANNELS: Readonly<Record<number, number>> = { 4: 2, 6: 4 };

function chunkType(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
}

/** Undoes each scanline's filter (PNG's None, Sub, Up, Average, Paeth); false on a bad one. */
function unfilter(
  data: Uint8Array,
  pixels: Uint8Array,
  stride: number,
  height: number,
  bpp: number,
): boolean {
  let at = 0;
  for (let row = 0; row < height; row += 1) {
    const filter = data[at++];
    const start = row * stride;
    const above = start - stride;
    for (let i = 0; i < stride; i += 1) {
      const raw = data[at++]!;
      const left = i < bpp ? 0 : pixels[start + i - bpp]!;
      const up = row === 0 ? 0 : pixels[above + i]!;
      let value: number;
      switch (filter) {
        case 0:
          value = raw;
          break;
        case 1:
          value = raw + left;
          break;
        case 2:
          value = raw + up;
          break;
        case 3:
          value = raw + ((left + up) >> 1);
          break;
        case 4: {
          const upLeft = row === 0 || i < bpp ? 0 : pixels[above + i - bpp]!;
          const p = left + up - upLeft;
          const pa = Math.abs(p - left);
          const pb = Math.abs(p - up);
          const pc = Math.abs(p - upLeft);
          value = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
          break;
        }
        default:
          return false;
      }
      pixels[start + i] = value & 0xff;
    }
  }
  return true;
}

/**
 * The colour and alpha planes of an 8-bit, non-interlaced PNG with transparency, deflated: the
 * same bytes pdfkit 0.20 writes for one (it decodes with png-js, splits the samples and deflates
 * each plane with zlib's defaults; a palette picture keeps its compressed indices and gets an
 * alpha plane from its tRNS entries), but inflated and deflated on libuv's threads and unfiltered
 * in one pass, where pdfkit spends ~100 ms of the first deck's main thread on a 1200 × 800
 * picture. Undefined for any other PNG (pdfkit then does its own work, or none).
 */
export async function pngPlanes(bytes: Uint8Array): Promise<PngPlanes | undefined> {
  if (bytes.length < 33 || SIGNATURE.some((b, i) => bytes[i] !== b)) return undefined;
  if (chunkType(bytes, 12) !== 'IHDR') return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const colorType = bytes[25]!;
  const channels = colorType === 3 ? 1 : CHANNELS[colorType];
  // Bit depth 8, compression 0, filter method 0, not interlaced.
  if (!channels || bytes[24] !== 8 || bytes[26] !== 0 || bytes[27] !== 0 || bytes[28] !== 0) {
    return undefined;
  }
  const parts: Uint8Array[] = [];
  let entries: Uint8Array | undefined;
  for (let at = 8; at + 8 <= bytes.length;) {
    const length = view.getUint32(at);
    const type = chunkType(bytes, at + 4);
    if (type === 'IDAT') parts.push(bytes.subarray(at + 8, at + 8 + length));
    if (type === 'tRNS') entries = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IEND') break;
    at += 12 + length;
  }
  // A palette picture without transparent entries is embedded as it is.
  if (colorType === 3 && !entries) return undefined;
  const compressed = Buffer.concat(parts);
  const data = await inflated(compressed).catch(() => undefined);
  if (!data) return undefined;
  const stride = width * channels;
  if (width === 0 || data.length < (stride + 1) * height) return undefined;
  const pixels = new Uint8Array(stride * height);
  if (!unfilter(data, pixels, stride, height, channels)) return undefined;
  if (entries) {
    // As png-js reads tRNS: the entries, then opaque up to index 254; index 255 past them
    // reads as fully transparent.
    const alphaOf = new Uint8Array(256);
    alphaOf.set(entries.subarray(0, 256));
    alphaOf.fill(255, Math.min(entries.length, 255), 255);
    const alpha = new Uint8Array(width * height);
    for (let i = 0; i < alpha.length; i += 1) alpha[i] = alphaOf[pixels[i]!]!;
    return { imgData: new Uint8Array(compressed), alphaChannel: await deflated(alpha) };
  }
  const colours = channels - 1;
  const colour = new Uint8Array(width * height * colours);
  const alpha = new Uint8Array(width * height);
  for (let p = 0, c = 0, a = 0; p < pixels.length;) {
    for (let k = 0; k < colours; k += 1) colour[c++] = pixels[p++]!;
    alpha[a++] = pixels[p++]!;
  }
  const [imgData, alphaChannel] = await Promise.all([deflated(colour), deflated(alpha)]);
  return { imgData, alphaChannel };
}

/** Split planes kept by picture hash, at most this many (then the keeping starts over). */
const MOST_KEPT = 100;

/**
 * Splits the PNGs among `pictures` that `known` lacks (see {@link pngPlanes}) and keeps their
 * planes there by picture hash; undefined when there is no PNG to look at (nothing to wait for).
 */
export function splitPictures(
  pictures: Iterable<{ hash: string; mime: string; data: Uint8Array }>,
  known: Map<string, PngPlanes>,
): Promise<void> | undefined {
  const pending = new Map<string, Uint8Array>();
  for (const { hash, mime, data } of pictures) {
    if (mime === 'image/png' && !known.has(hash)) pending.set(hash, data);
  }
  if (pending.size === 0) return undefined;
  return Promise.all(
    [...pending].map(async ([hash, data]) => {
      const planes = await pngPlanes(data);
      if (!planes) return;
      if (known.size >= MOST_KEPT) known.clear();
      known.set(hash, planes);
    }),
  ).then(() => undefined);
}
