import { buffer } from 'node:stream/consumers';
import type { StoredObject } from './object-store.ts';

/**
 * A stored object's bytes in one Buffer of its known size, each chunk copied in as it is read:
 * a large file (a 60 MB PowerPoint file to import) costs its size once, and no single step on
 * the event loop copies all of it, as keeping the chunks and joining them at the end would.
 */
export async function readObjectBytes(object: StoredObject): Promise<Buffer> {
  // A store that could not say the size (an S3 answer without Content-Length) says 0.
  if (object.size <= 0) return buffer(object.body);
  const bytes = Buffer.allocUnsafe(object.size);
  let at = 0;
  for await (const chunk of object.body as AsyncIterable<Buffer>) {
    if (at + chunk.length > bytes.length) {
      throw new Error(`a stored object is longer than its size of ${object.size} bytes`);
    }
    chunk.copy(bytes, at);
    at += chunk.length;
  }
  if (at !== bytes.length) {
    throw new Error(`a stored object has ${at} of its ${object.size} bytes`);
  }
  return bytes;
}
