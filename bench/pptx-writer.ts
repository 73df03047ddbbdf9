// What the PPTX writer costs on the bench deck (issue 52, part 3): time and bytes allocated per
// deck, split into the direct writer's markup (ADR 059, 067: each slide written as UTF-8 into one
// buffer, its text boxes and shapes straight from their laid-out elements, the package's small
// parts as strings), the normalising pass (the final parts) and the deflating and zipping on
// libuv's thread pool (ADR 062); beside each run,
// in the same process, the same deck written by pptxgenjs (the writer before ADR 059, kept for
// decks with charts) for the before → after. Runnable alone:
// `node --import tsx bench/pptx-writer.ts [runs]` prints its markdown rows.

import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { GCProfiler } from 'node:v8';
import { unzipSync } from 'fflate';
import { buildDeck, createTemplateLibrary, resolveImages } from '@deck-portal/deck-engine';
import { slidePlanOf } from '../packages/deck-engine/src/edited/slide-plan.ts';
import {
  entryDate,
  normalizedEntries,
  writeZip,
  writeZipDeflating,
} from '../packages/deck-engine/src/render/normalize-pptx.ts';
import { placeImages } from '../packages/deck-engine/src/render/place-images.ts';
import {
  finishOptions,
  renderPptxWithPptxgenjs,
  writeDirectParts,
} from '../packages/deck-engine/src/render/render-pptx.ts';
import { renderSlideSvg } from '../packages/deck-engine/src/render/render-svg.ts';
import { benchDraft, makePictures } from './bench-deck.ts';

const median = (samples: readonly number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.5 * sorted.length) - 1)]!;
};
const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

interface Cost {
  ms: number;
  /** CPU time of every thread of the process (the thread pool's deflating included). */
  cpu: number;
  bytes: number;
}

interface Measured<T> extends Cost {
  value: T;
}

/**
 * Time, CPU time and V8 heap bytes allocated by a piece of work: heap used after − before + what
 * each garbage collection inside it freed (`v8.GCProfiler`).
 */
async function measured<T>(work: () => T | Promise<T>): Promise<Measured<T>> {
  const profiler = new GCProfiler();
  const before = process.memoryUsage().heapUsed;
  profiler.start();
  const cpu = process.cpuUsage();
  const t = performance.now();
  const value = await work();
  const ms = performance.now() - t;
  const { user, system } = process.cpuUsage(cpu);
  const after = process.memoryUsage().heapUsed;
  let freed = 0;
  for (const gc of profiler.stop()?.statistics ?? []) {
    freed += gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize;
  }
  return { value, ms, cpu: (user + system) / 1000, bytes: Math.max(0, after - before + freed) };
}

const ROWS = ['markup', 'normalize', 'deflate', 'whole', 'pptxgenjs', 'svg', 'zip'] as const;
type Row = (typeof ROWS)[number];

