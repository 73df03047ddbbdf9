import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { uploadMaxBytes, type UploadResponse } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { uploads } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { firstBytesOf, type LocalFile } from '../storage/local-file.ts';
import { tagsOfName } from './picture-name.ts';
import { assertSafeSvg, isGzip, unpackSvgz } from './svg-safety.ts';
import { recordAudit } from '../users/record-audit.ts';

/** What kind of file an upload is; fonts are stored by the library's own route (library-fonts.ts). */
export type UploadKind = Exclude<(typeof uploads.$inferSelect)['kind'], 'library_font'>;

/** Longest side kept: a profile photo is shown small; a slide picture may fill a slide at 2×. */
const maxSide: Record<UploadKind, number> = {
  profile_photo: 512,
  slide_picture: 2400,
  library_picture: 2400,
};

export const notAPictureMessage =
  'This file is not a picture we can use. Upload a PNG, JPEG, WebP or GIF.';
const notALibraryPictureMessage =
  'This file is not a picture we can use. Upload a PNG, JPEG, WebP, GIF or SVG.';

export function uploadPath(id: string) {
  return `/api/uploads/${id}`;
}

/** Where an upload's bytes are in the object store. */
export const uploadObjectKey = (id: string) => `uploads/${id}`;

type UploadServices = Pick<Services, 'db' | 'clock' | 'objects'>;

/**
 * Stores a picture a user uploaded. Whatever arrives is decoded and written anew (PNG for
 * pictures with transparency, JPEG otherwise), turned upright and shrunk to the kind's size:
 * nothing of the original file (metadata, a second payload) is kept or served back.
 */
export async function storeUpload(
  { db, clock, objects }: UploadServices,
  {
    user,
    kind,
    picture,
    name,
  }: {
    user: User;
    kind: UploadKind;
    picture: Buffer | LocalFile;
    /** The file's name as it was sent (see picture-name.ts): shown, searched, and tagged from. */
    name?: string | undefined;
  },
): Promise<UploadResponse> {
  const size = Buffer.isBuffer(picture) ? picture.length : picture.size;
  if (size === 0) throw new AppError('validation_failed', 'The file is empty.');
  if (size > uploadMaxBytes) {
    throw new AppError('payload_too_large', 'Pictures can be at most 10 MB.', { status: 413 });
  }
  const normalised = await decodingTurn(() => normalise(picture, kind));
  // Bytes first, then the row: a row never names bytes that are not there. Bytes whose row
  // never committed are swept (sweep-orphan-files.ts).
  const id = randomUUID();
  await objects.put(uploadObjectKey(id), normalised.data, normalised.contentType);
  const at = clock.now();
  await db.transaction(async (tx) => {
    await tx.insert(uploads).values({
      id,
      ownerId: user.id,
      kind,
      contentType: normalised.contentType,
      byteSize: normalised.data.length,
      sha256: createHash('sha256').update(normalised.data).digest('hex'),
      width: normalised.width,
      height: normalised.height,
      name: name ?? null,
      tags: name ? tagsOfName(name) : [],
      createdAt: at,
    });
    // The library's pictures are shared content: who added which is kept.
    if (kind === 'library_picture') {
      await recordAudit(tx, {
        actorId: user.id,
        action: 'library.picture_uploaded',
        newValue: uploadPath(id),
        at,
      });
    }
  });
  return { id, url: uploadPath(id), width: normalised.width, height: normalised.height };
}

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
// upload is a new picture, so none would be asked again: the web process keeps none.
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

async function normalise(sent: Buffer | LocalFile, kind: UploadKind) {
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

/** An upload's bytes, for someone who may see it (see upload-routes.ts), else undefined. */
export async function loadUpload(
  { db }: Pick<Services, 'db'>,
  { id, viewer }: { id: string; viewer: User },
) {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  if (!row) return undefined;
  // Profile photos are the faces colleagues see next to names; slide pictures belong to the
  // decks of the one who uploaded them, and to managers and admins who look after those decks.
  const mayRead =
    row.kind === 'profile_photo' ||
    // The library's pictures are on the slides every rep builds from.
    row.kind === 'library_picture' ||
    row.ownerId === viewer.id ||
    viewer.role === 'manager' ||
    viewer.role === 'admin';
  return mayRead ? row : undefined;
}

/** An upload's bytes as a stream: from the object store, or from the row for old uploads. */
export async function openUpload(
  { objects }: Pick<Services, 'objects'>,
  row: Pick<typeof uploads.$inferSelect, 'id' | 'content' | 'contentType'>,
) {
  if (row.content) {
    return {
      body: Readable.from([row.content]),
      size: row.content.length,
      contentType: row.contentType,
    };
  }
  const object = await objects.get(uploadObjectKey(row.id));
  if (!object) throw new Error(`the bytes of upload ${row.id} are missing from the store`);
  return { body: object.body, size: object.size, contentType: row.contentType };
}

/** The bytes of an upload, whole (pictures are at most a few megabytes). */
export async function readUpload(
  services: Pick<Services, 'objects'>,
  row: Pick<typeof uploads.$inferSelect, 'id' | 'content' | 'contentType'>,
): Promise<Buffer> {
  return row.content ?? buffer((await openUpload(services, row)).body);
}

/** Deletes uploads and their bytes (rows first: a row never names missing bytes). */
export async function deleteUploads(
  { db, objects }: Pick<Services, 'db' | 'objects'>,
  ids: readonly string[],
) {
  if (ids.length === 0) return;
  for (const id of ids) await db.delete(uploads).where(eq(uploads.id, id));
  await objects.delete(ids.map(uploadObjectKey));
}

/** The uploads among `ids` that one of `ownerIds` uploaded. */
export async function ownUploads(
  { db }: Pick<Services, 'db'>,
  ownerIds: readonly string[],
  ids: readonly string[],
) {
  if (ids.length === 0) return [];
  return db
    .select({ id: uploads.id, content: uploads.content, contentType: uploads.contentType })
    .from(uploads)
    .where(and(inArray(uploads.id, [...ids]), inArray(uploads.ownerId, [...ownerIds])));
}
