import { describe, expect, it } from 'vitest';
import {
  checkDeckInputValues,
  deckInputsFor,
  inputValuesInCurrency,
  readInputEntry,
  resolveInputValues,
  type SlideInput,
} from './slide-inputs.ts';
import { describeTemplateProblems, templateSlideDocumentSchema } from './template-format/index.ts';
import { evaluateFigures, quoteFigureValues } from './template-figures.ts';

const sites: SlideInput = {
  name: 'sites',
  label: 'Sites',
  type: 'integer',
  unit: 'sites',
  default: 1,
  min: 1,
  max: 500,
  help: 'Stores this order equips.',
};
const spoilage: SlideInput = {
  name: 'spoilage',
  label: 'Spoiled stock a year',
  type: 'money',
  default: 12_000,
  min: 0,
};

const slide = {
  format: 1,
  id: 'roi',
  title: 'ROI',
  description: '',
  background: 'brand.background',
  category: 'sales',
  subheading: 'Across {{input.sites}} sites',
  inputs: [sites, spoilage],
  figures: {
    saving: 'input.spoilage * 0.31 * min(1, quantity.data_logger / (input.sites * 50))',
    payback: 'quote.net / figure.saving * 12',
  },
  elements: [
    {
      kind: 'text',
      x: 0,
      y: 0,
      w: 100,
      h: 20,
      text: '{{figure.saving | money}} from {{input.spoilage | money}}',
      style: { size: 12, color: 'brand.ink' },
    },
  ],
};

function problems(document: unknown) {
  const parsed = templateSlideDocumentSchema.safeParse(document);
  return parsed.success ? [] : describeTemplateProblems(parsed.error);
}

