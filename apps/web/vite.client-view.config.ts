import path from 'node:path';
import { defineConfig } from 'vite';
import { emojiOnly, inlineAsset, woff2Only } from './build/font-files.ts';
import { precompress } from './build/precompress.ts';

// The page a client opens from a link (/v/{token}), built after the portal into the same dist/:
// a build of its own, so it is one script and one style sheet sharing no chunk with the portal.
// On a slow phone network each file is a round trip, and a browser fetches at most six at once
// over HTTP/1.1 alongside the page's own requests (docs/decisions/019-client-page.md).
export default defineConfig({
  plugins: [precompress()],
  css: { postcss: { plugins: [woff2Only, emojiOnly] } },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    assetsInlineLimit: inlineAsset,
    rolldownOptions: {
      input: { 'client-view': path.resolve(import.meta.dirname, 'client-view.html') },
    },
  },
});
