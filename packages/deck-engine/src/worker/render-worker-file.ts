// The file the render pool's threads start: the sources' render worker (the engine's TypeScript
// through tsx). The built server (scripts/build-server.mjs) replaces this module with one naming
// the render worker built beside it, which loads no TypeScript.
export const renderWorkerFile = new URL('./render-worker.mjs', import.meta.url).href;
