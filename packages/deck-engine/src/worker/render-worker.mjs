// Pool worker entry. The engine ships TypeScript sources: under `node --import tsx` the worker
// inherits the loader and imports the task directly; anywhere else (vitest, a plain `node`)
// it registers tsx's loader for this thread first. The built server (scripts/build-server.mjs)
// bundles this file with the task, so there the first import simply succeeds.
import { constants, setPriority } from 'node:os';

// Rendering is background work: requests served by the main thread come first. On Linux the
// nice value is per thread, so this lowers only this render thread; where it cannot be set the
// thread runs at the process's priority.
try {
  setPriority(constants.priority.PRIORITY_BELOW_NORMAL);
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
