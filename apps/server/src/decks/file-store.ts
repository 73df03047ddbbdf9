import { Readable } from 'node:stream';
import { and, eq, isNotNull, like, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { deckFiles } from '../db/schema.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import {
  deckObjectKey,
  deckObjectPrefix,
  sha256Hex,
  uploadFiles,
  type NewFile,
  type UploadedFiles,
} from './version-files.ts';

/** A file as read back: its bytes as a stream, with its type and size. */
export type StoredFile = { contentType: string; size: number; body: Readable };

/**
 * A deck's files: what they are in the database (`deck_files`: name, type, size, SHA-256), in
 * the caller's transaction; their bytes in the object store. Bytes are written before the rows
 * are committed, so a committed row always has its object; bytes whose rows never commit (a
 * failed generation) are left for the orphan sweep. Deleting works the other way round: the
 * rows go in the transaction, the bytes after it (`purge`).
 */
export type FileStore = {
  put(db: Db, deckId: string, files: NewFile[]): Promise<void>;
  /**
   * `put` in two halves, so a transaction need not wait on the store: `upload` writes the bytes
   * (before the transaction), `record` writes their rows (inside it).
   */
  upload(deckId: string, files: NewFile[]): Promise<UploadedFiles>;
  record(db: Db, uploaded: UploadedFiles): Promise<void>;
  /**
   * Files `upload`ed under a staging folder (`from`, before the transaction) moved under `to`
   * and recorded there, inside the transaction that settles their version's number. Every move
   * has ended, done or failed, before this answers or throws: none lands after the transaction.
   * When one fails, those that landed are deleted before it throws.
   */
  moveIn(db: Db, staged: UploadedFiles, folders: { from: string; to: string }): Promise<void>;
  get(db: Db, deckId: string, name: string): Promise<StoredFile | undefined>;
  /**
   * A short-lived address to download the file from the store directly, when the store gives
   * them and the bytes are there (not still in the database); undefined otherwise.
   */
  signedUrl(db: Db, deckId: string, name: string, disposition: string): Promise<string | undefined>;
  /**
   * Copies the bytes of every file whose name starts with `from.prefix`, renamed under
   * `to.prefix`, and answers the rows they will have, as `upload` does (recorded by `record`, or
   * moved in by `moveIn`): before the transaction that records them.
   */
  copy(db: Db, copy: FilesCopy): Promise<UploadedFiles>;
  /** Deletes the deck's file rows (inside the transaction that deletes the deck). */
  removeAll(db: Db, deckId: string): Promise<void>;
  /** Deletes the deck's bytes from the object store, once the rows are gone for good. */
  purge(deckId: string): Promise<void>;
};

/** Which files a copy takes: those of one deck under one prefix, to another (or the same). */
type FilesCopy = {
  from: { deckId: string; prefix: string };
  to: { deckId: string; prefix: string };
};

/**
 * The rows of `files` in one statement whatever their number (a deck has a file a slide): the
 * columns as arrays, unnested. Drizzle takes ~50 µs to build each row of a multi-row insert on
 * the requests' thread; this one costs the same for 3 files or 60.
 */
function insertFileRows(db: Db, files: UploadedFiles) {
  const column = <T>(pick: (file: UploadedFiles[number]) => T) => sql.param(files.map(pick));
  const { deckId, name, contentType, byteSize, sha256 } = deckFiles;
  const names = sql.join(
    [deckId, name, contentType, byteSize, sha256].map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  return db.execute(sql`
    insert into ${deckFiles} (${names})
    select * from unnest(
      ${column((file) => file.deckId)}::uuid[],
      ${column((file) => file.name)}::text[],
      ${column((file) => file.contentType)}::text[],
      ${column((file) => file.byteSize)}::integer[],
      ${column((file) => file.sha256)}::text[]
    )`);
}

export function createFileStore(objects: ObjectStore): FileStore {
  const upload: FileStore['upload'] = (deckId, files) => uploadFiles(objects, deckId, files);
  const record: FileStore['record'] = async (db, uploaded) => {
    if (uploaded.length > 0) await insertFileRows(db, uploaded);
  };
  const copy: FileStore['copy'] = async (db, { from, to }) => {
    const rows = await db
      .select()
      .from(deckFiles)
      .where(and(eq(deckFiles.deckId, from.deckId), like(deckFiles.name, `${from.prefix}%`)));
    const renamed = rows.map((row) => ({
      ...row,
      name: to.prefix + row.name.slice(from.prefix.length),
    }));
    await Promise.all(
      rows.map((row, i) =>
        row.content
          ? objects.put(deckObjectKey(to.deckId, renamed[i]!.name), row.content, row.contentType)
          : objects.copy(
              deckObjectKey(from.deckId, row.name),
              deckObjectKey(to.deckId, renamed[i]!.name),
            ),
      ),
    );
    return renamed.map((row) => ({
      deckId: to.deckId,
      name: row.name,
      contentType: row.contentType,
      byteSize: row.byteSize ?? row.content?.length ?? null,
      sha256: row.sha256 ?? (row.content ? sha256Hex(row.content) : null),
    }));
  };
  return {
    async put(db, deckId, files) {
      await record(db, await upload(deckId, files));
    },
    upload,
    record,
    async moveIn(db, staged, { from, to }) {
      const moved = staged.map((file) => {
        if (!file.name.startsWith(from)) throw new Error(`${file.name} is not under ${from}`);
        return { ...file, name: to + file.name.slice(from.length) };
      });
      // Were one to fail, those moved go again: nothing names them, and the transaction still
      // holds the number they were moved under, so no other version's files can be there yet.
      await objects.move(
        staged.map((file, i) => ({
          from: deckObjectKey(file.deckId, file.name),
          to: deckObjectKey(file.deckId, moved[i]!.name),
        })),
      );
      await record(db, moved);
    },
    async get(db, deckId, name) {
      const [row] = await db
        .select({ contentType: deckFiles.contentType, content: deckFiles.content })
        .from(deckFiles)
        .where(and(eq(deckFiles.deckId, deckId), eq(deckFiles.name, name)));
      if (!row) return undefined;
      // Stored before the object store, and not moved out yet.
      if (row.content) {
        return {
          contentType: row.contentType,
          size: row.content.length,
          body: Readable.from([row.content]),
        };
      }
      const object = await objects.get(deckObjectKey(deckId, name));
      if (!object) throw new Error(`the bytes of ${deckId}/${name} are missing from the store`);
      return { contentType: row.contentType, size: object.size, body: object.body };
    },
    async signedUrl(db, deckId, name, disposition) {
      if (!objects.signedUrl) return undefined;
      const [row] = await db
        .select({ contentType: deckFiles.contentType, isInDatabase: isNotNull(deckFiles.content) })
        .from(deckFiles)
        .where(and(eq(deckFiles.deckId, deckId), eq(deckFiles.name, name)));
      if (!row || row.isInDatabase) return undefined;
      return objects.signedUrl(deckObjectKey(deckId, name), {
        contentType: row.contentType,
        disposition,
      });
    },
    copy,
    async removeAll(db, deckId) {
      await db.delete(deckFiles).where(eq(deckFiles.deckId, deckId));
    },
    async purge(deckId) {
      const listed = await objects.list(deckObjectPrefix(deckId));
      await objects.delete(listed.map((object) => object.key));
    },
  };
}
