import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import {
  constants,
  copyFile,
  mkdir,
  open,
  readdir,
  rename,
  rm,
  rmdir,
  stat,
} from 'node:fs/promises';
import path from 'node:path';
import {
  assertSafeKey,
  listAll,
  settleMoves,
  type ListedObject,
  type ObjectMove,
  type ObjectStore,
} from './object-store.ts';

/**
 * A file system keeps no content types: a file's is told by its name's extension when that is
 * one of these, else kept beside it in a small sidecar file.
 */
const typeSuffix = '.content-type';
const typesByExtension: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
};
const typeByExtension = (file: string) => typesByExtension[path.extname(file).toLowerCase()];
const tempPrefix = '.tmp-';

/**
 * Objects as files under one folder (by default `DATA_DIR/files`). A write goes to a temporary
 * name in the same folder, is flushed to disk, then renamed over the final name: a crash leaves
 * either the old file or the new one, never half of one, and a temporary file is swept later.
 */
export function createLocalObjectStore(folder: string): ObjectStore {
  const root = path.resolve(folder);
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split('/'));
  };
  /** Folders made by this process: a deck's twenty files need one `mkdir`, not twenty. */
  const folders = new Set<string>();
  const makeFolder = async (folder: string) => {
    if (folders.has(folder)) return;
    await mkdir(folder, { recursive: true });
    if (folders.size >= 1_000) folders.clear();
    folders.add(folder);
  };

  /** A temporary name beside `file`, in its folder. */
  const tempBeside = (file: string) =>
    path.join(
      path.dirname(file),
      `${tempPrefix}${randomBytes(8).toString('hex')}-${path.basename(file)}`,
    );

  /**
   * Runs `make` (which creates a file in `folder`) once the folder is made; again after making
   * it anew when it was removed since this process made it (a deck's files purged).
   */
  async function inFolder<T>(folder: string, make: () => Promise<T>): Promise<T> {
    await makeFolder(folder);
    try {
      return await make();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      folders.delete(folder);
      await makeFolder(folder);
      return make();
    }
  }

  /**
   * Removes `folder` when the last file has left it, then each folder above it that is left
   * empty in turn (a staging folder whose last file moved, then `staging/` when no other
   * attempt is staging there), up to the store's own folder, which stays. A write into one
   * meanwhile makes it again (`inFolder`).
   */
  async function removeEmptyFolders(folder: string) {
    for (let at = folder; at.startsWith(root + path.sep); at = path.dirname(at)) {
      try {
        await rmdir(at);
      } catch {
        return; // not empty (or gone already): nothing above it is empty either
      }
      folders.delete(at);
    }
  }

  /** Sets the type of the object at `file`: by its extension, or in a sidecar. */
  async function writeType(file: string, contentType: string) {
    if (typeByExtension(file) === contentType) {
      // A sidecar left by an earlier put of another type would contradict the name.
      await rm(`${file}${typeSuffix}`, { force: true });
    } else {
      await writeAtomically(`${file}${typeSuffix}`, contentType);
    }
  }

  async function writeAtomically(file: string, body: Buffer | string) {
    const temp = tempBeside(file);
    const handle = await inFolder(path.dirname(file), () => open(temp, 'w'));
    try {
      await handle.writeFile(body);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  }

  return {
    kind: 'local',
    async put(key, body, contentType) {
      const file = fileOf(key);
      await writeType(file, contentType);
      await writeAtomically(file, body);
    },
    async putFile(key, source, contentType) {
      const file = fileOf(key);
      await writeType(file, contentType);
      // Copied by the operating system (no bytes through this process), flushed, then renamed.
      const temp = tempBeside(file);
      try {
        await inFolder(path.dirname(file), () => copyFile(source.path, temp));
        const copied = await open(temp, 'r+');
        try {
          await copied.sync();
        } finally {
          await copied.close();
        }
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const [info, contentType] = await Promise.all([
          stat(file),
          readType(`${file}${typeSuffix}`, typeByExtension(file)),
        ]);
        return { body: createReadStream(file), size: info.size, contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async getFile(key, target) {
      // One call on the thread pool (copy_file_range where the file system has it): a 60 MB
      // PowerPoint file copied through this thread's event loop cost it ~2,000 callbacks and
      // 60 MB of buffers to collect.
      const source = fileOf(key);
      try {
        await copyFile(source, target, constants.COPYFILE_EXCL);
        return true;
      } catch (error) {
        // Missing: the object, or else the target's folder (a fault of the caller's).
        const isMissing = (error as NodeJS.ErrnoException).code === 'ENOENT';
        if (isMissing && !(await stat(source).catch(() => undefined))) return false;
        throw error;
      }
    },
    async copy(from, to) {
      const source = fileOf(from);
      const target = fileOf(to);
      await makeFolder(path.dirname(target));
      const temp = path.join(
        path.dirname(target),
        `${tempPrefix}${randomBytes(8).toString('hex')}`,
      );
      await copyFile(source, temp);
      const copied = await open(temp, 'r+');
      try {
        await copied.sync();
      } finally {
        await copied.close();
      }
      await rename(temp, target);
      const type = await readType(`${source}${typeSuffix}`, typeByExtension(source));
      if (typeByExtension(target) === type) await rm(`${target}${typeSuffix}`, { force: true });
      else await writeAtomically(`${target}${typeSuffix}`, type);
    },
    async move(moves) {
      const moveOne = async ({ from, to }: ObjectMove) => {
        const source = fileOf(from);
        const target = fileOf(to);
        const type = await readType(`${source}${typeSuffix}`, typeByExtension(source));
        await inFolder(path.dirname(target), () => rename(source, target));
        await writeType(target, type);
        await rm(`${source}${typeSuffix}`, { force: true });
      };
      try {
        await settleMoves(moves, moveOne, (keys) => this.delete(keys));
      } finally {
        // The folders the files left, deepest first: one emptied goes, and its parents after it.
        const left = [...new Set(moves.map(({ from }) => path.dirname(fileOf(from))))];
        for (const folder of left.sort((a, b) => b.length - a.length)) {
          await removeEmptyFolders(folder);
        }
      }
    },
    async delete(keys) {
      await Promise.all(
        keys.flatMap((key) => {
          const file = fileOf(key);
          return [rm(file, { force: true }), rm(`${file}${typeSuffix}`, { force: true })];
        }),
      );
    },
    list(prefix) {
      return listAll(this.listPages(prefix));
    },
    async *listPages(prefix) {
      let page: ListedObject[] = [];
      // Depth first through folders in name order.
      async function* walk(folder: string, keyPrefix: string): AsyncGenerator<ListedObject> {
        const entries = await readFolder(folder);
        entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        for (const entry of entries) {
          if (entry.name.startsWith(tempPrefix) || entry.name.endsWith(typeSuffix)) continue;
          const key = `${keyPrefix}${entry.name}`;
          if (entry.isDirectory()) yield* walk(path.join(folder, entry.name), `${key}/`);
          else if (key.startsWith(prefix)) {
            const info = await stat(path.join(folder, entry.name)).catch(() => undefined);
            if (info) yield { key, modifiedAt: info.mtime };
          }
        }
      }
      // Start in the prefix's deepest folder rather than walking everything.
      const base = prefix.slice(0, prefix.lastIndexOf('/') + 1);
      for await (const object of walk(path.join(root, ...base.split('/').filter(Boolean)), base)) {
        page.push(object);
        if (page.length === 1_000) {
          yield page;
          page = [];
        }
      }
      if (page.length > 0) yield page;
    },
    async removeUnfinishedWrites(before) {
      let removed = 0;
      const walk = async (folder: string) => {
        for (const entry of await readFolder(folder)) {
          const file = path.join(folder, entry.name);
          if (entry.isDirectory()) await walk(file);
          else if (entry.name.startsWith(tempPrefix)) {
            const info = await stat(file).catch(() => undefined);
            if (info && info.mtime < before) {
              await rm(file, { force: true });
              removed += 1;
            }
          }
        }
      };
      await walk(root);
      return removed;
    },
    async close() {},
  };
}

/** A folder's entries; none when it does not exist (nothing was ever written there). */
async function readFolder(folder: string) {
  try {
    return await readdir(folder, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The sidecar's type, else the one the name tells, else bytes of no particular type. */
async function readType(file: string, byName: string | undefined) {
  try {
    const handle = await open(file, 'r');
    try {
      return (await handle.readFile('utf8')).trim() || 'application/octet-stream';
    } finally {
      await handle.close();
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return byName ?? 'application/octet-stream';
    }
    throw error;
  }
}
