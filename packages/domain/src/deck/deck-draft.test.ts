import { describe, expect, it } from 'vitest';
import {
  basicInfoSchema,
  customSlideSchema,
  deckDraftSchema,
  productSelectionSchema,
  selectedProductSchema,
  templateCustomizationSchema,
  type DeckDraftInput,
} from './deck-draft.ts';
import { isImagePlaceholder, placeholderInputKind } from './placeholder-types.ts';

function messages(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

const validDraft: DeckDraftInput = {
  basicInfo: {
    deckTitle: 'Q3 proposal',
    clientName: 'Acme Foods',
    date: '2026-03-05',
    primaryContact: 'Dana Reyes',
    mode: 'simple',
  },
  productSelection: {
    selectedProducts: [{ id: 'battery_backup', quantity: 1, customPricing: 5995 }],
    includePricing: true,
    customPricing: {},
  },
  templateCustomization: { selectedSlides: ['title'], customSlides: [] },
};

describe('basicInfoSchema', () => {
  it('accepts a complete step and trims text', () => {
    const parsed = basicInfoSchema.parse({ ...validDraft.basicInfo, clientName: '  Acme  ' });
    expect(parsed.clientName).toBe('Acme');
  });

  it("answers SPEC.md §5's messages for missing and whitespace-only fields", () => {
    const result = basicInfoSchema.safeParse({ deckTitle: '   ', clientName: '\t', date: ' ' });
    expect(messages(result)).toEqual({
      deckTitle: 'Deck title is required',
      clientName: 'Client name is required',
      date: 'Date is required',
    });
    expect(messages(basicInfoSchema.safeParse({}))).toEqual({
      deckTitle: 'Deck title is required',
      clientName: 'Client name is required',
      date: 'Date is required',
    });
  });

  it('keeps the primary contact optional and the mode simple by default', () => {
    const parsed = basicInfoSchema.parse({ deckTitle: 'a', clientName: 'b', date: '2026-01-31' });
    expect(parsed.primaryContact).toBe('');
    expect(parsed.mode).toBe('simple');
  });

  it('refuses dates that do not exist', () => {
    expect(basicInfoSchema.safeParse({ ...validDraft.basicInfo, date: '2026-02-30' }).success).toBe(
      false,
    );
    expect(basicInfoSchema.safeParse({ ...validDraft.basicInfo, date: 'tomorrow' }).success).toBe(
      false,
    );
  });
});

describe('selectedProductSchema', () => {
  it('turns a non-numeric quantity into 1 and a non-numeric price into 0', () => {
    expect(
      selectedProductSchema.parse({ id: 'controller', quantity: 'abc', customPricing: 'x' }),
    ).toEqual({
      id: 'controller',
      quantity: 1,
      customPricing: 0,
    });
    expect(
      selectedProductSchema.parse({ id: 'controller', quantity: '', customPricing: null }),
    ).toMatchObject({
      quantity: 1,
      customPricing: 0,
    });
    expect(
      selectedProductSchema.parse({ id: 'controller', quantity: '12', customPricing: '19.99' }),
    ).toMatchObject({
      quantity: 12,
      customPricing: 19.99,
    });
  });

  it('requires a quantity of at least 1', () => {
    expect(
      messages(selectedProductSchema.safeParse({ id: 'bms', quantity: 0, customPricing: 1 })),
    ).toEqual({
      quantity: 'Quantity must be at least 1',
    });
  });

  it('requires a price ≥ 0 in steps of 0.01', () => {
    expect(
      messages(selectedProductSchema.safeParse({ id: 'bms', quantity: 1, customPricing: -1 })),
    ).toEqual({
      customPricing: 'Price must be at least 0',
    });
    expect(
      messages(selectedProductSchema.safeParse({ id: 'bms', quantity: 1, customPricing: 1.005 })),
    ).toEqual({
      customPricing: 'Price must be in steps of 0.01',
    });
    // Binary floating point must not trip the step check.
    for (const price of [0.1, 0.29, 19.99, 29.99, 1234.57]) {
      expect(
        selectedProductSchema.safeParse({ id: 'bms', quantity: 1, customPricing: price }).success,
      ).toBe(true);
    }
  });

  it('refuses a product id that cannot be in a price book', () => {
    // Whether the id is in the price book is the server's check; the shape is checked here.
    expect(
      selectedProductSchema.safeParse({ id: 'Toaster 3000', quantity: 1, customPricing: 1 })
        .success,
    ).toBe(false);
    expect(
      selectedProductSchema.safeParse({ id: 'toaster', quantity: 1, customPricing: 1 }).success,
    ).toBe(true);
  });
});

describe('productSelectionSchema', () => {
  it('needs at least one product', () => {
    expect(
      messages(productSelectionSchema.safeParse({ selectedProducts: [], includePricing: true })),
    ).toEqual({
      selectedProducts: 'Please select at least one product',
    });
  });

  it('keeps partial pricing-text edits per product', () => {
    const parsed = productSelectionSchema.parse({
      selectedProducts: [{ id: 'bms', quantity: 1, customPricing: 200 }],
      includePricing: true,
      customPricing: { bms: { total: '$1.00' } },
    });
    expect(parsed.customPricing).toEqual({ bms: { total: '$1.00' } });
  });
});

describe('templateCustomizationSchema', () => {
  it('needs at least one slide', () => {
    expect(
      messages(templateCustomizationSchema.safeParse({ selectedSlides: [], customSlides: [] })),
    ).toEqual({
      selectedSlides: 'Please select at least one slide',
    });
  });

  it('needs one non-blank field on a custom slide with placeholders', () => {
    const slide = {
      id: 'c1',
      layoutId: 'title-body',
      layoutName: 'Title and body',
      placeholders: [
        { objectId: 'title', label: 'Title', type: 'TITLE' },
        { objectId: 'body', label: 'Body', type: 'BODY' },
      ],
      placeholderContent: { title: '  ', body: '' },
    };
    expect(messages(customSlideSchema.safeParse(slide))).toEqual({
      placeholderContent: 'Please fill in at least one field for this custom slide',
    });
    expect(
      customSlideSchema.safeParse({ ...slide, placeholderContent: { body: 'x' } }).success,
    ).toBe(true);
  });
});

describe('deckDraftSchema', () => {
  it('parses a whole draft', () => {
    expect(deckDraftSchema.parse(validDraft).basicInfo.clientName).toBe('Acme Foods');
  });
});

describe('placeholder input kinds (SPEC.md §5)', () => {
  it('maps BODY/CONTENT to multi-line, picture types to URL, others to one line', () => {
    expect(placeholderInputKind('BODY')).toBe('multiline');
    expect(placeholderInputKind('CONTENT')).toBe('multiline');
    for (const type of ['PICTURE', 'MEDIA', 'ONLINE_IMAGE', 'SLIDE_IMAGE'] as const) {
      expect(placeholderInputKind(type)).toBe('url');
      expect(isImagePlaceholder(type)).toBe(true);
    }
    expect(placeholderInputKind('TITLE')).toBe('text');
    expect(isImagePlaceholder('TITLE')).toBe(false);
  });
});
