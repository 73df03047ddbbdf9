import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A file on this machine's disk and its size in bytes (a request body spooled to disk). */
export type LocalFile = { readonly path: string; readonly size: number };

/** The first `count` bytes of a file (fewer when it is shorter): to tell what it is. */
export async function firstBytesOf(file: LocalFile, count: number): Promise<Buffer> {
  const handle = await open(file.path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(count), 0, count, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Writes a stream (a stored object being read) to a new file in this machine's temporary
 * folder, a chunk at a time: for code that reads a large file itself (a worker thread), so that
 * its bytes never sit whole in this process. The caller removes the file.
 */
export async function spoolToTempFile(body: Readable): Promise<LocalFile> {
  const file = path.join(os.tmpdir(), `deck-portal-spool-${randomUUID()}`);
  try {
    await pipeline(body, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
    return { path: file, size: (await stat(file)).size };
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
}
