// Pool worker entry. The engine ships TypeScript sources: under `node --import tsx` the worker
// inherits the loader and imports the task directly; anywhere else (vitest, a plain `node`)
// it registers tsx's loader for this thread first. The built server (scripts/build-server.mjs)
// bundles this file with the task, so there the first import simply succeeds.
import { getPriority, setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';

// Rendering is background work: requests served by the main thread come first. On Linux the
// nice value is per thread, so this lowers only this render thread (and what it starts: a
// thread or process inherits its creator's); where it cannot be set the thread runs at the
// process's priority. The pool says how far (deck-renderer.ts, `niceness`; 0 leaves it); the
// fallback is background-niceness.ts's, written out: this file runs before TypeScript can load.
const niceness = workerData?.niceness ?? 19;
try {
  // Never higher than it already is (a server started under `nice 15` stays there).
  if (niceness > getPriority()) setPriority(niceness);
} catch {
  // not permitted or not supported here
}
let task;
try {
  task = (await import('./render-task.ts')).default;
} catch (error) {
  if (error?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
  const { register } = await import('tsx/esm/api');
  register();
  // A new specifier: Node remembers the failed load of the plain one. Computed, so a bundler
  // leaves it to run time (the bundle never gets here).
  task = (await import(new URL('./render-task.ts?tsx', import.meta.url).href)).default;
}
export default task;