describe('a slide’s deck inputs', () => {
  it('are declared with a label, type, unit, default, bounds and help, and used by formulas and texts', () => {
    expect(problems(slide)).toEqual([]);
  });

  it('refuse a bad declaration, naming the field', () => {
    const declare = (input: Record<string, unknown>) => problems({ ...slide, inputs: [input] });
    expect(declare({ ...sites, name: 'Sites' })).toEqual([
      'inputs.0.name: an input is named by letters and digits, a lower-case letter first',
      'figures.saving: input.spoilage is not an input this slide asks for',
      'subheading: {{input.sites}} is not an input this slide asks for',
      'elements.0: {{input.spoilage}} is not an input this slide asks for',
    ]);
    expect(problems({ ...slide, inputs: [{ ...sites, label: '  ' }, spoilage] })).toEqual([
      'inputs.0.label: an input needs a label the rep reads',
    ]);
    expect(problems({ ...slide, inputs: [{ ...sites, type: 'text' }, spoilage] })).toEqual([
      'inputs.0.type: is integer, number or money',
    ]);
    expect(problems({ ...slide, inputs: [{ ...sites, default: 0 }, spoilage] })).toEqual([
      'inputs.0.default: must be at least the minimum (1)',
    ]);
    expect(
      problems({ ...slide, inputs: [{ ...sites, min: 10, max: 5, default: 7 }, spoilage] }),
    ).toEqual(['inputs.0.max: must be at least the minimum (10)']);
    expect(problems({ ...slide, inputs: [{ ...sites, default: 1.5 }, spoilage] })).toEqual([
      'inputs.0.default: must be a whole number',
    ]);
    expect(problems({ ...slide, inputs: [sites, spoilage, { ...sites, label: 'Again' }] })).toEqual(
      ['inputs.2.name: "sites" names another input of this slide'],
    );
    expect(problems({ ...slide, inputs: [{ ...sites, default: 'one' }, spoilage] })).toEqual([
      'inputs.0.default: must be a number',
    ]);
  });

  it('are asked once per name, in library order, for the chosen slides only', () => {
    const asked = deckInputsFor(
      [
        { id: 'a', inputs: [sites] },
        { id: 'b', inputs: [{ ...sites, label: 'Stores' }, spoilage] },
        { id: 'c', inputs: [{ ...spoilage, name: 'energy' }] },
      ],
      ['b', 'a'],
    );
    expect(asked.map((input) => [input.name, input.label, input.slideIds])).toEqual([
      ['sites', 'Sites', ['a', 'b']],
      ['spoilage', 'Spoiled stock a year', ['b']],
    ]);
  });

  it('take the deck’s values, else the defaults (a deck made before the input existed)', () => {
    expect(resolveInputValues([sites, spoilage], { sites: 4 })).toEqual({
      'input.sites': 4,
      'input.spoilage': 12_000,
    });
    expect(resolveInputValues([sites, spoilage], undefined)).toEqual({
      'input.sites': 1,
      'input.spoilage': 12_000,
    });
  });

  it('check a rep’s values and typed entries with a message for each field', () => {
    expect(checkDeckInputValues([sites, spoilage], { sites: 0, spoilage: 10.005 })).toEqual({
      sites: 'Sites must be at least 1',
      spoilage: 'Spoiled stock a year: use at most 2 decimals (cents)',
    });
    expect(checkDeckInputValues([sites], { sites: 2.5 })).toEqual({
      sites: 'Sites must be a whole number',
    });
    expect(checkDeckInputValues([sites], { sites: 501 })).toEqual({
      sites: 'Sites must be at most 500',
    });
    expect(checkDeckInputValues([sites, spoilage], { sites: 3 })).toEqual({});
    expect(readInputEntry(spoilage, '$48,000')).toEqual({ value: 48_000 });
    expect(readInputEntry(spoilage, 'lots')).toEqual({
      error: 'Spoiled stock a year: enter a number, like $12,000',
    });
    expect(readInputEntry(spoilage, '-5')).toEqual({
      error: 'Spoiled stock a year must be at least $0',
    });
  });

  it('feed formulas beside the quote, unrounded until a text writes them', () => {
    const values = evaluateFigures(slide.figures, {
      ...quoteFigureValues({
        subtotalCents: 0,
        shippingCents: 0,
        totalCents: 0,
        creditsCents: 0,
        netCents: 1_000_00,
      }),
      'quantity.data_logger': 40,
      ...resolveInputValues(slide.inputs, { spoilage: 10_000 }),
    });
    // 10,000 × 31% × 40/50 = 2,480 a year; 1,000 / 2,480 × 12 = 4.8387… months, not 4.8 × …
    expect(values['figure.saving']).toBeCloseTo(2_480, 6);
    expect(values['figure.payback']).toBeCloseTo(4.83870967, 6);
    const twoSites = evaluateFigures(slide.figures, {
      'quote.net': 1_000,
      'quantity.data_logger': 40,
      ...resolveInputValues(slide.inputs, { sites: 2 }),
    });
    expect(twoSites['figure.saving']).toBeCloseTo(1_488, 6);
    expect(
      evaluateFigures(slide.figures, { 'quantity.data_logger': 40 })['figure.payback'],
    ).toBeUndefined();
  });
});

describe('stored input values restated for another market', () => {
  const inputs = [
    { name: 'sites', label: 'Sites', type: 'integer', default: 1 },
    { name: 'spoilage', label: 'Spoilage', type: 'money', default: 12_000 },
  ] as const satisfies readonly SlideInput[];
  it('converts money at the ratio of the two lists, keeping counts', () => {
    // Dollars to yen at 150; yen to euros (0.92 per dollar) through the dollar.
    expect(inputValuesInCurrency(inputs, { sites: 4, spoilage: 48_000 }, 1, 150)).toEqual({
      sites: 4,
      spoilage: 7_200_000,
    });
    expect(inputValuesInCurrency(inputs, { spoilage: 7_200_000 }, 150, 0.92)).toEqual({
      spoilage: 44_200,
    });
    expect(inputValuesInCurrency(inputs, { spoilage: 5 }, 150, 150)).toEqual({ spoilage: 5 });
    expect(inputValuesInCurrency(inputs, undefined, 1, 150)).toBeUndefined();
  });
});
