// How `npm start` and `npm run worker` run the server's Node process (scripts/start.mjs), kept
// apart so that the memory bench starts the built server the same way. ADRs 057 and 060.
import { fileURLToPath } from 'node:url';

const mainThreadYoungGeneration = fileURLToPath(
  new URL('main-thread-young-generation.cjs', import.meta.url),
);

/**
 * V8's heap settings:
 * - `--max-old-space-size=1024`: V8's limit on each thread's old generation (the flag applies to
 *   every isolate of the process, over a worker thread's own `resourceLimits`). With no limit V8
 *   takes a quarter of the machine (4 GB here) and then lets a thread's heap grow to up to four
 *   times what the last full collection kept before collecting again; under 1 GB it lets it grow
 *   to 1.6 times. Under load the main thread kept ~65 MB alive but held ~190 MB, most of it dead
 *   requests' and decks' strings: ~90 MB with the limit. It costs the render thread ~5% more CPU
 *   per deck (more full collections). A thread needing more than 1 GB alive is a fault: a render
 *   thread's task fails alone (the pool starts another thread). ADR 057.
 * - `--max-semi-space-size=8`, for the main thread only: a 24 MB young generation rather than
 *   V8's 48 MB (three semi-spaces, grown to their full size by a busy thread and kept at rest):
 *   ~25 MB less at rest. The main thread's objects are requests' and answers' and die young; it
 *   collects them twice as often (~10 times per 1,000 reads rather than ~5-8, a few hundredths
 *   of a millisecond per read); at 4 MB it was ~20 times, ~0.15 ms per read. The preload after
 *   it clears the flag once the main thread's heap is made, so the render threads keep V8's
 *   48 MB (12 MB cost them ~5-8% more CPU per deck) and the database thread its own 12 MB.
 *   ADR 060.
 *
 * No `--enable-source-maps`: with it Node parses and keeps the source map (the sources' text
 * included) of every module each thread loads, ~35 MB at rest and ~100 MB at the peak under load
 * across the main and render threads. Stack traces name the built files' lines (readable
 * JavaScript, the functions' own names); `NODE_OPTIONS=--enable-source-maps npm start` names the
 * TypeScript lines again. ADR 060.
 */
export const serverNodeFlags = [
  '--max-old-space-size=1024',
  '--max-semi-space-size=8',
  `--require=${mainThreadYoungGeneration}`,
];

/**
 * glibc's allocator, read once at start:
 * - MALLOC_ARENA_MAX: glibc gives each thread that allocates its own heap (up to eight per core);
 *   the picture library's threads then keep a decoded photo's worth of memory each long after it
 *   is freed. Two heaps held the server's growth during three 10 MB photo uploads and a 60 MB
 *   import to 1.5x the bytes in flight, from 2.3x (bench: uploads while serving).
 * - MALLOC_TRIM_THRESHOLD_: by default glibc raises its threshold for giving freed memory back
 *   (up to 64 MB) each time a large block is freed, so after a photo or a deck's files the main
 *   heap keeps its high-water mark. Fixed at 128 kB (this also fixes the size above which blocks
 *   are mapped on their own, and returned when freed, at 128 kB), glibc's heap at rest after
 *   eight decks went from ~66 to ~50 MB and under load from ~130-150 to ~50 MB (bench: memory
 *   under load).
 */
export const serverMallocEnv = { MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '131072' };
