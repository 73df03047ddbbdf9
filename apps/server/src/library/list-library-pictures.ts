import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import {
  libraryPicturePageSize,
  type LibraryPicture,
  type LibraryPicturesResponse,
} from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { uploads, users } from '../db/schema.ts';
import { readListCursor, writeListCursor } from '../http/list-cursor.ts';
import type { Services } from '../services.ts';
import { uploadPath } from '../uploads/store-upload.ts';

/** Tags answered for the filter chips at most, the most used first. */
const maxTagsListed = 100;
/** Words of a search that count; a longer search narrows no further in practice. */
const maxSearchWords = 8;

/** A picture uploaded before the library kept names. */
export const untitledPicture = 'Untitled picture';

/**
 * The pictures a user may choose from, newest first, a page at a time: the library's, and with
 * `own` the user's own slide pictures too. `q`'s words each match the start of a word of the
 * name or of a tag ("roof" finds rooftop-array.jpg), case aside; `tag` is matched exactly.
 * Whoever may build a deck may list them: they are on the slides every rep builds from.
 */
export async function listLibraryPictures(
  { db }: Pick<Services, 'db'>,
  {
    user,
    q,
    tag,
    cursor,
    own = false,
  }: {
    user: User;
    q?: string | undefined;
    tag?: string | undefined;
    cursor?: string | undefined;
    own?: boolean | undefined;
  },
): Promise<LibraryPicturesResponse> {
  const visible = own
    ? or(
        eq(uploads.kind, 'library_picture'),
        and(eq(uploads.kind, 'slide_picture'), eq(uploads.ownerId, user.id)),
      )!
    : eq(uploads.kind, 'library_picture');
  const filters: SQL[] = [visible, ...searchWords(q ?? '').map(matchesWord)];
  if (tag) filters.push(sql`${uploads.tags} @> ${JSON.stringify([tag])}::jsonb`);
  const after = cursor === undefined ? undefined : readListCursor(cursor, 'cursor');
  if (after) {
    filters.push(
      sql`(${uploads.createdAt}, ${uploads.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
    );
  }

  const [rows, tags] = await Promise.all([
    db
      .select({
        id: uploads.id,
        kind: uploads.kind,
        name: uploads.name,
        tags: uploads.tags,
        width: uploads.width,
        height: uploads.height,
        createdAt: uploads.createdAt,
        position: sql<string>`to_char(${uploads.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
        ownerName: users.name,
        ownerEmail: users.email,
      })
      .from(uploads)
      .leftJoin(users, eq(users.id, uploads.ownerId))
      .where(and(...filters))
      .orderBy(desc(uploads.createdAt), desc(uploads.id))
      // One more than a page says whether there is a next one.
      .limit(libraryPicturePageSize + 1),
    db
      .select({ tag: sql<string>`listed.tag`, count: sql<number>`count(*)::int` })
      .from(sql`${uploads}, jsonb_array_elements_text(${uploads.tags}) as listed(tag)`)
      .where(visible)
      .groupBy(sql`listed.tag`)
      .orderBy(sql`count(*) desc`, sql`listed.tag`)
      .limit(maxTagsListed),
  ]);

  const page = rows.slice(0, libraryPicturePageSize);
  const last = page.at(-1);
  return {
    pictures: page.map(libraryPictureOf),
    nextCursor:
      rows.length > libraryPicturePageSize && last ? writeListCursor(last.position, last.id) : null,
    tags: tags.map((row) => ({ tag: row.tag, count: Number(row.count) })),
  };
}

/** A picture as the list answers it, from its row and its uploader's. */
export function libraryPictureOf(row: {
  id: string;
  kind: (typeof uploads.$inferSelect)['kind'];
  name: string | null;
  tags: string[];
  width: number | null;
  height: number | null;
  createdAt: Date;
  ownerName: string | null;
  ownerEmail: string | null;
}): LibraryPicture {
  return {
    id: row.id,
    address: uploadPath(row.id),
    name: row.name ?? untitledPicture,
    tags: row.tags,
    width: row.width,
    height: row.height,
    createdAt: row.createdAt.toISOString(),
    uploadedBy:
      row.ownerName === null ? null : { name: row.ownerName, email: row.ownerEmail ?? '' },
    source: row.kind === 'library_picture' ? 'library' : 'own',
  };
}

/** A search's words, lower case, letters and digits only (so none reads as a pattern). */
function searchWords(q: string): string[] {
  return [
    ...new Set(
      q
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((word) => word !== ''),
    ),
  ].slice(0, maxSearchWords);
}

/** A word that starts a word of the picture's name or of one of its tags. */
function matchesWord(word: string): SQL {
  // The tags' JSON text puts quotes and commas between them: each starts after a non-letter.
  return sql`lower(coalesce(${uploads.name}, '') || ' ' || ${uploads.tags}::text) ~ ${`(^|[^[:alnum:]])${word}`}`;
}
