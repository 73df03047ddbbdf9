// Run as `node --import tsx test/pool-under-tsx.ts`: the pool as the server uses it, no build step.
import { deckDraftSchema } from '@deck-portal/domain';
import { createDeckRenderer } from '@deck-portal/deck-engine/pool';

const renderer = createDeckRenderer({ maxThreads: 1 });
try {
  const result = await renderer.generate(
    deckDraftSchema.parse({
      basicInfo: { deckTitle: 'Child', clientName: 'Tsx Foods', date: '2026-06-01' },
      productSelection: { selectedProducts: [{ id: 'bms', quantity: 1, customPricing: 200 }] },
      templateCustomization: { selectedSlides: ['title', 'thank-you'] },
    }),
  );
  process.stdout.write(
    JSON.stringify({ slides: result.svgs.length, pdf: result.pdf.subarray(0, 5).toString() }),
  );
} finally {
  await renderer.close();
}
