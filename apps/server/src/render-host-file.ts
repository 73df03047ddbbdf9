// The render process's entry (render-host.ts): the sources' TypeScript, run through tsx. The
// built server (scripts/build-server.mjs) replaces this module with one naming the host built
// beside it, which loads no TypeScript.
export const renderHostFile = {
  url: new URL('./render-host.ts', import.meta.url),
  isTypeScript: true,
};
