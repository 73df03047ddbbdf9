import { and, eq, like } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { deckFiles } from '../db/schema.ts';

export type StoredFile = { contentType: string; content: Buffer };

/**
 * Where a deck's files live. The default keeps them in the database, inside the same
 * transaction as the deck; another store (object storage) can take its place.
 */
export type FileStore = {
  put(
    db: Db,
    deckId: string,
    files: { name: string; contentType: string; content: Buffer }[],
  ): Promise<void>;
  get(db: Db, deckId: string, name: string): Promise<StoredFile | undefined>;
  /** Copies every file whose name starts with `from.prefix`, renamed under `to.prefix`. */
  copy(
    db: Db,
    copy: { from: { deckId: string; prefix: string }; to: { deckId: string; prefix: string } },
  ): Promise<void>;
  removeAll(db: Db, deckId: string): Promise<void>;
};

export const databaseFileStore: FileStore = {
  async put(db, deckId, files) {
    if (files.length > 0)
      await db.insert(deckFiles).values(files.map((file) => ({ deckId, ...file })));
  },
  async get(db, deckId, name) {
    const [file] = await db
      .select({ contentType: deckFiles.contentType, content: deckFiles.content })
      .from(deckFiles)
      .where(and(eq(deckFiles.deckId, deckId), eq(deckFiles.name, name)));
    return file;
  },
  async copy(db, { from, to }) {
    const files = await db
      .select({
        name: deckFiles.name,
        contentType: deckFiles.contentType,
        content: deckFiles.content,
      })
      .from(deckFiles)
      .where(and(eq(deckFiles.deckId, from.deckId), like(deckFiles.name, `${from.prefix}%`)));
    if (files.length === 0) return;
    await db.insert(deckFiles).values(
      files.map((file) => ({
        deckId: to.deckId,
        name: to.prefix + file.name.slice(from.prefix.length),
        contentType: file.contentType,
        content: file.content,
      })),
    );
  },
  async removeAll(db, deckId) {
    await db.delete(deckFiles).where(eq(deckFiles.deckId, deckId));
  },
};

/** Each version's files live under `v{number}/`. */
export const versionPrefix = (version: number) => `v${version}/`;

export const deckFileNames = {
  pptx: (version: number) => `${versionPrefix(version)}deck.pptx`,
  pdf: (version: number) => `${versionPrefix(version)}deck.pdf`,
  slide: (version: number, index: number) => `${versionPrefix(version)}slide-${index}.svg`,
};
