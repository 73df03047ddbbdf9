// The cold rows of bench/RESULTS.md: a fresh process making its first deck, module loading
// included, engine against the baseline, both from built JavaScript (issue 52): cold-run.ts is
// bundled by esbuild as the server is (workspace packages and the npm packages the server's build
// bundles inlined, the other npm packages left to Node, split so each side's modules load only
// after its clock starts), then run in fresh processes,
// taking turns. `node --import tsx bench/cold-start.ts` runs only this bench and prints its rows.
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { buildDeck, createTemplateLibrary } from '@deck-portal/deck-engine';
import { npmPackagesBundling } from '../scripts/build-server.mjs';
import { ownAddress } from './own-address.ts';
import { benchDraft, makePictures, pictureSlides } from './bench-deck.ts';

const here = fileURLToPath(new URL('.', import.meta.url));

export interface ColdFigures {
  runs: number;
  engineMs: number[];
  baselineMs: number[];
  /** CPU time of each run's process over the same span (every thread): steadier on a busy machine. */
  engineCpuMs: number[];
  baselineCpuMs: number[];
  /** Each engine run's CPU time by the end of each stage (see cold-run.ts), cumulative. */
  engineStagesCpuMs: Record<string, number>[];
  /** The 100-slide deck in a fresh process. */
  memory: { ms: number; slides: number; maxRssMb: number };
  load: [number, number];
  /** The Node that ran them, and whether the engine's runs used Node's compile cache (Node 22.1+). */
  node: string;
  compileCache: boolean;
}

/** The inputs cold-run.ts reads before its clock starts: pictures, the drafts, the baseline's deck. */
export async function writeColdInputs(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const pictures = await makePictures();
  const manifest = [...pictures.entries()].map(([url, p], i) => ({
    url,
    file: `picture-${i}.${p.kind}`,
    kind: p.kind,
  }));
  for (const m of manifest) writeFileSync(`${dir}/${m.file}`, pictures.get(m.url)!.bytes);
  writeFileSync(`${dir}/pictures.json`, JSON.stringify(manifest));
  const draft = benchDraft();
  writeFileSync(`${dir}/draft.json`, JSON.stringify(draft));
  const draft100 = structuredClone(draft);
  // Past the draft schema's 30 custom slides on purpose: the engine itself has no such limit.
  draft100.templateCustomization.customSlides = pictureSlides(82);
  writeFileSync(`${dir}/draft-100.json`, JSON.stringify(draft100));
  writeFileSync(`${dir}/deck.json`, JSON.stringify(buildDeck(draft, createTemplateLibrary())));
}

/** Builds cold-run.ts into `dir`/build; answers the entry's path. */
export async function buildColdRun(dir: string): Promise<string> {
  const outdir = `${dir}/build`;
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [`${here}cold-run.ts`],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    // The npm packages the server's build bundles are bundled here too (scripts/build-server.mjs
    // says which and why); the others are imported by name, resolved from the bench's folder.
    banner: { js: npmPackagesBundling.banner },
    plugins: [npmPackagesBundling.plugin, ownAddress],
    logLevel: 'warning',
  });
  return `${outdir}/cold-run.js`;
}

type ColdRun = {
  ms: number;
  cpuMs: number;
  slides: number;
  maxRssMb: number;
  stagesCpuMs?: Record<string, number>;
  compileCache?: number;
};

async function coldRun(entry: string, mode: string, dir: string): Promise<ColdRun> {
  const { stdout } = await promisify(execFile)(process.execPath, [entry, mode, dir], { cwd: here });
  return JSON.parse(stdout) as ColdRun;
}

