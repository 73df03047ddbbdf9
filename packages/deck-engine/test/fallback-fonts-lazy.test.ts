import { describe, expect, it } from 'vitest';
import { buildDeck } from '../src/build-deck.ts';
import { loadedFontFamilies } from '../src/layout/fonts.ts';
import { renderDeck } from '../src/render/render-deck.ts';
import { goldenDraft } from './fixtures.ts';
import { library } from './render-fixture.ts';

// The fallback families are large (a Japanese face is over 5 MB): a process reads one only
// when a deck has characters for it. This file runs in a process of its own.
describe('fallback fonts', () => {
  it('are not read for a Latin deck, and only the one a script needs is read', async () => {
    const latin = buildDeck(goldenDraft(), library);
    await renderDeck(latin, new Map());
    expect(loadedFontFamilies().filter((family) => family.startsWith('Noto'))).toEqual([]);

    const draft = goldenDraft();
    const arabic = buildDeck(
      { ...draft, basicInfo: { ...draft.basicInfo, clientName: 'شركة النور' } },
      library,
    );
    await renderDeck(arabic, new Map());
    expect(loadedFontFamilies().filter((family) => family.startsWith('Noto'))).toEqual([
      'Noto Sans Arabic',
    ]);
  });
});
