// Turning a picture someone uploaded into one fit to keep. The web process asks its render
// process for it (ADR 077): the decoding, the largest CPU work a request brings, then runs at
// the background priority with the decks, away from the request thread's locks. Tests and
// tools without a render process decode here (`decodePicturesHere`).
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import type { uploads } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { firstBytesOf, type LocalFile } from '../storage/local-file.ts';
import { assertSafeSvg, isGzip, unpackSvgz } from './svg-safety.ts';

/** What kind of file an upload is; fonts are stored by the library's own route (library-fonts.ts). */
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
 * How many pictures are decoded at once: one core is left to the request thread, so that
 * several large photos arriving together never hold up the answers to everyone else (on two
 * cores, one at a time; each decode takes a fraction of a second).
 */
const decodingSlots = Math.max(1, availableParallelism() - 1);
// And each decode on as many threads: libvips would otherwise spread one photo over every core.
sharp.concurrency(decodingSlots);
// libvips keeps recent operations' results (up to 50 MB) for a caller that asks again; every
// upload is a new picture, so none would be asked again: none is kept.
sharp.cache(false);
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
 * nothing of the original file (metadata, a second payload) is kept or served back.
 */
async function normalise(sent: Buffer | LocalFile, kind: UploadKind): Promise<PictureOutcome> {
  const notAPicture = {
    refused: kind === 'library_picture' ? notALibraryPictureMessage : notAPictureMessage,
  };
  try {
    // Of packed files, only a compressed drawing (.svgz) is a picture, and only where drawings
    // are taken; it is unpacked here so that the check below reads what will be drawn.
    // A file on disk is decoded by sharp from the disk: its bytes never enter this process whole.
    let input: Buffer | string = Buffer.isBuffer(sent) ? sent : sent.path;
    const isPacked = isGzip(Buffer.isBuffer(sent) ? sent : await firstBytesOf(sent, 2));
    if (isPacked) {
      const unpacked =
        kind === 'library_picture' ? await unpackSvgz(await wholePicture(sent)) : undefined;
      if (!unpacked || isGzip(unpacked)) return notAPicture;
      input = unpacked;
    }
    const probe = await sharp(input, { limitInputPixels: 40_000_000 }).metadata();
    if (!probe.format || !formatsOf(kind).includes(probe.format)) return notAPicture;
    if (isPacked && probe.format !== 'svg') return notAPicture;
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
      picture: {
        data: out.data,
        contentType: meta.hasAlpha ? 'image/png' : 'image/jpeg',
        width: out.info.width,
        height: out.info.height,
      },
    };
  } catch (error) {
    // The drawing checks' refusals (a script in an SVG, a .svgz too large) say what was wrong.
    if (error instanceof AppError) return { refused: error.message };
    return notAPicture;
  }
}
