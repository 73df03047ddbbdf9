// Issue 17's speed goals, measured beside the built-in deck: a deck made of imported slides
// generates as fast, relative to the same baseline, as one made of built-in slides; and the
// 34-slide corpus file imports on the worker pool within 5 s.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildDeck,
  createTemplateLibrary,
  generateDeck,
  importPptx,
  seedLibraryDocuments,
} from '@deck-portal/deck-engine';
import { createDeckRenderer } from '@deck-portal/deck-engine/pool';
import type { DeckDraft } from '@deck-portal/domain';
import { baselineRender } from './baseline.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
export const corpusDir = process.env.PPTX_CORPUS ?? resolve(here, '../../shared/pptx-corpus');

export interface ImportedDeckBench {
  file: string;
  slides: number;
  engineMedian: number;
  baselineMedian: number;
  ratio: number;
}

export interface ImportSpeedBench {
  file: string;
  slides: number;
  /** The first import on a new pool (its worker starting included). */
  firstMs: number;
  warmMedianMs: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** A deck of every slide of `file`, imported; engine and baseline interleaved, `runs` each. */
export async function benchImportedDeck(file: string, runs: number): Promise<ImportedDeckBench> {
  const imported = await importPptx(readFileSync(join(corpusDir, file)));
  if (!imported.ok) throw new Error(`${file} ${imported.reason}`);
  const seed = seedLibraryDocuments();
  const library = createTemplateLibrary(undefined, {
    ...seed,
    slides: imported.slides.map((slide) => slide.document),
  });
  const preloaded = Object.fromEntries(imported.slides.flatMap((slide) => [...slide.pictures]));
  const draft: DeckDraft = {
    basicInfo: {
      deckTitle: 'Imported deck',
      headline: '',
      clientName: 'Northwind Pharmacies',
      date: '2031-06-15',
      primaryContact: '',
      mode: 'simple',
      locale: 'en-US',
      market: 'US',
      language: 'en',
    },
    productSelection: { selectedProducts: [], includePricing: false, customPricing: {} },
    templateCustomization: {
      selectedSlides: imported.slides.map((slide) => slide.document.id),
      customSlides: [],
    },
  };
  const deck = buildDeck(draft, library);
  const pictures = new Map(
    Object.entries(preloaded).map(([src, bytes]) => [
      src,
      { bytes: Buffer.from(bytes), kind: bytes[0] === 0x89 ? ('png' as const) : ('jpeg' as const) },
    ]),
  );
  const engine: number[] = [];
  const baseline: number[] = [];
  for (let i = 0; i < runs + 2; i += 1) {
    let t = performance.now();
    await generateDeck(draft, { library, images: { preloaded } });
    const engineMs = performance.now() - t;
    t = performance.now();
    await baselineRender(deck, pictures);
    const baselineMs = performance.now() - t;
    if (i >= 2) {
      engine.push(engineMs);
      baseline.push(baselineMs);
    }
  }
  const engineMedian = median(engine);
  const baselineMedian = median(baseline);
  return {
    file,
    slides: deck.slides.length,
    engineMedian,
    baselineMedian,
    ratio: engineMedian / baselineMedian,
  };
}

/** Imports of `file` on a new worker pool: the first, then `runs` more. */
export async function benchImportSpeed(file: string, runs: number): Promise<ImportSpeedBench> {
  const bytes = readFileSync(join(corpusDir, file));
  const renderer = createDeckRenderer({ maxThreads: 1 });
  try {
    let t = performance.now();
    const first = await renderer.importPresentation(bytes);
    const firstMs = performance.now() - t;
    if (!first.ok) throw new Error(`${file} ${first.reason}`);
    const warm: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      t = performance.now();
      await renderer.importPresentation(bytes);
      warm.push(performance.now() - t);
    }
    return { file, slides: first.slides.length, firstMs, warmMedianMs: median(warm) };
  } finally {
    await renderer.close();
  }
}

export const hasCorpus = () => existsSync(join(corpusDir, 'aptia.pptx'));

// Alone: `node --import tsx bench/imported-deck.ts` prints both measures.
if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  if (!hasCorpus()) throw new Error(`no PowerPoint corpus at ${corpusDir}`);
  console.log(await benchImportedDeck('aptia.pptx', Number(process.env.BENCH_RUNS ?? 15)));
  console.log(await benchImportSpeed('aascu-workarea-5864.pptx', 5));
}
