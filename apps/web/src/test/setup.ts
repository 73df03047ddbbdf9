import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, vi } from 'vitest';
import { unmountAll } from './unmount-after-each.ts';

// Screens load lazily; on a busy machine (CI runs every project at once) the first render of
// a route can take longer than testing-library's 1 s default (CI runs have seen more than 5 s,
// and once more than 15 s for the first screen of a file while its modules were transformed).
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  unmountAll();
  cleanup();
  // The toasts' store outlives a file (vite.config.ts: isolate): none is left for the next test.
  notifications.clean();
  localStorage.clear();
  vi.unstubAllGlobals();
});

// happy-dom lays nothing out, so Mantine's focus trap finds no element it deems visible and
// logs the whole DOM node with its React fiber (thousands of lines a test). Browser tests cover
// focus; here that one message is dropped and every other warning still shows.
// (Once per worker: this file runs again before each test file, vite.config.ts: isolate.)
if (!Object.hasOwn(console.warn, 'dropsFocusTrapWarning')) {
  const warn = console.warn.bind(console);
  console.warn = Object.assign(
    (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].startsWith('[@mantine/hooks/use-focus-trap]')) {
        return;
      }
      warn(...args);
    },
    { dropsFocusTrapWarning: true },
  );
}

// happy-dom has no `document.fonts`; Mantine's autosizing text areas listen on it for web fonts
// loading, so the slide editor's text panel needs a stand-in that never fires.
if (!('fonts' in document) || !document.fonts) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: Object.assign(new EventTarget(), { ready: Promise.resolve() }),
  });
}
