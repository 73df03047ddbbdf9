import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderProgress } from '../render/render-deck.ts';
import { pdfPageWords, pricedDraft, SITE_PHOTO, sitePhoto } from '../edited/edited-fixtures.ts';
import { createDeckRenderer, type DeckRendererPool } from './deck-renderer.ts';

// The editable link's work on the worker pool (issue 49): a 20-slide deck generated with its
// identity, read back as an edited deck, drawn again and one slide previewed, each off the
// caller's thread. The times are printed for the record, not asserted (benchmarks hold targets).

let renderer: DeckRendererPool;

const draft = pricedDraft([
  'title',
  'agenda',
  'market-challenge',
  'solution-architecture',
  'product-data-logger',
  'product-controller',
  'case-study',
  'testimonials',
  'by-the-numbers',
  'about-us',
  'leadership',
  'deployment-plan',
  'return-on-investment',
  'next-steps',
  'thank-you',
  'appendix-faq',
]);
const identity = { deckId: '3c2b1a09-8f7e-4d6c-9b5a-0e1f2d3c4b5a', version: 1 };

/** How long a call takes, in whole milliseconds. */
async function timed<T>(call: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await call();
  return [result, Math.round(performance.now() - started)];
}

beforeAll(async () => {
  renderer = createDeckRenderer({ maxThreads: 1, minThreads: 1 });
  await renderer.warmedUp;
}, 120_000);

afterAll(async () => {
  await renderer.close();
});

describe('an edited deck on the worker pool', () => {
  it('reads a 20-slide deck’s file back, draws it again the same, and previews a slide', async () => {
    const pictures = { [SITE_PHOTO]: await sitePhoto() };
    const original = await renderer.generate(draft, { pictures, identity });
    expect(original.slidePlan).toHaveLength(20);

    const progress: { done: number; total: number }[] = [];
    const [read, readMs] = await timed(() =>
      renderer.readEdited(original.pptx, {
        slidePlan: original.slidePlan,
        onProgress: (step) => progress.push(step),
      }),
    );
    if (!read.ok) throw new Error(read.reason);
    expect(read.identity).toEqual(identity);
    expect(read.edited.slides.map(({ key, priced }) => ({ key, priced }))).toEqual(
      original.slidePlan,
    );
    expect(progress.at(-1)).toEqual({ done: 20, total: 20 });

    const stages: RenderProgress['stage'][] = [];
    const [again, generateMs] = await timed(() =>
      renderer.generateEdited(read.edited, {
        draft,
        pictures: read.pictures,
        identity: { ...identity, version: 2 },
        onProgress: ({ stage }) => stages.push(stage),
      }),
    );
    expect(pdfPageWords(again.pdf)).toEqual(pdfPageWords(original.pdf));
    expect(again.slidePlan).toEqual(original.slidePlan);
    expect(stages).toEqual(expect.arrayContaining(['layout', 'pictures', 'pptx', 'web']));

    // Warm: the same calls again.
    const [, readWarmMs] = await timed(() =>
      renderer.readEdited(original.pptx, { slidePlan: original.slidePlan }),
    );
    const [, generateWarmMs] = await timed(() =>
      renderer.generateEdited(read.edited, { draft, pictures: read.pictures }),
    );
    const previewMs: number[] = [];
    const about = read.edited.slides.find((slide) => slide.key === 'about-us')!;
    const aboutAt = original.slidePlan.findIndex((slide) => slide.key === 'about-us');
    for (let i = 0; i < 5; i += 1) {
      const [svg, ms] = await timed(() =>
        renderer.previewEditedSlide(about, {
          draft,
          pictures: read.pictures,
          pageNumber: aboutAt + 1,
        }),
      );
      expect(svg).toBe(again.svgs[aboutAt]);
      previewMs.push(ms);
    }
    previewMs.sort((a, b) => a - b);
    console.log(
      `20 slides on the pool: readEdited ${readMs} ms (warm ${readWarmMs} ms), generateEdited ${generateMs} ms (warm ${generateWarmMs} ms), previewEditedSlide median ${previewMs[2]} ms`,
    );
  }, 300_000);

  it('moves a file handed over to the worker, and refuses one that is not a presentation', async () => {
    const handed = new Uint8Array(Buffer.alloc(4096, 7).buffer);
    await expect(renderer.readEdited(handed, { handOver: true })).resolves.toMatchObject({
      ok: false,
      reason: expect.any(String),
    });
    expect(handed.byteLength).toBe(0);
  }, 60_000);
});
