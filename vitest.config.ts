import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    // Vitest leaves a core free by default: one file at a time on a two-core machine (CI). Most
    // files wait on something (a database thread, a child process, a worker pool) part of the
    // time, so two at once finish sooner there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'deck-engine',
          root: './packages/deck-engine',
          // As the server's: the engine (its fonts, its shaper) is imported once per worker. The
          // one test of what a fresh process reads imports the engine afresh.
          isolate: false,
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          // After the other projects, alone: their database threads and child processes are not
          // contended by the engine's and the web app's files.
          sequence: { groupOrder: 1 },
          // Its files share nothing but what they import (no module mocks, no stubbed globals or
          // environment: each builds its own app): importing the server once per worker rather
          // than once per file takes a third off the run.
          isolate: false,
          globalSetup: ['./test/global-setup.ts'],
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vite.config.ts',
      {
        test: {
          name: 'bench',
          root: './bench',
          include: ['fidelity/**/*.test.ts'],
        },
      },
    ],
  },
});
