import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { uploadMaxBytes, type UploadResponse } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { uploads } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';

export type UploadKind = (typeof uploads.$inferSelect)['kind'];

/** Longest side kept: a profile photo is shown small; a slide picture may fill a slide at 2×. */
const maxSide: Record<UploadKind, number> = { profile_photo: 512, slide_picture: 2400 };

export const notAPictureMessage =
  'This file is not a picture we can use. Upload a PNG, JPEG, WebP or GIF.';

export function uploadPath(id: string) {
  return `/api/uploads/${id}`;
}

/**
 * Stores a picture a user uploaded. Whatever arrives is decoded and written anew (PNG for
 * pictures with transparency, JPEG otherwise), turned upright and shrunk to the kind's size:
 * nothing of the original file (metadata, a second payload) is kept or served back.
 */
export async function storeUpload(
  { db, clock }: Pick<Services, 'db' | 'clock'>,
  { user, kind, bytes }: { user: User; kind: UploadKind; bytes: Buffer },
): Promise<UploadResponse> {
  if (bytes.length === 0) throw new AppError('validation_failed', 'The file is empty.');
  if (bytes.length > uploadMaxBytes) {
    throw new AppError('payload_too_large', 'Pictures can be at most 10 MB.', { status: 413 });
  }
  const normalised = await normalise(bytes, kind);
  const now = clock.now();
  const [row] = await db
    .insert(uploads)
    .values({
      ownerId: user.id,
      kind,
      contentType: normalised.contentType,
      content: normalised.data,
      byteSize: normalised.data.length,
      width: normalised.width,
      height: normalised.height,
      createdAt: now,
    })
    .returning({ id: uploads.id });
  return {
    id: row!.id,
    url: uploadPath(row!.id),
    width: normalised.width,
    height: normalised.height,
  };
}

async function normalise(bytes: Buffer, kind: UploadKind) {
  try {
    const image = sharp(bytes, { animated: false, limitInputPixels: 40_000_000 });
    const meta = await image.metadata();
    if (!meta.format || !['png', 'jpeg', 'webp', 'gif'].includes(meta.format)) {
      throw new AppError('validation_failed', notAPictureMessage);
    }
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
    throw new AppError('validation_failed', notAPictureMessage);
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
    row.ownerId === viewer.id ||
    viewer.role === 'manager' ||
    viewer.role === 'admin';
  return mayRead ? row : undefined;
}

/** The bytes of uploads named in a draft, when `ownerId` uploaded them (others are skipped). */
export async function loadOwnUpload({ db }: Pick<Services, 'db'>, ownerId: string, id: string) {
  const [row] = await db
    .select({ content: uploads.content })
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.ownerId, ownerId)))
    .limit(1);
  return row?.content;
}
