import { eq, sql } from 'drizzle-orm';
import {
  findMarket,
  type DeckPresenter,
  type Profile,
  type ProfileValues,
} from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import type { Db } from '../db/database.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { readMarkets } from '../markets/market-store.ts';
import type { Services } from '../services.ts';
import type { LocalFile } from '../storage/local-file.ts';
import { deleteUploads, storeUpload, uploadPath } from '../uploads/store-upload.ts';

/** The photo colleagues and clients see: an uploaded one wins over the Google picture. */
export function photoUrlOf(user: Pick<User, 'photoUploadId' | 'photoURL'>): string | null {
  return user.photoUploadId ? uploadPath(user.photoUploadId) : user.photoURL;
}

export function toProfile(user: User): Profile {
  return {
    name: user.name,
    email: user.email,
    jobTitle: user.jobTitle,
    phone: user.phone,
    photoUrl: photoUrlOf(user),
    hasUploadedPhoto: user.photoUploadId !== null,
    market: user.market,
    language: user.language,
  };
}

/**
 * Saves the user's own profile. A default market must be one the portal has (400 naming it);
 * a market or language left out keeps the one saved.
 */
export async function updateProfile(
  { db }: Pick<Services, 'db'>,
  { user, input }: { user: User; input: ProfileValues },
): Promise<Profile> {
  if (input.market && !findMarket(await readMarkets(db), input.market)) {
    const message = `Unknown market "${input.market}": choose one the portal has`;
    throw new AppError('validation_failed', message, { fields: { market: message } });
  }
  const [updated] = await db.update(users).set(input).where(eq(users.id, user.id)).returning();
  return toProfile(updated!);
}

/** Replaces the user's photo; the one it replaces is deleted with it. */
export async function setProfilePhoto(
  services: Pick<Services, 'db' | 'clock' | 'objects' | 'pictureDecoder'>,
  { user, picture }: { user: User; picture: Buffer | LocalFile },
): Promise<Profile> {
  const stored = await storeUpload(services, { user, kind: 'profile_photo', picture });
  return replacePhoto(services, user, stored.id);
}

export async function removeProfilePhoto(
  services: Pick<Services, 'db' | 'objects'>,
  { user }: { user: User },
): Promise<Profile> {
  return replacePhoto(services, user, null);
}

async function replacePhoto(
  services: Pick<Services, 'db' | 'objects'>,
  user: User,
  uploadId: string | null,
) {
  const [updated] = await services.db
    .update(users)
    .set({ photoUploadId: uploadId })
    .where(eq(users.id, user.id))
    .returning();
  if (user.photoUploadId && user.photoUploadId !== uploadId) {
    await deleteUploads(services, [user.photoUploadId]);
  }
  return toProfile(updated!);
}

/** The rep as a deck shows them: read when a version is generated and kept with it. */
const presenterOf = preparedQuery((db) =>
  db
    .select({ name: users.name, email: users.email, jobTitle: users.jobTitle, phone: users.phone })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('presenter_of'),
);

export async function loadPresenter(db: Db, userId: string): Promise<DeckPresenter | undefined> {
  const [row] = await presenterOf(db).execute({ userId });
  return row;
}
