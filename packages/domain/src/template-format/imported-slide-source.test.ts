import { describe, expect, it } from 'vitest';
import { templateSlideDocumentSchema } from './documents.ts';
import { isSameImportedSlide } from './imported-slide-source.ts';

describe('where an imported slide came from', () => {
  const spring = { file: 'Master.pptx', created: '2025-01-15T10:00:00.000Z', slide: 256 };

  it('is the same slide in any copy of the presentation, whatever the file is called', () => {
    expect(isSameImportedSlide(spring, { ...spring, file: 'Master (autumn).pptx' })).toBe(true);
    expect(isSameImportedSlide(spring, { ...spring, slide: 257 })).toBe(false);
    // Another presentation of the same name is another.
    expect(isSameImportedSlide(spring, { ...spring, created: '2026-06-01T08:00:00.000Z' })).toBe(
      false,
    );
  });

  it('goes by the file name where a file does not say when it was made', () => {
    const { created: _, ...undated } = spring;
    expect(isSameImportedSlide(undated, spring)).toBe(true);
    expect(isSameImportedSlide(undated, { ...spring, file: 'Other.pptx' })).toBe(false);
  });

  it('is checked like the rest of a slide document', () => {
    const document = {
      format: 1,
      id: 'cover',
      title: 'Cover',
      description: '',
      category: 'intro',
      background: '#FFFFFF',
      elements: [],
    };
    expect(templateSlideDocumentSchema.safeParse({ ...document, source: spring }).success).toBe(
      true,
    );
    for (const source of [
      { ...spring, slide: 12 },
      { ...spring, created: 'soon' },
      { ...spring, file: '' },
    ]) {
      expect(templateSlideDocumentSchema.safeParse({ ...document, source }).success).toBe(false);
    }
  });
});
