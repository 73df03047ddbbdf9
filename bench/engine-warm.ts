// The engine's warm time and the bytes it allocates per deck, against the baseline (issue 52),
// both built as the server is built (`loadWarmEngine`). Runnable alone, to iterate in a minute:
// `node --import tsx bench/engine-warm.ts [runs]` prints the warm medians, their ratio and MB
// allocated per deck; `npm run bench` takes the same measure (`allocatedDuring`) around its own
// warm runs, of the same build.

import { rmSync } from 'node:fs';
import { GCProfiler } from 'node:v8';
import { loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { npmPackagesBundling } from '../scripts/build-server.mjs';
import { ownAddress } from './own-address.ts';

type WarmEngine = typeof import('./warm-engine.ts');

/**
 * The engine and the baseline the warm rows time, built as scripts/build-server.mjs builds the
 * server (esbuild, bundled, the same npm packages bundled and the others left to Node, no
 * minifying) into bench/out/warm: run through tsx, every function would carry the name-keeping
 * wrappers tsx adds (esbuild's keepNames), which the server's build does not have.
 * `BENCH_WARM_FROM=source` runs them from the TypeScript sources through tsx instead.
 */
export async function loadWarmEngine(): Promise<WarmEngine> {
  if (process.env.BENCH_WARM_FROM === 'source') return import('./warm-engine.ts');
  const outdir = fileURLToPath(new URL('./out/warm', import.meta.url));
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [fileURLToPath(new URL('./warm-engine.ts', import.meta.url))],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: true,
    minify: false,
    banner: { js: npmPackagesBundling.banner },
    plugins: [npmPackagesBundling.plugin, ownAddress],
    logLevel: 'warning',
  });
  return (await import(pathToFileURL(`${outdir}/warm-engine.js`).href)) as WarmEngine;
}

/**
 * Runs `work` and tells the bytes the V8 heap allocated meanwhile: heap used after − heap used
 * before + what every garbage collection during the run freed (each GC's before/after heap
 * statistics from `v8.GCProfiler`). Buffers' backing stores live outside the heap and are not
 * counted. Other work running at the same time in this process is counted too: call it with
 * nothing else in flight.
 */
export async function allocatedDuring<T>(
  work: () => Promise<T>,
): Promise<{ value: T; bytes: number }> {
  const profiler = new GCProfiler();
  const before = process.memoryUsage().heapUsed;
  profiler.start();
  const value = await work();
  const after = process.memoryUsage().heapUsed;
  const profile = profiler.stop();
  let freed = 0;
  for (const gc of profile?.statistics ?? []) {
    freed += gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize;
  }
  return { value, bytes: Math.max(0, after - before + freed) };
}

export function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.5 * sorted.length) - 1)]!;
}

export const mb = (bytes: number) => bytes / (1024 * 1024);

/**
 * Warm engine and baseline runs, alternating, each timed and its allocation measured; between
 * them the same deck for a client in Japan in Japanese (issue 50), timed as `npm run bench` times
 * it (its draft copied and renamed for the run inside the time).
 */
