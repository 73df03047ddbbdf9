import { and, eq } from 'drizzle-orm';
import type { LibraryPicture } from '@deck-portal/domain';
import { uploads, users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { libraryPictureOf } from './list-library-pictures.ts';

/**
 * Renames a library picture or replaces its tags (content editors and admins, by the route).
 * The picture itself never changes: slides that show it keep its address.
 */
export async function updateLibraryPicture(
  { db }: Pick<Services, 'db'>,
  { id, name, tags }: { id: string; name?: string | undefined; tags?: string[] | undefined },
): Promise<LibraryPicture> {
  const [updated] = await db
    .update(uploads)
    .set({ ...(name === undefined ? {} : { name }), ...(tags === undefined ? {} : { tags }) })
    .where(and(eq(uploads.id, id), eq(uploads.kind, 'library_picture')))
    .returning({ id: uploads.id });
  if (!updated) throw new AppError('not_found', 'Picture not found.');
  const [row] = await db
    .select({
      id: uploads.id,
      kind: uploads.kind,
      name: uploads.name,
      tags: uploads.tags,
      width: uploads.width,
      height: uploads.height,
      createdAt: uploads.createdAt,
      ownerName: users.name,
      ownerEmail: users.email,
    })
    .from(uploads)
    .leftJoin(users, eq(users.id, uploads.ownerId))
    .where(eq(uploads.id, id));
  return libraryPictureOf(row!);
}
