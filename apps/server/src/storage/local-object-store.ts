import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type ListedObject, type ObjectStore } from './object-store.ts';

/** Content types are kept beside each file, in a small sidecar, since a file system has none. */
const typeSuffix = '.content-type';
const tempPrefix = '.tmp-';

/**
 * Objects as files under one folder (by default `DATA_DIR/files`). A write goes to a temporary
 * name in the same folder, is flushed to disk, then renamed over the final name: a crash leaves
 * either the old file or the new one, never half of one, and a temporary file is swept later.
 */
export function createLocalObjectStore(root: string): ObjectStore {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split('/'));
  };

  async function writeAtomically(file: string, body: Buffer | string) {
    await mkdir(path.dirname(file), { recursive: true });
    const temp = path.join(
      path.dirname(file),
      `${tempPrefix}${randomBytes(8).toString('hex')}-${path.basename(file)}`,
    );
    const handle = await open(temp, 'w');
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
      await writeAtomically(`${file}${typeSuffix}`, contentType);
      await writeAtomically(file, body);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const [info, contentType] = await Promise.all([
          stat(file),
          readType(`${file}${typeSuffix}`),
        ]);
        return { body: createReadStream(file), size: info.size, contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async copy(from, to) {
      const source = fileOf(from);
      const target = fileOf(to);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = path.join(
        path.dirname(target),
        `${tempPrefix}${randomBytes(8).toString('hex')}`,
      );
      await copyFile(source, temp);
      await rename(temp, target);
      await writeAtomically(`${target}${typeSuffix}`, await readType(`${source}${typeSuffix}`));
    },
    async delete(keys) {
      await Promise.all(
        keys.flatMap((key) => {
          const file = fileOf(key);
          return [rm(file, { force: true }), rm(`${file}${typeSuffix}`, { force: true })];
        }),
      );
    },
    async list(prefix) {
      const keys: ListedObject[] = [];
      const walk = async (folder: string, keyPrefix: string) => {
        let entries;
        try {
          entries = await readdir(folder, { withFileTypes: true });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
          throw error;
        }
        for (const entry of entries) {
          if (entry.name.startsWith(tempPrefix) || entry.name.endsWith(typeSuffix)) continue;
          const key = `${keyPrefix}${entry.name}`;
          if (entry.isDirectory()) await walk(path.join(folder, entry.name), `${key}/`);
          else if (key.startsWith(prefix)) {
            const info = await stat(path.join(folder, entry.name));
            keys.push({ key, modifiedAt: info.mtime });
          }
        }
      };
      // Start in the prefix's deepest folder rather than walking everything.
      const base = prefix.slice(0, prefix.lastIndexOf('/') + 1);
      await walk(path.join(root, ...base.split('/').filter(Boolean)), base);
      return keys.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
    async close() {},
  };
}

async function readType(file: string) {
  try {
    const handle = await open(file, 'r');
    try {
      return (await handle.readFile('utf8')).trim() || 'application/octet-stream';
    } finally {
      await handle.close();
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'application/octet-stream';
    throw error;
  }
}
