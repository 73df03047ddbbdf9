import { deflate, deflateRaw } from 'node:zlib';

/**
 * How many deflates this thread keeps on libuv's thread pool at once. Each one in flight holds
 * zlib's state (about a third of a megabyte at level 6) from the moment it is asked for: a
 * 100-slide deck handed its PPTX's parts and its PDF's pages to the pool all at once, and its
 * process grew by some 50 MB. The pool has four threads, so four keep it as busy as more would.
 */
const IN_FLIGHT = 4;

let running = 0;
const waiting: Array<() => void> = [];

/**
 * `bytes` deflated on libuv's thread pool (Node's asynchronous zlib: the same library, and so
 * the same bytes, as its synchronous calls), as a zlib stream or raw (`raw`, as zip entries
 * are), in the order asked, at most `IN_FLIGHT` at a time from this thread.
 */
export function deflateAside(
  bytes: Uint8Array,
  { level, raw = false }: { level?: number; raw?: boolean } = {},
): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const start = () => {
      running += 1;
      const done = (error: Error | null, result: Buffer) => {
        running -= 1;
        waiting.shift()?.();
        if (error) reject(error);
        else resolve(result);
      };
      const options = level === undefined ? {} : { level };
      if (raw) deflateRaw(bytes, options, done);
      else deflate(bytes, options, done);
    };
    if (running < IN_FLIGHT) start();
    else waiting.push(start);
  });
}

/** How many deflates wait for a place (exported for tests). */
export function deflatesWaiting(): number {
  return waiting.length;
}
