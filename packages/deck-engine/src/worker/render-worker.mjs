// Pool worker entry. The engine ships TypeScript sources: under `node --import tsx` the worker
// inherits the loader and imports the task directly; anywhere else (vitest, a plain `node`)
// it registers tsx's loader for this thread first.
let task;
try {
  task = (await import('./render-task.ts')).default;
} catch (error) {
  if (error?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
  const { register } = await import('tsx/esm/api');
  register();
  // A new specifier: Node remembers the failed load of the plain one.
  task = (await import('./render-task.ts?tsx')).default;
}
export default task;
