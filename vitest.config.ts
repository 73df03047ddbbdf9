import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
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
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          // Vitest leaves a core free by default: one file at a time on a two-core machine (CI).
          // The server's files wait on their database thread and child processes, and two at once
          // finish them in 570 s rather than 660 s there.
          maxWorkers: Math.max(2, availableParallelism() - 1),
          // After the other projects, alone: they keep their one file at a time to themselves.
          sequence: { groupOrder: 1 },
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
