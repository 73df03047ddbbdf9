import { describe, expect, it } from 'vitest';
import { describeTemplateProblems } from './documents.ts';
import { templateElementSchema } from './elements.ts';
import { layout, problems } from './test-layout.ts';

describe('elements', () => {
  it('refuses unknown element kinds and unknown properties', () => {
    expect(templateElementSchema.safeParse({ kind: 'video', x: 0, y: 0, w: 1, h: 1 }).success).toBe(
      false,
    );
    expect(
      templateElementSchema.safeParse({ kind: 'logo', x: 0, y: 0, size: 20, onClick: 'x' }).success,
    ).toBe(false);
  });

  it('knows linear gradients (angle, the default kind) and radial ones (centre, 0.5 when absent)', () => {
    const stops = [
      { at: 0, color: '#FFFFFF' },
      { at: 1, color: 'brand.ink', opacity: 0.5 },
    ];
    const shape = { kind: 'rect', x: 0, y: 0, w: 100, h: 100, fill: '#808080' };
    const problemsOf = (gradient: unknown) => {
      const parsed = templateElementSchema.safeParse({ ...shape, gradient });
      return parsed.success ? [] : describeTemplateProblems(parsed.error);
    };
    expect(problemsOf({ angle: 90, stops })).toEqual([]);
    expect(problemsOf({ kind: 'linear', angle: 0, stops })).toEqual([]);
    expect(problemsOf({ kind: 'radial', stops })).toEqual([]);
    expect(problemsOf({ kind: 'radial', cx: 0, cy: 1, stops })).toEqual([]);
    expect(problemsOf({ stops })).toEqual(['gradient.angle: a linear gradient has an angle']);
    expect(problemsOf({ kind: 'radial', angle: 90, stops })).toEqual([
      'gradient.angle: a radial gradient has a centre, not an angle',
    ]);
    expect(problemsOf({ angle: 90, cx: 0.2, stops })).toEqual([
      'gradient.cx: only a radial gradient has a centre',
    ]);
    expect(problemsOf({ kind: 'radial', cx: 1.5, stops })).toHaveLength(1);
    expect(problemsOf({ kind: 'conic', angle: 0, stops })).toHaveLength(1);
  });

  it('knows item bindings inside a repeat, by what it goes over, and nowhere else', () => {
    const repeat = (text: string) => ({
      kind: 'repeat',
      over: 'deck.sections',
      x: 0,
      y: 0,
      direction: 'down',
      step: 40,
      elements: [
        { kind: 'text', x: 0, y: 0, w: 100, h: 30, text, style: { size: 12, color: 'brand.ink' } },
      ],
    });
    const withElements = (elements: unknown[]) => ({ ...structuredClone(layout), elements });
    expect(problems(withElements([repeat('{{item.number | pad: "2"}} {{item.name}}')]))).toEqual(
      [],
    );
    expect(problems(withElements([repeat('{{item.warrantyYears}}')]))).toEqual([
      'elements.0.elements.0: {{item.warrantyYears}} is not a field of deck.sections',
    ]);
    const products = { ...repeat('{{item.warrantyYears}} years'), over: 'deck.products' };
    expect(problems(withElements([products]))).toEqual([]);
    const outside = { ...layout.elements[1], text: 'Section {{item.name}}' };
    expect(problems(withElements([outside]))).toEqual([
      'elements.0: {{item.name}} is only known inside a repeat',
    ]);
    // In a run of a styled paragraph too.
    const inRun = {
      ...layout.elements[1],
      text: [{ runs: [{ text: 'Section ' }, { text: '{{item.name}}', weight: 'bold' }] }],
    };
    expect(problems(withElements([inRun]))).toEqual([
      'elements.0: {{item.name}} is only known inside a repeat',
    ]);
    const nested = { ...repeat('x'), elements: [repeat('y')] };
    expect(problems(withElements([nested])).length).toBeGreaterThan(0);
  });

  it('knows feature tags: whose, in what style, and nothing else', () => {
    const chips = (extra: Record<string, unknown>) => ({
      ...layout,
      elements: [
        {
          kind: 'chips',
          x: 66,
          y: 434,
          w: 524,
          h: 50,
          products: ['controller'],
          style: { weight: 'medium', size: 9.5, color: 'brand.ink' },
          ...extra,
        },
      ],
    });
    expect(problems(chips({ fill: 'brand.background', radius: 10, gap: 8 }))).toEqual([]);
    expect(problems(chips({ products: [] }))).toEqual([
      'elements.0.products: Too small: expected array to have >=1 items',
    ]);
    expect(problems(chips({ tags: ['Fast'] }))[0]).toMatch(/^elements\.0: Unrecognized key/);
  });
});
