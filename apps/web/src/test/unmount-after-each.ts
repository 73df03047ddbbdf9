/**
 * What a test helper rendered outside testing-library, unmounted after each test by setup.ts.
 * A helper cannot register its own `afterEach`: the web tests' files share their modules
 * (vite.config.ts: isolate), so a hook registered at a module's top level would run for the first
 * file of a worker only.
 */
const unmounts = new Set<() => void>();

export function unmountAfterEach(unmount: () => void) {
  unmounts.add(unmount);
  return () => {
    if (!unmounts.delete(unmount)) return;
    unmount();
  };
}

export function unmountAll() {
  for (const unmount of unmounts) unmount();
  unmounts.clear();
}
