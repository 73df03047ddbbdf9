// What the PPTX writer costs on the bench deck (issue 52, part 3): time and bytes allocated per
// deck, split into pptxgenjs's object building, its XML writing, the parts read out of its JSZip
// (never zipped by it: ADR 058), and the normalising pass (slide rewrites, deflate, zip). Runnable alone:
// `node --import tsx bench/pptx-writer.ts [runs]` prints its markdown rows.

import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { GCProfiler } from 'node:v8';
import { unzipSync } from 'fflate';
import PptxGenJS from 'pptxgenjs';
import { buildDeck, createTemplateLibrary, resolveImages } from '@deck-portal/deck-engine';
import { slidePlanOf } from '../packages/deck-engine/src/edited/slide-plan.ts';
import { writeZip } from '../packages/deck-engine/src/render/normalize-pptx.ts';
import { placeImages } from '../packages/deck-engine/src/render/place-images.ts';
import { renderPptx } from '../packages/deck-engine/src/render/render-pptx.ts';
import { renderSlideSvg } from '../packages/deck-engine/src/render/render-svg.ts';
import { benchDraft, makePictures } from './bench-deck.ts';

const PHASES = ['build', 'xml', 'parts', 'normalize'] as const;
type Phase = (typeof PHASES)[number];

/**
 * Time and V8 heap bytes allocated, phase by phase: heap used at the phase's end − at its start
 * + what each garbage collection inside it freed (`v8.GCProfiler`, one per phase).
 */
class PhaseMeter {
  readonly ms: Record<Phase, number> = { build: 0, xml: 0, parts: 0, normalize: 0 };
  readonly bytes: Record<Phase, number> = { build: 0, xml: 0, parts: 0, normalize: 0 };
  private phase: Phase | undefined;
  private startedAt = 0;
  private heapAtStart = 0;
  private profiler: GCProfiler | undefined;

  enter(phase: Phase | undefined): void {
    if (this.phase) {
      const heap = process.memoryUsage().heapUsed;
      let freed = 0;
      for (const gc of this.profiler?.stop()?.statistics ?? []) {
        freed += gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize;
      }
      this.ms[this.phase] += performance.now() - this.startedAt;
      this.bytes[this.phase] += Math.max(0, heap - this.heapAtStart + freed);
    }
    this.phase = phase;
    if (!phase) return;
    this.profiler = new GCProfiler();
    this.heapAtStart = process.memoryUsage().heapUsed;
    this.profiler.start();
    this.startedAt = performance.now();
  }

  get current(): Phase | undefined {
    return this.phase;
  }
}

let meter: PhaseMeter | undefined;

/** The archive pptxgenjs fills, as `pptxgenjsParts` reads it (render/pptxgenjs-parts.ts). */
type PartsArchive = { generateAsync: (options?: unknown) => Promise<unknown> };
type AddChartsAndMedia = (slide: unknown, zip: PartsArchive, promises: unknown[]) => void;

/**
 * pptxgenjs's write (its XML, then the parts read out of its archive) and that reading timed where
 * they run, while `work` runs; put back after. `pptxgenjsParts` gives pptxgenjs's archive its own
 * `generateAsync` (which reads the parts instead of zipping them) from the instance's
 * `createChartMediaRels`: the hook wraps that one, inside the write.
 */
async function withPhaseHooks<T>(work: () => Promise<T>): Promise<T> {
  const write = PptxGenJS.prototype.write;
  PptxGenJS.prototype.write = async function timedWrite(this: PptxGenJS, props) {
    meter?.enter('xml');
    const hooked = this as unknown as { createChartMediaRels: AddChartsAndMedia };
    const addChartsAndMedia = hooked.createChartMediaRels;
    hooked.createChartMediaRels = (slide, zip, promises) => {
      addChartsAndMedia(slide, zip, promises);
      const readParts = zip.generateAsync;
      zip.generateAsync = (options) => {
        meter?.enter('parts');
        return readParts(options);
      };
    };
    try {
      return await write.call(this, props);
    } finally {
      hooked.createChartMediaRels = addChartsAndMedia;
      meter?.enter('normalize');
    }
  };
  try {
    return await work();
  } finally {
    PptxGenJS.prototype.write = write;
  }
}

const median = (samples: readonly number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.5 * sorted.length) - 1)]!;
};
const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/** Time and V8 heap bytes allocated by a synchronous piece of work. */
function measured(work: () => unknown): { ms: number; bytes: number } {
  const profiler = new GCProfiler();
  const before = process.memoryUsage().heapUsed;
  profiler.start();
  const t = performance.now();
  work();
  const ms = performance.now() - t;
  const after = process.memoryUsage().heapUsed;
  let freed = 0;
  for (const gc of profiler.stop()?.statistics ?? []) {
    freed += gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize;
  }
  return { ms, bytes: Math.max(0, after - before + freed) };
}

