import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateDeck } from '../generate-deck.ts';
import { checkFont } from '../layout/check-font.ts';
import { DEFAULT_BRAND } from '../library/brand.ts';
import { createTemplateLibrary } from '../library/template-library.ts';
import type { RenderedDeck } from './render-deck.ts';
import { goldenDraft } from '../../test/fixtures.ts';
import { loraWoff2 } from '../../test/lora.ts';

// A render worker draws the decks of every library version, one after another, keeping laid-out
// texts, shaped words, glyph outlines and font files between them. Two versions whose brand
// fonts give the same family name (Lora) in different files are each drawn in their own files,
// and a deck drawn after the other version's is drawn as it was before.

const address = (n: number) => `/api/uploads/00000000-0000-4000-8000-00000000010${n}`;
let files: Record<string, Uint8Array>;

beforeAll(async () => {
  // One after the other, as test/lora.ts reads them.
  const regular = await checkFont(loraWoff2(400));
  const bold = await checkFont(loraWoff2(700));
  if (!regular.ok || !bold.ok) throw new Error('Lora did not pass the check');
  files = {
    [address(1)]: regular.font.bytes,
    [address(2)]: bold.font.bytes,
    // The other version's regular is the bold file, its bold the regular: Lora both.
    [address(3)]: bold.font.bytes,
    [address(4)]: regular.font.bytes,
  };
});

const first = createTemplateLibrary({
  ...DEFAULT_BRAND,
  font: { regular: address(1), bold: address(2) },
});
const second = createTemplateLibrary({
  ...DEFAULT_BRAND,
  font: { regular: address(3), bold: address(4) },
});

const slidesOf = (rendered: RenderedDeck) =>
  Object.entries(unzipSync(new Uint8Array(rendered.pptx)))
    .filter(([name]) => /^ppt\/slides\/slide\d+\.xml$/.test(name))
    .map(([name, bytes]) => `${name}\n${Buffer.from(bytes).toString('utf8')}`);

describe('decks of library versions whose brand fonts share a family name', () => {
  it('are each drawn in their own files, the same before and after the other', async () => {
    const draw = (library: typeof first) =>
      generateDeck(goldenDraft(), { library, images: { preloaded: files } });
    const before = await draw(first);
    const other = await draw(second);
    const after = await draw(first);
    expect(other.svgs).not.toEqual(before.svgs);
    expect(after.svgs).toEqual(before.svgs);
    expect(slidesOf(after)).toEqual(slidesOf(before));
  }, 120_000);
});
