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

/**
 * Undoes each scanline's filter (PNG's None, Sub, Up, Average, Paeth) in place: row r's samples
 * are data[r * (stride + 1) + 1 …], after its filter byte. One loop per filter, so a first
 * deck's interpreter runs a few simple loops rather than a switch per sample. False on a bad one.
 */
function unfilter(data: Uint8Array, stride: number, height: number, bpp: number): boolean {
  const line = stride + 1;
  for (let row = 0; row < height; row += 1) {
    const start = row * line + 1;
    const end = start + stride;
    const above = start - line;
    const filter = data[start - 1];
    if (filter === 0) continue;
    if (filter === 1) {
      for (let i = start + bpp; i < end; i += 1) data[i] = (data[i]! + data[i - bpp]!) & 0xff;
    } else if (filter === 2) {
      if (row === 0) continue;
      for (let i = start; i < end; i += 1) data[i] = (data[i]! + data[above + i - start]!) & 0xff;
    } else if (filter === 3) {
      if (row === 0) {
        for (let i = start + bpp; i < end; i += 1)
          data[i] = (data[i]! + (data[i - bpp]! >> 1)) & 0xff;
      } else {
        const up = above - start;
        for (let i = start; i < start + bpp; i += 1)
          data[i] = (data[i]! + (data[i + up]! >> 1)) & 0xff;
        for (let i = start + bpp; i < end; i += 1) {
          data[i] = (data[i]! + ((data[i - bpp]! + data[i + up]!) >> 1)) & 0xff;
        }
      }
    } else if (filter === 4) {
      if (row === 0) {
        // Above the first row is zero: Paeth picks the left sample, as Sub does.
        for (let i = start + bpp; i < end; i += 1) data[i] = (data[i]! + data[i - bpp]!) & 0xff;
      } else {
        const up = above - start;
        // Left of the first pixel is zero: Paeth picks the sample above, as Up does.
        for (let i = start; i < start + bpp; i += 1) data[i] = (data[i]! + data[i + up]!) & 0xff;
        for (let i = start + bpp; i < end; i += 1) {
          const a = data[i - bpp]!;
          const b = data[i + up]!;
          const c = data[i + up - bpp]!;
          const pa = Math.abs(b - c);
          const pb = Math.abs(a - c);
          const pc = Math.abs(a + b - c - c);
          data[i] = (data[i]! + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 0xff;
        }
      }
    } else {
      return false;
    }
  }
  return true;
}

/**
 * The colour and alpha planes of an 8-bit, non-interlaced PNG with transparency, deflated: the
 * same bytes pdfkit 0.20 writes for one (it decodes with png-js, splits the samples and deflates
 * each plane with zlib's defaults; a palette picture keeps its compressed indices and gets an
 * alpha plane from its tRNS entries), but inflated and deflated on libuv's threads and unfiltered
 * in place, where pdfkit spends ~100 ms of the first deck's main thread on a 1200 × 800
 * picture. The loops are written for a first deck, whose code V8 has not optimised yet: the
 * bench deck's two such pictures took ~170 ms of CPU cold with a switch per sample, ~90 ms with
 * a loop per filter and per plane (ADR 064). Undefined for any other PNG (pdfkit then does its
 * own work, or none).
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
  if (!unfilter(data, stride, height, channels)) return undefined;
  const line = stride + 1;
  if (entries) {
    // As png-js reads tRNS: the entries, then opaque up to index 254; index 255 past them
    // reads as fully transparent.
    const alphaOf = new Uint8Array(256);
    alphaOf.set(entries.subarray(0, 256));
    alphaOf.fill(255, Math.min(entries.length, 255), 255);
    const alpha = new Uint8Array(width * height);
    for (let row = 0, a = 0; row < height; row += 1) {
      for (let i = row * line + 1, end = i + stride; i < end; i += 1)
        alpha[a++] = alphaOf[data[i]!]!;
    }
    return { imgData: new Uint8Array(compressed), alphaChannel: await deflated(alpha) };
  }
  const colours = channels - 1;
  const colour = new Uint8Array(width * height * colours);
  const alpha = new Uint8Array(width * height);
  for (let row = 0, c = 0, a = 0; row < height; row += 1) {
    const end = row * line + 1 + stride;
    if (colours === 3) {
      for (let p = row * line + 1; p < end; p += 4) {
        colour[c] = data[p]!;
        colour[c + 1] = data[p + 1]!;
        colour[c + 2] = data[p + 2]!;
        alpha[a++] = data[p + 3]!;
        c += 3;
      }
    } else {
      for (let p = row * line + 1; p < end; p += 2) {
        colour[c++] = data[p]!;
        alpha[a++] = data[p + 1]!;
      }
    }
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
