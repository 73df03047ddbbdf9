import { describe, expect, it, vi } from 'vitest';

// The fallback families are large (a Japanese face is over 5 MB): a process reads one only
// when a deck has characters for it. The engine is imported afresh here, as a new process
// would have it (other test files of this worker have read fonts already).
describe('fallback fonts', () => {
  it('are not read for a Latin deck, and only the one a script needs is read', async () => {
    vi.resetModules();
    const { buildDeck } = await import('../src/build-deck.ts');
    const { loadedFontFamilies } = await import('../src/layout/fonts.ts');
    const { renderDeck } = await import('../src/render/render-deck.ts');
    const { goldenDraft } = await import('./fixtures.ts');
    const { library } = await import('./render-fixture.ts');
    const fallbacks = () => loadedFontFamilies().filter((family) => family.startsWith('Noto'));

    const latin = buildDeck(goldenDraft(), library);
    await renderDeck(latin, new Map());
    expect(fallbacks()).toEqual([]);

    const draft = goldenDraft();
    const arabic = buildDeck(
      { ...draft, basicInfo: { ...draft.basicInfo, clientName: 'شركة النور' } },
      library,
    );
    await renderDeck(arabic, new Map());
    expect(fallbacks()).toEqual(['Noto Sans Arabic']);
  });
});
