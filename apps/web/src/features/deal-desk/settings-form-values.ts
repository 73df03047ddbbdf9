import type { DealDeskSettings, PriceBook, ProductGuardrail } from '@deck-portal/domain';

/** What a number box holds: a number, or '' when it is empty. */
type Entry = number | string;

export type GuardrailValues = {
  floorPrice: Entry;
  maxDiscountPercent: { sales_rep: Entry; manager: Entry };
};

/** The deal desk's settings as the admin form holds them: the same shape, boxes for numbers. */
export type SettingsFormValues = {
  roleLimits: { sales_rep: Entry; manager: Entry };
  products: Record<string, GuardrailValues>;
  deck: { maxTotalDiscountPercent: Entry; maxTotalValue: Entry };
  acceptanceTerms: string;
};

const entry = (value: number | null | undefined): Entry => value ?? '';
/** An empty box is no limit (null); anything else is sent as typed, for the schema to judge. */
const optional = (value: Entry): number | null => (value === '' ? null : (value as number));
/** A required box left empty is sent as nothing, which the schema names. */
const required = (value: Entry): number => (value === '' ? undefined : value) as number;

/** The form's values: a row per product of the price book, filled from the saved settings. */
export function toFormValues(settings: DealDeskSettings, book: PriceBook): SettingsFormValues {
  return {
    roleLimits: {
      sales_rep: settings.roleLimits.sales_rep,
      manager: settings.roleLimits.manager,
    },
    products: Object.fromEntries(
      book.products.map((product) => {
        const own = settings.products[product.id];
        return [
          product.id,
          {
            floorPrice: entry(own?.floorPrice),
            maxDiscountPercent: {
              sales_rep: entry(own?.maxDiscountPercent?.sales_rep),
              manager: entry(own?.maxDiscountPercent?.manager),
            },
          },
        ];
      }),
    ),
    deck: {
      maxTotalDiscountPercent: entry(settings.deck.maxTotalDiscountPercent),
      maxTotalValue: entry(settings.deck.maxTotalValue),
    },
    acceptanceTerms: settings.acceptanceTerms,
  };
}

/**
 * The settings to save: an empty box is the role's default (absent) or no rule (null); a
 * product with no limits of its own is left out. Products the form does not list (no longer in
 * the price book) keep what was saved for them.
 */
export function toSettings(values: SettingsFormValues, saved: DealDeskSettings): DealDeskSettings {
  const products: Record<string, ProductGuardrail> = { ...saved.products };
  for (const [id, row] of Object.entries(values.products)) {
    const floorPrice = optional(row.floorPrice);
    const maxDiscountPercent: ProductGuardrail['maxDiscountPercent'] = {};
    const rep = optional(row.maxDiscountPercent.sales_rep);
    const manager = optional(row.maxDiscountPercent.manager);
    if (rep !== null) maxDiscountPercent.sales_rep = rep;
    if (manager !== null) maxDiscountPercent.manager = manager;
    if (floorPrice === null && rep === null && manager === null) delete products[id];
    else products[id] = { floorPrice, maxDiscountPercent };
  }
  return {
    roleLimits: {
      sales_rep: required(values.roleLimits.sales_rep),
      manager: required(values.roleLimits.manager),
    },
    products,
    deck: {
      maxTotalDiscountPercent: optional(values.deck.maxTotalDiscountPercent),
      maxTotalValue: optional(values.deck.maxTotalValue),
    },
    acceptanceTerms: values.acceptanceTerms,
  };
}
