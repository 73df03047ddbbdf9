import { describe, expect, it } from 'vitest';
import { fillBindings, readProductBinding } from './bindings.ts';
import { layout, problems } from './test-layout.ts';

describe('bindings', () => {
  it('refuses a binding that does not exist, naming where it is', () => {
    const bad = structuredClone(layout);
    bad.elements[1]!.text = 'Dear {{client.nmae}}';
    expect(problems(bad)).toEqual([
      'elements.1.text: {{client.nmae}} is not a binding this format knows',
    ]);
  });

  it('knows a product binding by its field, whatever the product', () => {
    expect(readProductBinding('product.cold_room_kit.name')).toEqual({
      productId: 'cold_room_kit',
      field: 'name',
    });
    expect(readProductBinding('product.bms.price')).toBeUndefined();
    const bad = structuredClone(layout);
    bad.elements[1]!.text = '{{product.bms.price}}';
    expect(problems(bad)).toEqual([
      'elements.1.text: {{product.bms.price}} is not a binding this format knows',
    ]);
  });

  it('fills bindings through their filters', () => {
    const values: Record<string, string> = { 'client.name': 'Acme Inc.', 'contact.name': '' };
    const fill = (text: string) => fillBindings(text, (path) => values[path] ?? '');
    expect(fill('For {{client.name | upper}}')).toBe('For ACME INC.');
    expect(fill('at {{client.name | sentence}}')).toBe('at Acme Inc.');
    values['client.name'] = 'Acme';
    expect(fill('at {{client.name | sentence}}')).toBe('at Acme.');
    expect(fill('with {{contact.name | default: "your team"}}.')).toBe('with your team.');
    values['contact.name'] = 'Dana';
    expect(fill('with {{contact.name | default: "your team"}}.')).toBe('with Dana.');
  });

  it('refuses a filter without the text it needs, or with one it takes none of', () => {
    const bad = structuredClone(layout);
    bad.elements[1]!.text = '{{contact.name | default}} {{client.name | upper: "x"}}';
    expect(problems(bad)).toEqual([
      'elements.1.text: the "default" filter needs a text: {{contact.name | default: "…"}}',
      'elements.1.text: the "upper" filter takes no text',
    ]);
  });
});

describe('the months filter', () => {
  it('writes whole months with their word in the deck’s language', () => {
    const fill = (locale: string, value: string) =>
      fillBindings('{{figure.payback | months}}', () => value, locale);
    expect(fill('en-US', '1')).toBe('1 month');
    expect(fill('en-US', '14.6')).toBe('15 months');
    expect(fill('de-DE', '22')).toBe('22 Monate');
    expect(fill('ja-JP', '22')).toBe('22 か月');
    expect(fill('en-US', '')).toBe('');
  });
});
