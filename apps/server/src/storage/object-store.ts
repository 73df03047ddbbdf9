import type { Readable } from 'node:stream';
import type { LocalFile } from './local-file.ts';

export type ListedObject = { key: string; modifiedAt: Date };

export type ObjectMove = { from: string; to: string };

/** One stored object as read back: its bytes as a stream, its size and type. */
export type StoredObject = { body: Readable; size: number; contentType: string };

/**
 * Where files' bytes live, by key (`decks/{id}/v2/deck.pdf`): a folder on this machine or an
 * S3-compatible bucket, chosen by `STORAGE`. The database keeps what the files are (names,
 * types, sizes, hashes); a store only keeps bytes. Every method may be called from any
 * process: nothing is cached in memory.
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** Writes the whole object or nothing: a reader never sees half a file. Overwrites. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * The same with the bytes of a file on this machine (a large upload spooled to disk), read
   * as they are written out, never held whole in this process's memory. The file is left as
   * it was.
   */
  putFile(key: string, file: LocalFile, contentType: string): Promise<void>;
  /** The object, or undefined when there is none. */
  get(key: string): Promise<StoredObject | undefined>;
  /**
   * Writes the object to a new file at `file` on this machine, for code that reads a large file
   * itself (a worker thread): copied by the operating system when the store is on this machine,
   * else streamed a chunk at a time, never held whole in this process. Answers false, writing
   * nothing, when there is no object. The caller removes the file.
   */
  getFile(key: string, file: string): Promise<boolean>;
  /** Copies an object to another key, without passing its bytes through this process when the store can. */
  copy(from: string, to: string): Promise<void>;
  /**
   * Moves objects to other keys, over what is there: afterwards each `to` has its `from`'s bytes
   * and type and each `from` has none. Renames when the store is on this machine (no bytes
   * written again); on S3, copies, then one request deleting every source. All or none: when
   * one fails (no object at its `from`…), it throws once every other has settled, with the
   * targets it wrote deleted again; a source already moved is gone with it (the caller's staged
   * copies, dropped anyway).
   */
  move(moves: readonly ObjectMove[]): Promise<void>;
  /** Deletes the objects; keys with no object are skipped. */
  delete(keys: readonly string[]): Promise<void>;
  /** Every object whose key starts with `prefix`, by key, with when it was last written. */
  list(prefix: string): Promise<ListedObject[]>;
  /** The same a page at a time (up to 1,000 objects each): for sweeps of everything. */
  listPages(prefix: string): AsyncIterable<ListedObject[]>;
  /**
   * A short-lived address the object can be downloaded from directly, served with the given
   * type and disposition; only stores set up for it (S3 with `S3_SIGNED_URL_SECONDS`) have one.
   */
  signedUrl?(key: string, response: { contentType: string; disposition: string }): Promise<string>;
  /**
   * Removes what writes cut short left behind (a crash between writing a temporary file and
   * renaming it) when last written before `before`; answers how many. Stores whose writes leave
   * nothing behind have none.
   */
  removeUnfinishedWrites?(before: Date): Promise<number>;
  /** Releases connections and handles. */
  close(): Promise<void>;
}

/** A key is a path of plain segments: no empty, `.` or `..` segment, nothing a path could escape with. */
export function assertSafeKey(key: string) {
  const segments = key.split('/');
  if (
    key.length === 0 ||
    key.length > 512 ||
    segments.some((s) => s === '' || s === '.' || s === '..' || !/^[\w.-]+$/.test(s))
  ) {
    throw new Error(`unsafe object key: ${JSON.stringify(key)}`);
  }
}

/** Every page of `listPages`, as one list by key. */
export async function listAll(pages: AsyncIterable<ListedObject[]>): Promise<ListedObject[]> {
  const all: ListedObject[] = [];
  for await (const page of pages) all.push(...page);
  return all.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * Runs `moveOne` for every move at once and waits for all of them; when one failed, deletes the
 * targets of those that landed (`deleteKeys`) and throws the first failure.
 */
export async function settleMoves(
  moves: readonly ObjectMove[],
  moveOne: (move: ObjectMove) => Promise<void>,
  deleteKeys: (keys: string[]) => Promise<void>,
) {
  const settled = await Promise.allSettled(moves.map(moveOne));
  const failed = settled.find((result) => result.status === 'rejected');
  if (!failed) return;
  await deleteKeys(moves.filter((_, i) => settled[i]!.status === 'fulfilled').map((m) => m.to));
  throw failed.reason;
}
