// The memory-under-load row of bench/RESULTS.md (issue 52): the server's resident memory while
// four decks are made, 300 reads a second run and a 10 MB photo and a 10 MB PowerPoint file
// arrive. `npm run bench` writes it with the rest; `node --import tsx
// bench/memory-under-load-section.ts` runs only this bench and prints its section.
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { serverMallocEnv, serverNodeFlags } from '../scripts/server-runtime.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const START = '<!-- memory-under-load:start -->';
const END = '<!-- memory-under-load:end -->';
const TARGET_MB = 600;
const root = fileURLToPath(new URL('..', import.meta.url));
/** A flag as the section shows it: a file it names, from the repository's root. */
const shownFlag = (flag: string) => flag.replace(root, '');

/** What apps/server/bench/memory-under-load.ts prints. */
export type MemoryFigures = {
  seconds: number;
  rate: number;
  readers: number;
  generators: number;
  photoBytes: number;
  presentationBytes: number;
  samples: number;
  restMb: number;
  peakMb: number;
  /** The web process and its render process, resident sizes summed. */
  peakServerMb: number;
  /**
   * The same processes' resident pages with those they share counted once: each one's private
   * pages, and the larger of their shared parts (Node's binary and libraries).
   */
  peakServerSharedOnceMb: number;
  peakWithChildrenMb: number;
  highWaterMb: number;
  reads: { n: number; perSecond: number; p50: number; p99: number; max: number };
  decks: number;
  loadMs: number;
  filesAnsweredMs: number;
  importMs: number;
  importState: string;
};

const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');
const mb = (value: number) => `${value.toFixed(0)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The section for `f` (the load averages at its start and end beside it), markers included. */
export function formatMemorySection(
  f: MemoryFigures,
  { start, end }: { start: number; end: number },
): string {
  const load = `${start.toFixed(1)} → ${end.toFixed(1)}`;
  const body = `## Memory under load

\`apps/server/bench/memory-under-load.ts\`: the portal built and started as \`npm start\` starts it (\`${[...serverNodeFlags.map(shownFlag), ...Object.entries(serverMallocEnv).map(([name, value]) => `${name}=${value}`)].join(' ')}\`, scripts/server-runtime.mjs), in a process of its own, on the embedded database in a data directory, ${f.generators} job workers and its render process; the benchmark deck (its picture slides naming the rep's four uploaded pictures) made ${f.generators} at a time through the API and the job queue, \`GET /api/recent-decks\` at a steady ${f.rate} requests a second (autocannon, ${f.readers} connections, ${f.seconds} s), and 2 s in, at once, a rep's ${(f.photoBytes / 1e6).toFixed(1)} MB photo upload and an editor's ${(f.presentationBytes / 1e6).toFixed(1)} MB PowerPoint import (its file read, LibreOffice's drawing of it included: ${seconds(f.importMs)}, ${f.importState}); the decks go on until the reads are done and the import has read its file (${seconds(f.loadMs)}, ${f.decks} decks). The server process's resident size (\`VmRSS\` from \`/proc\`), its children's with it (pages the web and render processes share, Node's own code among them, counted in each), and the server's two processes' resident pages with the pages they share counted once (each one's private pages from \`smaps_rollup\`, and the larger of their shared parts), every 50 ms on a thread of the load generator's own (${f.samples} samples), at rest (3 s, median) after eight decks made, then under the load. Load average ${load} (start → end).

| measure | figure | target (issue 52) | load average |
|---|---|---|---|
| server RSS at rest | ${mb(f.restMb)} | (the target is under load) | ${load} |
| server RSS, peak under load: the web process | ${mb(f.peakMb)} (high-water mark ${mb(f.highWaterMb)}) | | ${load} |
| the server's processes: the web process and its render process (where decks and pictures are drawn since ADRs 076 and 077), the pages they share counted once, peak | ${mb(f.peakServerSharedOnceMb)} | ≤ ${TARGET_MB} MB (${verdict(f.peakServerSharedOnceMb <= TARGET_MB)}) | ${load} |
| the same two processes' resident sizes summed (their shared pages, ~55 MB, counted in each), peak | ${mb(f.peakServerMb)} | ≤ ${TARGET_MB} MB read this way: ${verdict(f.peakServerMb <= TARGET_MB)} | ${load} |
| with LibreOffice too (while it draws the imported file), peak | ${mb(f.peakWithChildrenMb)} | | ${load} |
| recent decks meanwhile: p50 / p99 / max | ${f.reads.p50} / ${f.reads.p99} / ${f.reads.max} ms (${f.reads.perSecond} requests/s answered) | | |`;
  return `${START}\n${body}\n${END}`;
}

/** Runs the bench in a process of its own and answers its section. */
export async function memoryUnderLoadSection(): Promise<string> {
  const start = loadavg()[0]!;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', `${here}../apps/server/bench/memory-under-load.ts`],
    { cwd: here, maxBuffer: 16 * 1024 * 1024 },
  );
  const figures = JSON.parse(stdout.trim().split('\n').at(-1)!) as MemoryFigures;
  console.log('memory under load', JSON.stringify(figures));
  return formatMemorySection(figures, { start, end: loadavg()[0]! });
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  console.log(await memoryUnderLoadSection());
}
