import { describe, expect, it } from 'vitest';
import { describeTemplateProblems } from './documents.ts';
import { templateLibraryDocumentsSchema } from './library.ts';
import { layout } from './test-layout.ts';

describe('a whole library', () => {
  it('checks a whole library: unique ids, and parts that exist', () => {
    const slide = {
      format: 1,
      id: 'cover',
      title: 'Cover',
      description: '',
      background: '#FFFFFF',
      category: 'intro',
      elements: [{ kind: 'part', part: 'footer' }],
    };
    const library = {
      format: 1,
      slides: [slide],
      layouts: [layout],
      parts: [
        { id: 'footer', elements: [] },
        { id: 'title-bar', elements: [] },
      ],
    };
    const check = (value: unknown) => {
      const parsed = templateLibraryDocumentsSchema.safeParse(value);
      return parsed.success ? [] : describeTemplateProblems(parsed.error);
    };
    expect(check(library)).toEqual([]);
    expect(check({ ...library, slides: [slide, slide] })).toEqual([
      'slides.1.id: "cover" is used by another of the library\'s slides',
    ]);
    expect(check({ ...library, parts: [{ id: 'title-bar', elements: [] }] })).toEqual([
      'slides.0.elements.0.part: the library has no part "footer"',
    ]);
  });
});
