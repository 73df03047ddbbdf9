import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create } from 'fontkit';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDeck } from '../src/build-deck.ts';
import { generateDeck } from '../src/generate-deck.ts';
import { checkFont } from '../src/layout/check-font.ts';
import type { TextElement } from '../src/layout/model.ts';
import { DEFAULT_BRAND, useBrandFonts } from '../src/library/brand.ts';
import { createTemplateLibrary } from '../src/library/template-library.ts';
import { goldenDraft } from './fixtures.ts';
import { tinyPng } from './images.ts';
import { LORA_FONT, loraFiles, loraWoff2 } from './lora.ts';

// A brand's own font: checked when uploaded, its metrics used by the layout, embedded in the
// PDF, drawn in the SVG and named in the PPTX. Lora stands in for a company's font.
const require = createRequire(import.meta.url);
const woff2 = loraWoff2;
const inter = readFileSync(
  require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
);

const REGULAR = LORA_FONT.regular;
const brand = { ...DEFAULT_BRAND, font: LORA_FONT };
let files: Record<string, Uint8Array>;

beforeAll(async () => {
  files = await loraFiles();
});

describe('checkFont', () => {
  it('takes TrueType as it is and unpacks WOFF2 to the font inside', async () => {
    const ttf = await checkFont(inter);
    expect(ttf).toMatchObject({ ok: true, font: { format: 'ttf', familyName: 'Inter' } });
    const unpacked = await checkFont(woff2(400));
    expect(unpacked).toMatchObject({ ok: true, font: { format: 'ttf', familyName: 'Lora' } });
    if (unpacked.ok) expect(unpacked.font.bytes.subarray(0, 4)).toEqual(inter.subarray(0, 4));
  });

  it('refuses what is not a font, a broken one, and one without Latin letters', async () => {
    expect(await checkFont(tinyPng(2, 2, [0, 0, 0]))).toEqual({
      ok: false,
      reason: 'is not a TrueType, OpenType or WOFF2 font',
    });
    expect(await checkFont(inter.subarray(0, 400))).toMatchObject({ ok: false });
    // A font of one glyph and no character map: nothing to set a slide with.
    const parsed = create(inter);
    const subset = parsed.createSubset();
    subset.includeGlyph(parsed.glyphForCodePoint(65));
    expect(await checkFont(Buffer.from(subset.encode()))).toEqual({
      ok: false,
      reason: 'has no character map, so no letter can be found in it',
    });
    expect(await checkFont(Buffer.from('wOF2 and then nothing'))).toEqual({
      ok: false,
      reason: 'is a WOFF2 file that could not be unpacked',
    });
  });
});

describe('a brand font', () => {
  const draft = goldenDraft();

  it('sets the text of every slide in it, measured with its own metrics', () => {
    const library = createTemplateLibrary(brand);
    const font = useBrandFonts(brand, files);
    expect(font.family).toMatch(/^brand-/);
    const withBrandFont = buildDeck(draft, library, { fontFamily: font.family! });
    const withInter = buildDeck(draft, library);
    const texts = (deck: typeof withInter) =>
      deck.slides.flatMap((s) => s.elements.filter((e): e is TextElement => e.kind === 'text'));
    const branded = texts(withBrandFont);
    expect(branded.every((t) => t.family === font.family)).toBe(true);
    // The same words, other widths: the layout measured them in Lora.
    const a = branded.find((t) => t.lines.length > 0)!;
    const b = texts(withInter).find((t) => t.lines.length > 0)!;
    expect(a.lines[0]!.text).toBe(b.lines[0]!.text);
    expect(Math.abs(a.lines[0]!.width - b.lines[0]!.width)).toBeGreaterThan(1);
    expect(texts(withInter).every((t) => t.family === undefined)).toBe(true);
  });

  it('is embedded in the PDF, drawn in the SVG and named in the PPTX', async () => {
    const rendered = await generateDeck(draft, {
      library: createTemplateLibrary(brand),
      images: { preloaded: files },
    });
    expect(rendered.warnings.join(' ')).not.toMatch(/brand's font/);
    expect(rendered.pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+Lora-Regular/);
    expect(rendered.pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+Lora-Bold/);
    expect(rendered.svgs[0]).toMatch(/id="brand-[0-9a-f]{12}-r\d+"/);
    const zip = await JSZip.loadAsync(rendered.pptx);
    const slide = await zip.file('ppt/slides/slide1.xml')!.async('string');
    expect(slide).toContain('typeface="Lora"');
    expect(slide).not.toContain('typeface="Inter"');
  });

  it('falls back to the built-in family, and says so, when its files are missing', async () => {
    const rendered = await generateDeck(draft, {
      library: createTemplateLibrary({ ...brand, font: { regular: `${REGULAR.slice(0, -1)}9` } }),
    });
    expect(rendered.warnings).toContain(
      "The brand's font could not be loaded; the deck is set in Inter.",
    );
    expect(rendered.pdf.toString('latin1')).toMatch(/\+Inter/);
  });
});
