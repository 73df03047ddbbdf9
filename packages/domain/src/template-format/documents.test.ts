import { describe, expect, it } from 'vitest';
import { fillBindings, findBindings } from './bindings.ts';
import {
  describeTemplateProblems,
  templateLayoutSchema,
  templateSlideDocumentSchema,
} from './documents.ts';
import { layout, problems } from './test-layout.ts';

describe('slide, layout and part documents', () => {
  it('accepts a layout with bindings, a condition, brand and literal colours', () => {
    const parsed = templateLayoutSchema.parse(layout);
    const text = parsed.elements[1];
    expect(text?.kind === 'text' && text.style.weight).toBe('regular');
    expect(findBindings(parsed.heading!)).toEqual([{ path: 'client.name', filter: undefined }]);
    expect(findBindings('{{ client.name | upper }} and {{deck.date}}')).toEqual([
      { path: 'client.name', filter: 'upper' },
      { path: 'deck.date', filter: undefined },
    ]);
  });

  it('refuses a field binding the layout does not declare, and any on a slide', () => {
    const bad = structuredClone(layout);
    bad.elements[1]!.text = '{{placeholder.promis}}';
    bad.placeholders.push({ objectId: 'photo', label: 'Again', type: 'PICTURE' });
    expect(problems(bad)).toEqual([
      'placeholders.2.objectId: "photo" names another field of this layout',
      'elements.1: {{placeholder.promis}} is not a field of this layout',
    ]);
    const { placeholders: _placeholders, name, ...slide } = layout;
    const parsed = templateSlideDocumentSchema.safeParse({ ...slide, title: name });
    expect(parsed.success ? [] : describeTemplateProblems(parsed.error)).toEqual([
      'elements.1: {{placeholder.promise}} is only known on a layout',
      'elements.2: {{placeholder.photo}} is only known on a layout',
    ]);
  });

  it('refuses two elements of a document with the same id, naming the first', () => {
    const withIds = (ids: string[]) => ({
      ...layout,
      elements: layout.elements.map((element, i) => ({ ...element, id: ids[i] })),
    });
    expect(problems(withIds(['e0', 'e1', 'e2', 'e3']))).toEqual([]);
    expect(problems(withIds(['e0', 'e1', 'e0', 'e3']))).toEqual([
      'elements.2.id: element 1 has the id e0 already',
    ]);
  });

  it('refuses a document of another format version', () => {
    expect(problems({ ...layout, format: 2 })[0]).toMatch(/^format: /);
  });

  it('knows pricing bindings only on a slide drawn once per priced product', () => {
    const slide = (drawn: string | undefined, text: string) => ({
      format: 1,
      id: 'pricing',
      title: 'Pricing',
      description: '',
      ...(drawn ? { drawn } : {}),
      background: 'brand.background',
      category: 'sales',
      heading: '{{pricing.productName}}: your investment',
      elements: [{ ...layout.elements[1], text }],
    });
    const slideProblems = (document: unknown) => {
      const parsed = templateSlideDocumentSchema.safeParse(document);
      return parsed.success ? [] : describeTemplateProblems(parsed.error);
    };
    expect(
      slideProblems(slide('perPricedProduct', '{{pricing.effective}} · {{pricing.creditLabel}}')),
    ).toEqual([]);
    expect(slideProblems(slide('withPricing', 'Net {{pricing.effective}}'))).toEqual([
      'elements.0: {{pricing.effective}} is only known on a slide drawn once per priced product',
    ]);
    expect(slideProblems(slide(undefined, '{{pricing.qty}}'))).toEqual([
      'elements.0: {{pricing.qty}} is only known on a slide drawn once per priced product',
    ]);
    expect(slideProblems(slide('perPricedProduct', '{{pricing.margin}}'))).toEqual([
      'elements.0.text: {{pricing.margin}} is not a binding this format knows',
    ]);
    expect(slideProblems(slide('sometimes', 'x'))[0]).toMatch(/^drawn: /);
    expect(
      problems({ ...layout, elements: [{ ...layout.elements[1], text: '{{pricing.qty}}' }] }),
    ).toEqual([
      'elements.0: {{pricing.qty}} is only known on a slide drawn once per priced product',
    ]);
  });

  it('checks a slide’s figures: formulas over the quote and earlier figures, bindings to them', () => {
    const slide = {
      format: 1,
      id: 'roi',
      title: 'ROI',
      description: '',
      background: '#FFFFFF',
      category: 'sales',
      figures: { saving: '59700', payback: 'quote.net / figure.saving * 12' },
      elements: [
        {
          kind: 'text',
          x: 0,
          y: 0,
          w: 100,
          h: 40,
          text: '{{figure.payback | number: "1"}} months on {{quote.net}}, saving {{figure.saving | money}}',
          style: { size: 12, color: 'brand.ink' },
        },
      ],
    };
    const check = (document: unknown) => {
      const parsed = templateSlideDocumentSchema.safeParse(document);
      return parsed.success ? [] : describeTemplateProblems(parsed.error);
    };
    expect(check(slide)).toEqual([]);
    expect(
      check({ ...slide, figures: { payback: 'quote.net / figure.saving', saving: '1' } }),
    ).toEqual(['figures.payback: figure.saving is not a figure it can use']);
    // A product's quantity in the deck, in a formula and in a text.
    expect(
      check({
        ...slide,
        figures: { sites: 'max(1, quantity.controller)', saving: '7400 * figure.sites' },
        elements: [{ ...slide.elements[0]!, text: '{{quantity.controller}} controllers' }],
      }),
    ).toEqual([]);
    expect(
      check({ ...slide, figures: { sites: 'quantity.Controller', saving: '1', payback: '1' } }),
    ).toEqual(['figures.sites: quantity.Controller is not a figure it can use']);
    const unknown = structuredClone(slide);
    unknown.elements[0]!.text = '{{figure.profit}}';
    expect(check(unknown)).toEqual([
      'elements.0: {{figure.profit}} is not a figure this slide computes',
    ]);
    expect(fillBindings('{{x | money}} {{x | number: "1"}}', () => '59700.25')).toBe(
      '$59,700 59,700.3',
    ); // A payback in whole months, with the word that fits the number.
    const months = (value: string) => fillBindings('{{x | months}}', () => value);
    expect([months('0.6'), months('1.4'), months('14.6'), months('1234'), months('')]).toEqual([
      '1 month',
      '1 month',
      '15 months',
      '1,234 months',
      '',
    ]);
  });
});
