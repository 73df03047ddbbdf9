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
  task = (await import('./render-task.ts')).default;
}
export default task;
