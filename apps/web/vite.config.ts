import path from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { clientViewDevRoute } from './build/client-view-dev-route.ts';
import { emojiOnly, inlineAsset, woff2Only } from './build/font-files.ts';
import { precompress } from './build/precompress.ts';

// In development Vite serves the SPA and forwards /api to the Fastify server on :3000.
export default defineConfig({
  plugins: [react(), precompress(), clientViewDevRoute()],
  css: { postcss: { plugins: [woff2Only, emojiOnly] } },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/healthz': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    assetsInlineLimit: inlineAsset,
    // The portal. The page a client opens from a link (/v/{token}) is built on its own, after
    // it, by vite.client-view.config.ts.
    rolldownOptions: {
      input: { main: path.resolve(import.meta.dirname, 'index.html') },
    },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'happy-dom',
    // A worker's files share their modules and their document, as the server's do: importing
    // React, Mantine and the screens once per worker rather than once per file takes the project
    // from ~250 s to ~100-110 s. No helper registers hooks at its top level, which runs for a
    // worker's first file only: setup.ts does what each test needs undone (unmount-after-each.ts).
    isolate: false,
    // The tests' browser asks for less motion (the theme respects it): a dialog, drawer or toast
    // is there whole once shown, so no check can come in the middle of its fade on a busy machine.
    environmentOptions: { happyDOM: { settings: { device: { prefersReducedMotion: 'reduce' } } } },
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // Above testing-library's 30 s wait for lazily loaded screens (src/test/setup.ts).
    testTimeout: 60_000,
  },
});
