import { isWordsEqual, scoreTextPlacement } from './compare-words.ts';
import type { SlideImportReport } from './import-ours.ts';
import { openPdf } from './pdf-pages.ts';
import { RASTER_WIDTH, scorePixelSimilarity } from './pixel-similarity.ts';

export interface SlideScore {
  slide: number;
  /** Share of the reference's words ours has in place; `null` when the reference has none. */
  textPlacement: number | null;
  ssim: number;
  isWordsEqual: boolean;
  /** The kinds of element the importer reported as not imported, as `kind` or `kind ×n`. */
  unsupported: string[];
  isMissing: boolean;
}

function kindsOf(report: SlideImportReport | undefined) {
  const counts = new Map<string, number>();
  for (const { kind } of report?.unsupported ?? []) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return [...counts].map(([kind, n]) => (n > 1 ? `${kind} ×${n}` : kind));
}

/**
 * Page i of our PDF against page i of the reference, for every reference page. A page we did
 * not draw scores 0 on everything.
 */
export async function scoreDeck({
  reference,
  ours,
  report = [],
}: {
  reference: Uint8Array;
  ours: Uint8Array | null;
  report?: readonly SlideImportReport[];
}): Promise<{ slides: SlideScore[]; ourPageCount: number; referencePageCount: number }> {
  const referencePdf = await openPdf(reference);
  const ourPdf = ours ? await openPdf(ours) : null;
  try {
    const slides: SlideScore[] = [];
    for (let page = 1; page <= referencePdf.pageCount; page += 1) {
      const unsupported = kindsOf(report.find((slide) => slide.number === page));
      if (!ourPdf || page > ourPdf.pageCount) {
        slides.push({
          slide: page,
          textPlacement: 0,
          ssim: 0,
          isWordsEqual: false,
          unsupported,
          isMissing: true,
        });
        continue;
      }
      const [referenceWords, ourWords, referenceRaster, ourRaster] = await Promise.all([
        referencePdf.words(page),
        ourPdf.words(page),
        referencePdf.rasterise(page, RASTER_WIDTH),
        ourPdf.rasterise(page, RASTER_WIDTH),
      ]);
      slides.push({
        slide: page,
        textPlacement: scoreTextPlacement(referenceWords, ourWords),
        ssim: scorePixelSimilarity(referenceRaster, ourRaster),
        isWordsEqual: isWordsEqual(referenceWords, ourWords),
        unsupported,
        isMissing: false,
      });
    }
    return {
      slides,
      ourPageCount: ourPdf?.pageCount ?? 0,
      referencePageCount: referencePdf.pageCount,
    };
  } finally {
    await referencePdf.close();
    await ourPdf?.close();
  }
}
