import { describe, expect, it } from 'vitest';
import { deckDraftSchema } from '@deck-portal/domain';
import { generateDeck } from '../generate-deck.ts';
import renderTask, { WARM_UP_DRAFT } from './render-task.ts';

describe('the pool warm-up', () => {
  it('renders a valid small deck through every renderer, with nothing to warn about', async () => {
    expect(deckDraftSchema.parse(WARM_UP_DRAFT)).toEqual(WARM_UP_DRAFT);
    const deck = await generateDeck(WARM_UP_DRAFT);
    // Title, agenda, the controller's pricing slide and the quote summary.
    expect(deck.svgs).toHaveLength(4);
    expect(deck.warnings).toEqual([]);
    expect(deck.pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers a warm-up task with no deck', async () => {
    await expect(renderTask({ warmUp: true })).resolves.toBeNull();
  });
});
