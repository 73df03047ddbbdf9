// One generation in a fresh process: `node cold-run.js engine|baseline|memory DIR`, as
// cold-start.ts builds it (bundled, so neither side pays for transpiling). DIR holds the inputs
// cold-start.ts prepared (pictures, the baseline's laid-out deck), so neither side loads anything
// before its clock starts; each side's modules are imported after it. Prints JSON: milliseconds,
// the process's CPU time over them (every thread), slides, peak RSS.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const [mode, dir] = process.argv.slice(2) as [string, string];
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
let slides: number;
if (mode === 'baseline') {
  const deck = JSON.parse(readFileSync(`${dir}/deck.json`, 'utf8'));
  const { baselineRender } = await import('./baseline.ts');
  await baselineRender(deck, pictures);
  slides = deck.slides.length;
} else {
  const { generateDeck } = await import('@deck-portal/deck-engine');
  const draft = JSON.parse(
    readFileSync(`${dir}/${mode === 'memory' ? 'draft-100.json' : 'draft.json'}`, 'utf8'),
  );
  const fetcher = async (url: string) => {
    const p = pictures.get(url);
    return p
      ? { ok: true as const, bytes: p.bytes, kind: p.kind }
      : { ok: false as const, reason: 'missing' };
  };
  const result = await generateDeck(draft, { images: { fetcher } });
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
  }),
);
