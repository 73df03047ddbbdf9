// Turning a picture someone uploaded into one fit to keep. The web process asks its render
// process for it (ADR 077): the decoding, the largest CPU work a request brings, then runs at
// the background priority with the decks, away from the request thread's locks. Tests and
// tools without a render process decode in their own process (`decodePicturesHere`).
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import type { uploads } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { firstBytesOf, type LocalFile } from '../storage/local-file.ts';
import { assertSafeSvg, isGzip, unpackSvgz } from './svg-safety.ts';

/** What kind of file an upload is (fonts are stored by the library's route, library-fonts.ts). */
export type UploadKind = Exclude<(typeof uploads.$inferSelect)['kind'], 'library_font'>;

export const notAPictureMessage =
  'This file is not a picture we can use. Upload a PNG, JPEG, WebP or GIF.';
const notALibraryPictureMessage =
  'This file is not a picture we can use. Upload a PNG, JPEG, WebP, GIF or SVG.';

/** Longest side kept: a profile photo is shown small; a slide picture may fill a slide at 2×. */
const maxSide: Record<UploadKind, number> = {
  profile_photo: 512,
  slide_picture: 2400,
  library_picture: 2400,
};

/** A picture as it is kept: PNG where it has transparency, JPEG otherwise. */
export type NormalisedPicture = {
  /** (A Buffer crosses the render process's channel as a Buffer.) */
  data: Buffer;
  contentType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
};

/**
 * The picture made fit to keep, or why it was refused, in words for the person who sent it.
 * Plain data either way: it crosses the render process's channel, where an error's class is lost.
 */
export type PictureOutcome = { picture: NormalisedPicture } | { refused: string };

/** Where uploaded pictures are decoded (`Services.pictureDecoder`). */
export interface PictureDecoder {
  /** `sent` is the bytes, or a file on this machine's disk (read there by its path). */
  normalisePicture(sent: Buffer | LocalFile, kind: UploadKind): Promise<PictureOutcome>;
}

/** Decodes in this process, one picture at a time per free core. */
export const decodePicturesHere: PictureDecoder = {
  normalisePicture: (sent, kind) => decodingTurn(() => normalise(sent, kind)),
};

/** Library pictures may also be SVG drawings (checked, then drawn as PNG). */
const formatsOf = (kind: UploadKind) =>
  kind === 'library_picture'
    ? ['png', 'jpeg', 'webp', 'gif', 'svg']
    : ['png', 'jpeg', 'webp', 'gif'];

/** The whole picture in memory: for the few kinds checked as text (drawings), never photos. */
const wholePicture = (picture: Buffer | LocalFile) =>
  Buffer.isBuffer(picture) ? Promise.resolve(picture) : readFile(picture.path);

/**
 * How many pictures are decoded at once: one fewer than the cores (at least one), so that several
 * large photos arriving together leave a core to the rest (in the web process, the thread
 * answering requests; in the render process, the decks). libvips' own settings are the process's
 * (picture-library.ts).
 */
const decodingSlots = Math.max(1, availableParallelism() - 1);
let decoding = 0;
const waitingToDecode: (() => void)[] = [];

/** Runs `decode` when a decoding slot is free. */
async function decodingTurn<T>(decode: () => Promise<T>): Promise<T> {
  if (decoding >= decodingSlots) {
    await new Promise<void>((resolve) => waitingToDecode.push(resolve));
  } else {
    decoding += 1;
  }
  try {
    return await decode();
  } finally {
    // The slot goes straight to the next in line, or is freed.
    const next = waitingToDecode.shift();
    if (next) next();
    else decoding -= 1;
  }
}

/**
 * Whatever arrives is decoded and written anew, turned upright and shrunk to the kind's size:
 * nothing of the original file (metadata, a second payload) is kept or served back. A refusal
 * (not a picture, an unsafe drawing, a .svgz too large) is an answer; a file that cannot be read
 * is a failure, as any other fault of this machine.
 */
async function normalise(sent: Buffer | LocalFile, kind: UploadKind): Promise<PictureOutcome> {
  try {
    return { picture: await decode(sent, kind) };
  } catch (error) {
    if (error instanceof AppError) return { refused: error.message };
    throw error;
  }
}

async function decode(sent: Buffer | LocalFile, kind: UploadKind): Promise<NormalisedPicture> {
  const notAPicture = new AppError(
    'validation_failed',
    kind === 'library_picture' ? notALibraryPictureMessage : notAPictureMessage,
  );
  // Of packed files, only a compressed drawing (.svgz) is a picture, and only where drawings
  // are taken; it is unpacked here so that the check below reads what will be drawn.
  // A file on disk is decoded by sharp from the disk: its bytes never enter this process whole.
  let input: Buffer | string = Buffer.isBuffer(sent) ? sent : sent.path;
  const isPacked = isGzip(Buffer.isBuffer(sent) ? sent : await firstBytesOf(sent, 2));
  if (isPacked) {
    const unpacked =
      kind === 'library_picture' ? await unpackSvgz(await wholePicture(sent)) : undefined;
    if (!unpacked || isGzip(unpacked)) throw notAPicture;
    input = unpacked;
  }
  try {
    const probe = await sharp(input, { limitInputPixels: 40_000_000 }).metadata();
    if (!probe.format || !formatsOf(kind).includes(probe.format)) throw notAPicture;
    if (isPacked && probe.format !== 'svg') throw notAPicture;
    if (probe.format === 'svg') {
      input = typeof input === 'string' ? await readFile(input) : input;
      assertSafeSvg(input);
    }
    // An SVG is drawn at twice its size, for a sharp picture on a projector.
    const image = sharp(input, {
      animated: false,
      limitInputPixels: 40_000_000,
      ...(probe.format === 'svg' ? { density: 144 } : {}),
    });
    const meta = await image.metadata();
    const side = maxSide[kind];
    const resized = image
      .rotate()
      .resize(
        kind === 'profile_photo'
          ? { width: side, height: side, fit: 'cover', withoutEnlargement: true }
          : { width: side, height: side, fit: 'inside', withoutEnlargement: true },
      );
    const out = meta.hasAlpha
      ? await resized.png().toBuffer({ resolveWithObject: true })
      : await resized.jpeg({ quality: 86 }).toBuffer({ resolveWithObject: true });
    return {
      data: out.data,
      contentType: meta.hasAlpha ? 'image/png' : 'image/jpeg',
      width: out.info.width,
      height: out.info.height,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notAPicture;
  }
}
