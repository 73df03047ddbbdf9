import { open } from 'node:fs/promises';

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
