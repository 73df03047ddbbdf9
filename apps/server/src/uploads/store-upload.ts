import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { and, eq, inArray } from 'drizzle-orm';
import { uploadMaxBytes, type UploadResponse } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { uploads } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import type { LocalFile } from '../storage/local-file.ts';
import type { UploadKind } from './normalise-picture.ts';
import { tagsOfName } from './picture-name.ts';
import { recordAudit } from '../users/record-audit.ts';

export type { UploadKind } from './normalise-picture.ts';

export function uploadPath(id: string) {
  return `/api/uploads/${id}`;
}

/** Where an upload's bytes are in the object store. */
export const uploadObjectKey = (id: string) => `uploads/${id}`;

type UploadServices = Pick<Services, 'db' | 'clock' | 'objects' | 'pictureDecoder'>;

/**
 * Stores a picture a user uploaded. Whatever arrives is decoded and written anew (PNG for
 * pictures with transparency, JPEG otherwise), turned upright and shrunk to the kind's size:
 * nothing of the original file (metadata, a second payload) is kept or served back. The
 * decoding is `pictureDecoder`'s (the render process's under `npm start`, normalise-picture.ts).
 */
export async function storeUpload(
  { db, clock, objects, pictureDecoder }: UploadServices,
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
  const outcome = await pictureDecoder.normalisePicture(picture, kind);
  if ('refused' in outcome) throw new AppError('validation_failed', outcome.refused);
  const normalised = outcome.picture;
  const { data } = normalised;
  // Bytes first, then the row: a row never names bytes that are not there. Bytes whose row
  // never committed are swept (sweep-orphan-files.ts).
  const id = randomUUID();
  await objects.put(uploadObjectKey(id), data, normalised.contentType);
  const at = clock.now();
  await db.transaction(async (tx) => {
    await tx.insert(uploads).values({
      id,
      ownerId: user.id,
      kind,
      contentType: normalised.contentType,
      byteSize: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
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