/** The bench deck's PPTX written `runs` times (after 3 unmeasured), each phase's medians. */
export async function pptxWriterSection(runs = 15) {
  const pictures = await makePictures();
  const library = createTemplateLibrary();
  const deck = buildDeck(benchDraft(), library);
  const { images } = await resolveImages(deck, {
    fetcher: async (url) => {
      const p = pictures.get(url);
      return p ? { ok: true, bytes: p.bytes, kind: p.kind } : { ok: false, reason: 'missing' };
    },
  });
  const slides = deck.slides.map((slide) => placeImages(slide, images));
  const keys = (deck.slidePlan ?? slidePlanOf(deck.slides)).map(({ key }) => key);
  const samples = { ms: [] as number[], bytes: [] as number[] };
  const phases = Object.fromEntries(
    PHASES.map((p) => [p, { ms: [] as number[], bytes: [] as number[] }]),
  ) as Record<Phase, { ms: number[]; bytes: number[] }>;
  let size = 0;
  // What writing the parts directly would cost at least, measured beside each run: the slides'
  // markup written as strings (the SVG writer's, which also inlines each picture as base64: an
  // upper bound for the XML), and the final parts zipped once (what any writer must do).
  const floor = {
    svg: [] as number[],
    svgBytes: [] as number[],
    zip: [] as number[],
    zipBytes: [] as number[],
  };
  for (let i = 0; i < runs + 3; i += 1) {
    meter = new PhaseMeter();
    meter.enter('build');
    const pptx = await withPhaseHooks(() => renderPptx(deck, slides, undefined, keys));
    meter.enter(undefined);
    size = pptx.length;
    const parts = Object.entries(unzipSync(pptx));
    const svg = measured(() => slides.map((slide) => renderSlideSvg(slide)));
    const zip = measured(() => writeZip(parts, new Date(2026, 0, 1, 12)));
    if (i < 3) continue;
    floor.svg.push(svg.ms);
    floor.svgBytes.push(svg.bytes);
    floor.zip.push(zip.ms);
    floor.zipBytes.push(zip.bytes);
    let ms = 0;
    let bytes = 0;
    for (const p of PHASES) {
      phases[p].ms.push(meter.ms[p]);
      phases[p].bytes.push(meter.bytes[p]);
      ms += meter.ms[p];
      bytes += meter.bytes[p];
    }
    samples.ms.push(ms);
    samples.bytes.push(bytes);
  }
  meter = undefined;
  return {
    runs,
    slides: slides.length,
    size,
    ms: median(samples.ms),
    bytes: median(samples.bytes),
    phases: Object.fromEntries(
      PHASES.map((p) => [p, { ms: median(phases[p].ms), bytes: median(phases[p].bytes) }]),
    ) as Record<Phase, { ms: number; bytes: number }>,
    floor: {
      svg: { ms: median(floor.svg), bytes: median(floor.svgBytes) },
      zip: { ms: median(floor.zip), bytes: median(floor.zipBytes) },
    },
  };
}

/** The section's markdown: a heading, what is measured, and the rows. */
export function pptxWriterRows(r: Awaited<ReturnType<typeof pptxWriterSection>>, load: number) {
  const names: Record<Phase, string> = {
    build: 'pptxgenjs: slide objects built (with our options)',
    xml: "pptxgenjs: XML parts written (charts' sheets zipped)",
    parts: "the parts read out of pptxgenjs's JSZip (no archive; ADR 058)",
    normalize: 'normalising pass: slide rewrites, deflate, zip',
  };
  return [
    '## The PPTX writer, phase by phase (issue 52)',
    '',
    `\`bench/pptx-writer.ts\` (runs alone: \`node --import tsx bench/pptx-writer.ts\`): \`renderPptx\` on the bench deck's ${r.slides} laid-out slides, ${r.runs} warm runs after 3, load ${load.toFixed(1)} at its start. Allocation: V8 heap used after − before + what each GC in the phase freed (\`v8.GCProfiler\`); picture bytes live outside the heap. The floor rows measure, beside each run, what a writer of the XML parts would do at least: the slides' markup built as strings (the SVG writer's, which also inlines each picture as base64) and the final parts deflated and zipped once. pptxgenjs is kept (ADR 052): the direct writer's saving is the pptxgenjs rows less the first floor row.`,
    '',
    '| phase | median time | MB allocated (median) |',
    '|---|---|---|',
    ...PHASES.map(
      (p) => `| ${names[p]} | ${r.phases[p].ms.toFixed(1)} ms | ${mb(r.phases[p].bytes)} MB |`,
    ),
    `| **whole PPTX** (${(r.size / 1024).toFixed(0)} KB) | ${r.ms.toFixed(1)} ms | ${mb(r.bytes)} MB |`,
    `| floor: the slides' markup as strings (SVG writer, pictures inlined) | ${r.floor.svg.ms.toFixed(1)} ms | ${mb(r.floor.svg.bytes)} MB |`,
    `| floor: the final parts deflated and zipped once | ${r.floor.zip.ms.toFixed(1)} ms | ${mb(r.floor.zip.bytes)} MB |`,
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const load = loadavg()[0]!;
  console.log(pptxWriterRows(await pptxWriterSection(Number(process.argv[2] ?? 15)), load));
}