/** The bench deck's PPTX written `runs` times (after 3 unmeasured), each row's medians. */
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
  const samples = Object.fromEntries(
    ROWS.map((r) => [r, { ms: [] as number[], cpu: [] as number[], bytes: [] as number[] }]),
  ) as Record<Row, { ms: number[]; cpu: number[]; bytes: number[] }>;
  let size = 0;
  for (let i = 0; i < runs + 3; i += 1) {
    // The direct writer (what `renderPptx` does for a deck without charts), phase by phase.
    const markup = await measured(() => writeDirectParts(deck, slides));
    const normalize = await measured(() =>
      normalizedEntries(
        markup.value.parts,
        finishOptions(deck, slides, markup.value, undefined, keys),
      ),
    );
    const deflate = await measured(() => writeZipDeflating(normalize.value, entryDate(deck.date)));
    // The same deck by pptxgenjs, alternating with it in one process.
    const old = await measured(() => renderPptxWithPptxgenjs(deck, slides, undefined, keys));
    size = deflate.value.length;
    // What any writer does at least, beside each run: the slides' markup as strings (the SVG
    // writer's, which also inlines each picture as base64), and the final parts zipped once.
    const parts = Object.entries(unzipSync(deflate.value));
    const svg = await measured(() => slides.map((slide) => renderSlideSvg(slide)));
    const zip = await measured(() => writeZip(parts, new Date(2026, 0, 1, 12)));
    if (i < 3) continue;
    const add = (row: Row, m: Cost) => {
      samples[row].ms.push(m.ms);
      samples[row].cpu.push(m.cpu);
      samples[row].bytes.push(m.bytes);
    };
    add('markup', markup);
    add('normalize', normalize);
    add('deflate', deflate);
    const phases = [markup, normalize, deflate];
    const sum = (key: keyof Cost) => phases.reduce((n, m) => n + m[key], 0);
    add('whole', { ms: sum('ms'), cpu: sum('cpu'), bytes: sum('bytes') });
    add('pptxgenjs', old);
    add('svg', svg);
    add('zip', zip);
  }
  return {
    runs,
    slides: slides.length,
    size,
    rows: Object.fromEntries(
      ROWS.map((r) => [
        r,
        { ms: median(samples[r].ms), cpu: median(samples[r].cpu), bytes: median(samples[r].bytes) },
      ]),
    ) as Record<Row, Cost>,
  };
}

/** The section's markdown: a heading, what is measured, and the rows. */
export function pptxWriterRows(r: Awaited<ReturnType<typeof pptxWriterSection>>, load: number) {
  const row = (name: string, m: Cost) =>
    `| ${name} | ${m.ms.toFixed(1)} ms | ${m.cpu.toFixed(1)} ms | ${mb(m.bytes)} MB |`;
  return [
    '## The PPTX writer, phase by phase (issue 52)',
    '',
    `\`bench/pptx-writer.ts\` (runs alone: \`node --import tsx bench/pptx-writer.ts\`): \`renderPptx\` on the bench deck's ${r.slides} laid-out slides, ${r.runs} warm runs after 3, load ${load.toFixed(1)} at its start. Allocation: V8 heap used after − before + what each GC in the phase freed (\`v8.GCProfiler\`); picture bytes live outside the heap. CPU: the process's user + system time in the phase, the thread pool's deflating included (\`process.cpuUsage\`). The direct writer (ADR 059) writes every deck without a chart, each slide as UTF-8 into one buffer, its text boxes and shapes straight from their laid-out elements (ADR 067); its parts are deflated on libuv's thread pool, a small part deflated for an earlier deck with the same bytes taken as it was (ADR 062), so in \`renderDeck\` the deflate's time overlaps the PDF and the web view; pptxgenjs, which wrote every deck before, is run on the same deck alternating with it. The last two rows are measured beside each run: the slides' markup built as strings (the SVG writer's, which also inlines each picture as base64: what writing markup as strings costs at least, which the direct writer's bytes now come under) and the floor, what any writer does at least: the final parts deflated and zipped once.`,
    '',
    '| phase | median time | CPU time, all threads (median) | MB allocated (median) |',
    '|---|---|---|---|',
    row(
      "direct writer: the slides written as UTF-8 from their elements, the package's parts",
      r.rows.markup,
    ),
    row(
      'normalising pass: the final parts (slide rewrites, media, content types)',
      r.rows.normalize,
    ),
    row("deflate on libuv's thread pool (awaited here), zip", r.rows.deflate),
    row(`**whole PPTX** (${(r.size / 1024).toFixed(0)} KB)`, r.rows.whole),
    row('before (ADR 058): the same deck by pptxgenjs, whole', r.rows.pptxgenjs),
    row("strings' floor: the slides' markup as strings (SVG writer, pictures inlined)", r.rows.svg),
    row(
      'floor: the final parts deflated (on this thread, nothing remembered) and zipped once',
      r.rows.zip,
    ),
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const load = loadavg()[0]!;
  console.log(pptxWriterRows(await pptxWriterSection(Number(process.argv[2] ?? 15)), load));
}
