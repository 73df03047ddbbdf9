import { describe, expect, it } from 'vitest';
import { layout, problems } from './test-layout.ts';

describe('conditions', () => {
  it('refuses an unknown filter and an unknown condition path', () => {
    const bad = structuredClone(layout);
    bad.heading = '{{client.name | shout}}';
    bad.elements[2]!.when = { filled: 'client.secret' };
    expect(problems(bad)).toEqual([
      'heading: "shout" is not a filter this format knows',
      'elements.2.when.filled: is not a binding this format knows',
    ]);
  });
});
