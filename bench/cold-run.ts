// One generation in a fresh process: `node cold-run.js engine|baseline|memory DIR`, as
// cold-start.ts builds it (bundled, so neither side pays for transpiling). DIR holds the inputs
// cold-start.ts prepared (pictures, the baseline's laid-out deck), so neither side loads anything
// before its clock starts; each side's modules are imported after it. Prints JSON: milliseconds,
// the process's CPU time over them (every thread), slides, peak RSS, and for the engine the CPU
// time spent by the end of each stage (modules loaded, library read and slides laid out,
// pictures, the files begun, the web view with the files finished) as its progress reports them.
import { readFileSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const [mode, dir] = process.argv.slice(2) as [string, string];
// The engine loads as the server's built entries load it (scripts/build-server.mjs, ADR 061): on
// Node 22.1+ with the compile cache beside the build, which the bench's first, uncounted run
// writes. The baseline loads as it always did. Node 20 has no such cache.
const compileCache =
  mode === 'baseline'
    ? undefined
    : (
        module as {
          enableCompileCache?: (dir: string) => { status: number };
        }
      ).enableCompileCache?.(path.join(path.dirname(process.argv[1]!), 'compile-cache'));
const manifest = JSON.parse(readFileSync(`${dir}/pictures.json`, 'utf8')) as Array<{
  url: string;
  file: string;
  kind: 'png' | 'jpeg';
}>;
const pictures = new Map(
  manifest.map((p) => [p.url, { bytes: readFileSync(`${dir}/${p.file}`), kind: p.kind }]),
);

const started = performance.now();
const cpuBefore = process.cpuUsage();
const cpuSoFar = () => {
  const used = process.cpuUsage(cpuBefore);
  return (used.user + used.system) / 1000;
};
const stagesCpuMs: Record<string, number> = {};
let slides: number;
if (mode === 'baseline') {
  const deck = JSON.parse(readFileSync(`${dir}/deck.json`, 'utf8'));
  const { baselineRender } = await import('./baseline.ts');
  await baselineRender(deck, pictures);
  slides = deck.slides.length;
} else {
  const { generateDeck } = await import('@deck-portal/deck-engine');
  stagesCpuMs.modules = cpuSoFar();
  const draft = JSON.parse(
    readFileSync(`${dir}/${mode === 'memory' ? 'draft-100.json' : 'draft.json'}`, 'utf8'),
  );
  const fetcher = async (url: string) => {
    const p = pictures.get(url);
    return p
      ? { ok: true as const, bytes: p.bytes, kind: p.kind }
      : { ok: false as const, reason: 'missing' };
  };
  // Each stage as it starts ends the one before: layout → pictures → pptx → pdf → web. renderDeck
  // writes the PPTX's markup, starts the PDF (which first waits for its PNG pictures' planes),
  // then draws the web view while the PPTX's parts deflate and the PDF is written, awaiting both
  // last (render-deck.ts): "files" is up to the web view's start, "web" the rest.
  const ended = { pictures: 'layout', pptx: 'pictures', web: 'files' } as Record<string, string>;
  const result = await generateDeck(draft, {
    images: { fetcher },
    onProgress: ({ stage }) => {
      if (ended[stage]) stagesCpuMs[ended[stage]] = cpuSoFar();
    },
  });
  stagesCpuMs.web = cpuSoFar();
  slides = result.svgs.length;
}
const ms = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
process.stdout.write(
  JSON.stringify({
    ms,
    cpuMs: (cpu.user + cpu.system) / 1000,
    slides,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    // Node's status: 1 enabled, 2 already enabled; absent where Node has no compile cache.
    ...(compileCache ? { compileCache: compileCache.status } : {}),
    ...(mode === 'baseline' ? {} : { stagesCpuMs }),
  }),
);
