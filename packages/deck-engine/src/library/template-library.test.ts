import { describe, expect, it } from 'vitest';
import {
  layoutSchema,
  PLACEHOLDER_TYPES,
  selectDefaultSlides,
  templateLibraryDocumentsSchema,
  templateSlideSchema,
} from '@deck-portal/domain';
import { previewLibraryDocument } from '../thumbnails.ts';

const thumbnail = async (library: TemplateLibrary, id: string) =>
  (await previewLibraryDocument(library, 'slide', id))?.svg;
import { DEFAULT_BRAND } from './brand.ts';
import {
  createTemplateLibrary,
  listLayouts,
  listTemplateSlides,
  type TemplateLibrary,
} from './template-library.ts';
import { seedLibraryDocuments } from './template-seed.ts';

const library = createTemplateLibrary();

describe('template library', () => {
  it("has SPEC.md §3's nine categories, each with a colour", () => {
    expect(library.categories.map((c) => c.id)).toEqual([
      'intro',
      'legal',
      'company',
      'market',
      'products',
      'strategy',
      'sales',
      'closing',
      'appendix',
    ]);
    for (const c of library.categories) expect(c.color).toMatch(/^#[0-9A-F]{6}$/i);
  });

  it('has about 24 slides in master order, products at 6–8, appendix last', () => {
    const slides = listTemplateSlides(library);
    expect(slides.length).toBeGreaterThanOrEqual(22);
    expect(slides.map((s) => s.index)).toEqual(slides.map((_, i) => i));
    for (const s of slides) expect(templateSlideSchema.parse(s)).toEqual(s);
    expect(slides.slice(6, 9).map((s) => s.id)).toEqual([
      'product-data-logger',
      'product-battery-bms',
      'product-controller',
    ]);
    expect(slides.filter((s) => s.forProducts?.length).map((s) => s.index)).toEqual([6, 7, 8]);
    const firstAppendix = slides.findIndex((s) => s.category === 'appendix');
    expect(firstAppendix).toBeGreaterThan(14);
    expect(slides.slice(firstAppendix).every((s) => s.category === 'appendix')).toBe(true);
    expect(new Set(slides.map((s) => s.id)).size).toBe(slides.length);
    const categoryIds = new Set(library.categories.map((c) => c.id));
    for (const s of slides) {
      expect(categoryIds.has(s.category)).toBe(true);
      expect(s.description.length).toBeGreaterThan(20);
    }
  });

  it('gives a default deck that opens with the title and ends with next steps and the notice', () => {
    const ids = selectDefaultSlides(listTemplateSlides(library), ['controller']);
    expect(ids[0]).toBe('title');
    expect(ids).toContain('product-controller');
    expect(ids).not.toContain('product-data-logger');
    expect(ids.slice(-2)).toEqual(['next-steps', 'confidentiality']);
  });

  it('has at least six layouts whose placeholders have ids, labels and known types', () => {
    const layouts = listLayouts(library);
    expect(layouts.length).toBeGreaterThanOrEqual(6);
    const types = new Set<string>();
    for (const layout of layouts) {
      expect(layoutSchema.parse(layout)).toEqual(layout);
      expect(layout.placeholderCount).toBe(layout.placeholders.length);
      expect(new Set(layout.placeholders.map((p) => p.objectId)).size).toBe(
        layout.placeholderCount,
      );
      for (const p of layout.placeholders) {
        expect(PLACEHOLDER_TYPES).toContain(p.type);
        types.add(p.type);
      }
    }
    for (const t of ['TITLE', 'SUBTITLE', 'BODY', 'PICTURE']) expect(types).toContain(t);
  });

  it('takes its name from the brand definition', async () => {
    const other = createTemplateLibrary({ ...DEFAULT_BRAND, name: 'Glacier Grid' });
    expect(other.slides.find((s) => s.id === 'about-us')?.title).toBe('About Glacier Grid');
    const svg = (await thumbnail(other, 'title'))!;
    expect(svg).toContain('aria-label="Glacier Grid"');
    expect(svg).not.toContain('Frostline');
  });

  it('renders a thumbnail SVG for every slide and none for an unknown id', async () => {
    for (const slide of library.slides) {
      const svg = (await thumbnail(library, slide.id))!;
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg).toContain('viewBox="0 0 960 540"');
      expect(svg).toContain(`<title>${slide.title.replace(/&/g, '&amp;')}</title>`);
      expect(svg).toMatch(/<use href="#[rmsb]\d+"/);
    }
    expect(await thumbnail(library, 'nope')).toBeUndefined();
  });

  it('is a valid library of documents, and draws any other library it is given', () => {
    const documents = templateLibraryDocumentsSchema.parse(seedLibraryDocuments());
    expect(documents.slides.map((slide) => slide.id)).toEqual(library.slides.map((s) => s.id));
    const changed = structuredClone(documents);
    changed.slides = changed.slides.filter((slide) => slide.id !== 'agenda');
    changed.layouts[0]!.name = 'Renamed';
    const other = createTemplateLibrary(DEFAULT_BRAND, changed);
    expect(other.slides.map((slide) => slide.id)).not.toContain('agenda');
    expect(other.slides.map((slide) => slide.index)).toEqual(other.slides.map((_, i) => i));
    expect(listLayouts(other)[0]!.name).toBe('Renamed');
    expect(listLayouts(library)[0]!.name).not.toBe('Renamed');
  });
});