export async function engineWarmSection(runs = 15) {
  const { buildDeck, createTemplateLibrary, generateDeck, baselineRender } = await loadWarmEngine();
  const { benchDraft, benchDraftFor, japaneseBenchDraft, makePictures } =
    await import('./bench-deck.ts');
  const pictures = await makePictures();
  const draft = benchDraft();
  const japaneseDraft = japaneseBenchDraft();
  const library = createTemplateLibrary();
  const deck = buildDeck(draft, library);
  const images = {
    fetcher: async (url: string) => {
      const p = pictures.get(url);
      return p
        ? { ok: true as const, bytes: p.bytes, kind: p.kind }
        : { ok: false as const, reason: 'missing' };
    },
  };
  const engine = { ms: [] as number[], bytes: [] as number[], cpuMs: [] as number[] };
  const baseline = { ms: [] as number[], bytes: [] as number[], cpuMs: [] as number[] };
  /** The process's CPU time since `since` (every thread: zlib's on libuv's pool too), in ms. */
  const cpuMsSince = (since: NodeJS.CpuUsage) => {
    const used = process.cpuUsage(since);
    return (used.user + used.system) / 1000;
  };
  const japanese = { ms: [] as number[], bytes: [] as number[] };
  for (let i = 0; i < runs + 3; i += 1) {
    let t = performance.now();
    let cpu = process.cpuUsage();
    const e = await allocatedDuring(() => generateDeck(benchDraftFor(i), { library, images }));
    const engineMs = performance.now() - t;
    const engineCpuMs = cpuMsSince(cpu);
    t = performance.now();
    const j = await allocatedDuring(() => {
      const japaneseForRun = structuredClone(japaneseDraft);
      japaneseForRun.basicInfo.clientName += ` 第${i + 1}支店`;
      return generateDeck(japaneseForRun, { library, images });
    });
    const japaneseMs = performance.now() - t;
    t = performance.now();
    cpu = process.cpuUsage();
    const b = await allocatedDuring(() => baselineRender(deck, pictures));
    const baselineMs = performance.now() - t;
    const baselineCpuMs = cpuMsSince(cpu);
    if (i < 3) continue;
    engine.ms.push(engineMs);
    engine.bytes.push(e.bytes);
    engine.cpuMs.push(engineCpuMs);
    baseline.cpuMs.push(baselineCpuMs);
    baseline.ms.push(baselineMs);
    baseline.bytes.push(b.bytes);
    japanese.ms.push(japaneseMs);
    japanese.bytes.push(j.bytes);
  }
  const result = {
    runs,
    from:
      process.env.BENCH_WARM_FROM === 'source' ? 'sources through tsx' : 'the server-style build',
    slides: deck.slides.length,
    engineMs: median(engine.ms),
    baselineMs: median(baseline.ms),
    engineCpuMs: median(engine.cpuMs),
    baselineCpuMs: median(baseline.cpuMs),
    engineMb: mb(median(engine.bytes)),
    baselineMb: mb(median(baseline.bytes)),
    japaneseMs: median(japanese.ms),
    japaneseMb: mb(median(japanese.bytes)),
  };
  return {
    ...result,
    ratio: result.engineMs / result.baselineMs,
    japaneseRatio: result.japaneseMs / result.engineMs,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const runs = Number(process.argv[2] ?? 15);
  const load = loadavg()[0]!;
  const r = await engineWarmSection(runs);
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(`| measure (${r.slides}-slide deck, ${r.runs} warm runs from ${r.from}, load ${load.toFixed(1)}) | engine | baseline | ratio | target |
|---|---|---|---|---|
| warm median | ${r.engineMs.toFixed(0)} ms | ${r.baselineMs.toFixed(0)} ms | ${r.ratio.toFixed(3)} | ≤ 0.12 (${verdict(r.ratio <= 0.12)}) |
| CPU time per deck, every thread (median) | ${r.engineCpuMs.toFixed(0)} ms | ${r.baselineCpuMs.toFixed(0)} ms | ${(r.engineCpuMs / r.baselineCpuMs).toFixed(3)} | |
| MB allocated per deck (median) | ${r.engineMb.toFixed(1)} MB | ${r.baselineMb.toFixed(1)} MB | ${(r.engineMb / r.baselineMb).toFixed(2)} | engine ≤ 15 MB (${verdict(r.engineMb <= 15)}) |

| measure | Japanese deck | English deck | ratio | target |
|---|---|---|---|---|
| warm median (engine both) | ${r.japaneseMs.toFixed(0)} ms | ${r.engineMs.toFixed(0)} ms | ${r.japaneseRatio.toFixed(2)} | ≤ 1.3 (${verdict(r.japaneseRatio <= 1.3)}) |
| MB allocated per deck (median) | ${r.japaneseMb.toFixed(1)} MB | ${r.engineMb.toFixed(1)} MB | ${(r.japaneseMb / r.engineMb).toFixed(2)} | |`);
}
