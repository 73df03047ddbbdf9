import { describe, expect, it } from 'vitest';
import type { TemplateElement } from '../template-format/index.ts';
import { evaluateFigures } from '../template-figures.ts';
import { findImplausibleFigures, type FigureSlide } from './figure-plausibility.ts';

const text = (words: string, when?: TemplateElement['when']): TemplateElement => ({
  kind: 'text',
  x: 0,
  y: 0,
  w: 100,
  h: 20,
  text: words,
  style: { weight: 'regular', size: 12, color: 'brand.ink' },
  ...(when ? { when } : {}),
});

const roi: FigureSlide = {
  id: 'return-on-investment',
  figures: {
    costs: 'input.spoilage + input.energy',
    saving: 'input.spoilage * input.rate + input.energy * 0.12',
    payback: 'quote.net / figure.saving * 12',
  },
  figureRoles: { costs: 'yearlyCosts', saving: 'yearlySaving', payback: 'paybackMonths' },
  elements: [
    text('{{figure.saving | money}} saved every year'),
    text('{{figure.payback | number: "0"}} months', { filled: 'figure.payback' }),
    text('typical payback', { empty: 'quote.net' }),
  ],
};

const check = (values: Record<string, number | undefined>, slide: FigureSlide = roi) =>
  findImplausibleFigures(slide, evaluateFigures(slide.figures, values));

const typical = { 'input.spoilage': 12_000, 'input.energy': 18_000, 'input.rate': 0.31 };

describe('the plausibility of a slide’s figures', () => {
  it('finds nothing in a believable ROI: a saving within the costs, paid back in 14 months', () => {
    // 12,000 × 31% + 18,000 × 12% = 5,880 a year; 6,860 / 5,880 × 12 = 14 months.
    expect(check({ ...typical, 'quote.net': 6_860 })).toEqual([]);
  });

  it('flags a payback under a month or over ten years', () => {
    expect(check({ ...typical, 'quote.net': 300 })).toEqual([
      {
        slideId: 'return-on-investment',
        figure: 'payback',
        message:
          "The payback comes out at 0.6 months: under a month is not believable. Check the deck's inputs against the order.",
      },
    ]);
    expect(check({ ...typical, 'quote.net': 240_000 })).toEqual([
      {
        slideId: 'return-on-investment',
        figure: 'payback',
        message:
          "The payback comes out at 490 months: over ten years is no argument for a client. Check the deck's inputs against the order.",
      },
    ]);
  });

  it('flags a saving larger than the client’s stated costs', () => {
    expect(check({ ...typical, 'input.rate': 3.1, 'quote.net': 60_000 })).toEqual([
      {
        slideId: 'return-on-investment',
        figure: 'saving',
        message:
          "The yearly saving ($39,360) is larger than the client's stated yearly costs ($30,000): a saving cannot exceed what it saves on.",
      },
    ]);
  });

  it('flags a negative figure', () => {
    expect(check({ ...typical, 'input.rate': -1, 'quote.net': 6_000 })).toEqual([
      {
        slideId: 'return-on-investment',
        figure: 'saving',
        message: '"saving" comes out negative (-9,840): check the deck\'s inputs and the formula.',
      },
      {
        slideId: 'return-on-investment',
        figure: 'payback',
        message: '"payback" comes out negative (-7.3): check the deck\'s inputs and the formula.',
      },
    ]);
  });

  it('flags a figure the slide shows that comes out empty, not one a condition hides', () => {
    // An edited library: the saving names an input the deck has no value for.
    const edited: FigureSlide = {
      ...roi,
      figures: { ...roi.figures, saving: 'input.spoilage * input.missing' },
    };
    expect(check({ ...typical, 'quote.net': 6_000 }, edited)).toEqual([
      {
        slideId: 'return-on-investment',
        figure: 'saving',
        message:
          '"saving" comes out empty, so the slide shows a blank where it stands: check its formula and the deck\'s inputs (a division by zero, or a figure the deck has no value for).',
      },
    ]);
    // Without pricing the payback is empty, and its text is hidden: nothing to flag.
    expect(check(typical)).toEqual([]);
  });
});
