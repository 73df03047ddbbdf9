// libvips' settings (through sharp) are the whole process's, its worker threads' included: each
// server process sets them once as it starts, before it draws or decodes any picture, so that
// what a picture costs never depends on which module happened to load sharp first.
import { availableParallelism } from 'node:os';

/**
 * Sets libvips up for this process:
 * - no cache of recent operations' results (libvips keeps up to 50 MB of them for a caller that
 *   asks again; every upload and every deck's picture is read anew, so none would be asked again);
 * - where `leaveACore` (the web process), as many threads per operation as cores less one: one
 *   large photo never takes every core from the thread answering requests. The render process,
 *   whose threads are all background work, keeps libvips' own number.
 */
export async function settlePictureLibrary({ leaveACore }: { leaveACore: boolean }) {
  const { default: sharp } = await import('sharp');
  sharp.cache(false);
  if (leaveACore) sharp.concurrency(Math.max(1, availableParallelism() - 1));
}
