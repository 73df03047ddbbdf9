import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deckDraftSchema, type DeckDraft } from '@deck-portal/domain';
import { seedLibraryDocuments } from '../library/template-seed.ts';
import { createDeckRenderer, type DeckRendererPool } from './deck-renderer.ts';
import { hasOffice } from '../../test/office.ts';

let renderer: DeckRendererPool;
let pictureUrl: string;
const server = createServer((_req, res) => {
  void sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer()
    .then((png) => res.end(png));
});

function draft(imageUrl: string): DeckDraft {
  return deckDraftSchema.parse({
    basicInfo: { deckTitle: 'Pool', clientName: 'Worker Foods', date: '2026-05-01' },
    productSelection: {
      selectedProducts: [{ id: 'data_logger', quantity: 100, customPricing: 29.99 }],
      includePricing: true,
    },
    templateCustomization: {
      selectedSlides: ['title', 'about-us', 'product-data-logger', 'thank-you'],
      customSlides: [
        {
          id: 'pic',
          layoutId: 'image-caption',
          placeholderContent: { title: 'Site', image: imageUrl },
        },
      ],
    },
  });
}

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  pictureUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/site.png`;
  renderer = createDeckRenderer({
    maxThreads: 2,
    minThreads: 1,
    images: { allowLoopbackForTests: true },
  });
});

afterAll(async () => {
  await renderer.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('createDeckRenderer (worker pool)', () => {
  it('draws from the library version it is given, and from the built-in one without', async () => {
    const documents = structuredClone(seedLibraryDocuments());
    const about = documents.slides.find((slide) => slide.id === 'about-us')!;
    about.heading = 'Who we are, for {{client.name}}';
    const withVersion = await renderer.generate(draft(pictureUrl), {
      library: { key: 'version-2', documents },
    });
    expect(
      withVersion.svgs.filter((svg) => svg.includes('Who we are, for Worker Foods')),
    ).toHaveLength(1);
    const builtIn = await renderer.generate(draft(pictureUrl));
    expect(builtIn.svgs.filter((svg) => svg.includes('Who we are'))).toEqual([]);
  }, 60_000);

  it('generates a deck on a worker thread, pictures included', async () => {
    const result = await renderer.generate(draft(pictureUrl));
    expect(Buffer.isBuffer(result.pptx)).toBe(true);
    expect(result.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(result.svgs).toHaveLength(7);
    expect(result.warnings).toEqual([]);
    const zip = await JSZip.loadAsync(result.pptx);
    // The rep's picture, and the company scene and the data logger's illustration that ship
    // with the library.
    expect(
      Object.keys(zip.files).filter((n) => n.startsWith('ppt/media/') && !zip.files[n]!.dir),
    ).toHaveLength(3);
  }, 60_000);

  it('keeps the caller’s event loop free while decks render', async () => {
    let maxGap = 0;
    const started = performance.now();
    let last = started;
    const timer = setInterval(() => {
      const now = performance.now();
      maxGap = Math.max(maxGap, now - last);
      last = now;
    }, 5);
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => renderer.generate(draft('https://x.invalid/a.png'))),
    );
    clearInterval(timer);
    const elapsed = performance.now() - started;
    expect(results.every((r) => r.svgs.length === 7)).toBe(true);
    // The picture host does not resolve: a warning, not a failure.
    expect(results[0]!.warnings[0]).toMatch(
      /^Picture https:\/\/x\.invalid\/a\.png could not be used/,
    );
    // On the main thread the timer would wait out a whole deck at least (a quarter of the four);
    // off it, it keeps ticking. The bound grows with the run so a loaded machine's pauses (another
    // process's turn, a collection) do not read as a render on this thread.
    expect(maxGap).toBeLessThan(Math.max(150, elapsed / 8));
  }, 60_000);

  it('warms its first worker up while nobody waits', async () => {
    await expect(renderer.warmedUp).resolves.toBe(true);
  }, 60_000);

  it('stops the warm-up at close instead of waiting for it, and still finishes a generation', async () => {
    const closing = createDeckRenderer({ maxThreads: 2, minThreads: 1 });
    const generating = closing.generate(draft('https://x.invalid/a.png'));
    await closing.close();
    // The warm-up had not finished (loading the engine alone takes longer than this tick); the
    // rep's deck, already running, had.
    await expect(closing.warmedUp).resolves.toBe(false);
    await expect(generating).resolves.toMatchObject({ svgs: expect.any(Array) });
  }, 60_000);

  it('copies a file to import unless the caller hands it over, then moves it', async () => {
    const notAPresentation = () => new Uint8Array(Buffer.alloc(64 * 1024, 1).buffer);
    const kept = notAPresentation();
    await expect(renderer.importPresentation(kept)).resolves.toMatchObject({ ok: false });
    expect(kept.byteLength).toBe(64 * 1024);
    const handed = notAPresentation();
    await expect(renderer.importPresentation(handed, { handOver: true })).resolves.toMatchObject({
      ok: false,
    });
    // Moved to the worker, not copied: the caller's view of it is empty now.
    expect(handed.byteLength).toBe(0);
  }, 60_000);

  it('reads a file to import from its path on the worker thread', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'deck-renderer-import-'));
    try {
      const file = path.join(folder, 'legacy.ppt');
      // A 97–2003 file's signature: read from the file, it is named as such.
      await writeFile(file, Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]));
      const result = await renderer.importPresentation({ file });
      expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(/97–2003/) });
      await expect(
        renderer.importPresentation({ file: path.join(folder, 'gone.pptx') }),
      ).rejects.toThrow(/ENOENT/);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 60_000);

  it.skipIf(!hasOffice)(
    'makes decks while the office renderer draws a file being imported, holding no render thread',
    async () => {
      const single = createDeckRenderer({
        maxThreads: 1,
        minThreads: 1,
        images: { allowLoopbackForTests: true },
      });
      try {
        const { pptx } = await single.generate(draft(pictureUrl));
        const order: string[] = [];
        let allRead!: () => void;
        const read = new Promise<void>((resolve) => (allRead = resolve));
        const importing = single
          .importPresentation(pptx, {
            office: { command: 'soffice' },
            onProgress: ({ done, total }) => {
              if (done === total) allRead();
            },
          })
          .then((result) => {
            order.push('import');
            return result;
          });
        // Once the file is read, LibreOffice draws it for seconds: the one thread is free.
        await read;
        await single.generate(draft(pictureUrl)).then(() => order.push('deck'));
        const imported = await importing;
        expect(order).toEqual(['deck', 'import']);
        if (!imported.ok) throw new Error(imported.reason);
        // Finished with LibreOffice's drawing: each slide has its original, and its pictures.
        expect(imported.slides.every((slide) => slide.original instanceof Uint8Array)).toBe(true);
        const picture = imported.slides.flatMap((slide) => Object.values(slide.pictures))[0];
        expect((await sharp(picture!).metadata()).width).toBeGreaterThan(0);
      } finally {
        await single.close();
      }
    },
    120_000,
  );
});