/** `runs` fresh processes each, engine and baseline taking turns, then the 100-slide deck. */
export async function measureCold(dir: string, runs: number): Promise<ColdFigures> {
  const entry = await buildColdRun(dir);
  const load0 = loadavg()[0]!;
  const engineMs: number[] = [];
  const baselineMs: number[] = [];
  const engineCpuMs: number[] = [];
  const baselineCpuMs: number[] = [];
  const engineStagesCpuMs: Record<string, number>[] = [];
  // One of each first, not counted: the files' pages come into the system's cache, and the
  // engine's compiled code into Node's compile cache (Node 22.1+), as a server's first start.
  const first = await coldRun(entry, 'engine', dir);
  await coldRun(entry, 'baseline', dir);
  for (let i = 0; i < runs; i += 1) {
    // Who goes first alternates, so neither always follows the other.
    const order = i % 2 === 0 ? ['engine', 'baseline'] : ['baseline', 'engine'];
    for (const mode of order) {
      const { ms, cpuMs, stagesCpuMs } = await coldRun(entry, mode, dir);
      (mode === 'engine' ? engineMs : baselineMs).push(ms);
      (mode === 'engine' ? engineCpuMs : baselineCpuMs).push(cpuMs);
      if (stagesCpuMs) engineStagesCpuMs.push(stagesCpuMs);
    }
  }
  const memory = await coldRun(entry, 'memory', dir);
  return {
    runs,
    engineMs,
    baselineMs,
    engineCpuMs,
    baselineCpuMs,
    engineStagesCpuMs,
    memory,
    load: [load0, loadavg()[0]!],
    node: process.version,
    compileCache: first.compileCache !== undefined,
  };
}

export const median = (samples: readonly number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length / 2) - 1]!;
};

const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');
const ms = (v: number) => `${v.toFixed(0)} ms`;

/** The speed table's cold rows: the time to the deck, and the CPU time it took. */
export function coldRow(f: ColdFigures): string {
  const engine = median(f.engineMs);
  const baseline = median(f.baselineMs);
  const ratio = engine / baseline;
  const engineCpu = median(f.engineCpuMs);
  const baselineCpu = median(f.baselineCpuMs);
  const node = `Node ${f.node}${f.compileCache ? ', the engine with the compile cache' : ''}`;
  return `| cold, fresh process from built JavaScript, median of ${f.runs} taking turns (module loading included; ${node}; load average ${f.load[0].toFixed(1)} → ${f.load[1].toFixed(1)}) | ${ms(engine)} | ${ms(baseline)} | ${ratio.toFixed(2)} | issue 52: ≤ 0.5 (${verdict(ratio <= 0.5)}) |
| cold, CPU time of the same processes (every thread) | ${ms(engineCpu)} | ${ms(baselineCpu)} | ${(engineCpu / baselineCpu).toFixed(2)} | |`;
}

const STAGES = [
  ['modules', 'modules loaded'],
  ['layout', 'library read and slides laid out'],
  ['pictures', 'pictures'],
  ['files', "PPTX markup and the PDF's start"],
  ['web', 'web view, with the PDF written and the PPTX deflated meanwhile'],
] as const;

/**
 * Where the engine's first deck spends its CPU time, stage by stage (medians over the runs of
 * each stage's own share): what is left to cut, in a sentence for the results.
 */
export function coldStagesLine(f: ColdFigures): string {
  const shares = STAGES.map(([key, label], i) => {
    const own = f.engineStagesCpuMs.map(
      (run) => run[key]! - (i === 0 ? 0 : run[STAGES[i - 1]![0]]!),
    );
    return `${label} ${ms(median(own))}`;
  });
  return `The engine's cold CPU time by stage (medians): ${shares.join(', ')}.`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = `${here}out/cold`;
  await writeColdInputs(dir);
  const figures = await measureCold(dir, Number(process.env.BENCH_COLD_RUNS ?? 9));
  console.error(JSON.stringify(figures));
  console.log(coldRow(figures));
  console.log(`\n${coldStagesLine(figures)}`);
  console.log(
    `\n100-slide deck, fresh process: peak RSS ${figures.memory.maxRssMb.toFixed(0)} MB, ${ms(figures.memory.ms)}; load average ${figures.load[0].toFixed(1)} → ${figures.load[1].toFixed(1)}.`,
  );
}
