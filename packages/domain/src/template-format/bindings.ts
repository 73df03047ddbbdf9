import { z } from 'zod';
import { DEFAULT_DECK_LOCALE, formatNumber } from '../deck/locale.ts';
import { PRICING_TEXT_KEYS } from '../deck/pricing.ts';
import { endSentence } from '../sentence.ts';
import { isDeckFigureName } from '../template-figures.ts';
import { inputReference } from '../slide-inputs.ts';

/**
 * Bindings: the rep's data in a document's texts, picture addresses and alternative texts,
 * written `{{path}}` with an optional filter (`| upper`). The paths a deck offers are in
 * `bindingPaths`; figures a slide computes, inputs it asks for, products, pricing and items of a
 * repeat have paths of their own shape.
 */

export const bindingPaths = [
  'client.name',
  'deck.headline',
  'deck.date',
  'deck.year',
  'contact.name',
  /** The client company as the deck's language names it in an address line ("Northwind 御中"). */
  'client.addressed',
  /** The contact as the deck's language names a person in an address line ("Dana Reyes 様"). */
  'contact.addressed',
  /**
   * The opening of a letter in the deck's language: to the contact ("Dear Dana Reyes,"), else
   * to the company ("Dear Northwind team,").
   */
  'contact.greeting',
  'rep.name',
  'rep.title',
  'rep.email',
  'rep.phone',
  /** "Name, Job title", or the name alone. */
  'rep.nameAndTitle',
  /** How to reach the rep: "e-mail · phone", either alone when the other is missing. */
  'rep.reach',
  'brand.name',
  'brand.legalName',
  'brand.tagline',
  'brand.website',
  'brand.email',
  'brand.phone',
  'brand.address',
  /** The investment tax credit's rate: "30%". */
  'credit.rate',
  /** The active products the credit applies to, as a sentence names them: "A, B and C". */
  'credit.products',
  /**
   * The products whose pricing slide shows price texts the rep edited, which the quote's figures
   * do not include ("Controller, Data Logger"); empty when none.
   */
  'quote.editedProducts',
  'slide.number',
  'slide.heading',
  'slide.subheading',
  /** The slide's category as a client reads it: its label, else its name. */
  'slide.categoryName',
] as const;
export type BindingPath = (typeof bindingPaths)[number];

/** A figure a slide computes (`figure.payback`): letters and digits, a letter first. */
export const figureName = /^[a-z][A-Za-z0-9]{0,31}$/;

/** What a figure may be declared to mean (`figureRoles`), each checked for plausibility. */
export const figureRoles = ['paybackMonths', 'yearlySaving', 'yearlyCosts'] as const;
export type FigureRole = (typeof figureRoles)[number];

/** What a slide may show of any product of the price book: `product.<productId>.<field>`. */
export const productBindingFields = [
  'name',
  'sku',
  'description',
  'warrantyYears',
  /** "30%" when the credit applies to the product; empty when not (a condition can hide it). */
  'credit',
  /**
   * "Eligible for the 30% investment tax credit" when the credit applies to the product, so a
   * slide says what the quote applies; empty when not.
   */
  'creditNote',
  /** The product's picture in the price book (a picture element's `src`). */
  'picture',
] as const;
export type ProductBindingField = (typeof productBindingFields)[number];
const productBinding = new RegExp(
  `^product\\.([a-z][a-z0-9_]{0,63})\\.(${productBindingFields.join('|')})$`,
);

/** A product binding's product id and field, or undefined when the path is not one. */
export function readProductBinding(path: string) {
  const match = productBinding.exec(path);
  return match ? { productId: match[1]!, field: match[2] as ProductBindingField } : undefined;
}

/**
 * What a slide drawn once per priced product (`drawn: "perPricedProduct"`) shows of its product:
 * `pricing.<field>`: each pricing text as the rep left it (SPEC.md §3: `pricing.stdpricing`,
 * `pricing.effective`, …), the product's name, description and picture, and the credit's label
 * with the product's own rate ("ITC credit (30%)"). The line's list price, its discount (empty
 * at list), how it is paid ("One-off", "Per year"), and the estimated credit and the cost after
 * it (empty when the credit does not apply) are computed only; a table row whose value is one
 * of these, empty, is left out.
 */
export const pricingBindingFields = [
  ...PRICING_TEXT_KEYS,
  'productName',
  'productDescription',
  'productPicture',
  'creditLabel',
  'listPrice',
  'discount',
  'billing',
  'creditEstimate',
  'afterCredit',
  /**
   * The label of the line's total: "Total you pay", or "Total before VAT" where the market's
   * tax is added to prices (the quote summary adds it).
   */
  'totalLabel',
] as const;
export type PricingBindingField = (typeof pricingBindingFields)[number];
const pricingBinding = new RegExp(`^pricing\\.(${pricingBindingFields.join('|')})$`);

/** A pricing binding's field, or undefined when the path is not one. */
export function readPricingBinding(path: string): PricingBindingField | undefined {
  return pricingBinding.exec(path)?.[1] as PricingBindingField | undefined;
}

/**
 * A date counted from the deck's date, written as the deck writes dates: `deck.date + 14 days`
 * ("by {{deck.date + 7 days}}" on a next-steps slide reads "by March 12, 2026").
 */
const deckDateOffsetBinding = /^deck\.date \+ (\d{1,3}) days?$/;

/** How many days after the deck's date a binding names, or undefined when the path is not one. */
export function readDeckDateOffset(path: string): number | undefined {
  const match = deckDateOffsetBinding.exec(path);
  return match ? Number(match[1]) : undefined;
}

/** A layout's placeholders are bound as `placeholder.<objectId>`; products as above. */
export const bindingPathSchema = z
  .string()
  .refine(
    (path) =>
      (bindingPaths as readonly string[]).includes(path) ||
      /^placeholder\.[A-Za-z0-9_-]{1,64}$/.test(path) ||
      /^item\.[A-Za-z]{1,32}$/.test(path) ||
      isDeckFigureName(path) ||
      inputReference.test(path) ||
      (figureName.test(path.replace(/^figure\./, '')) && path.startsWith('figure.')) ||
      productBinding.test(path) ||
      pricingBinding.test(path) ||
      deckDateOffsetBinding.test(path),
    { message: 'is not a binding this format knows' },
  );

export const bindingPattern = /\{\{\s*([^}|]+?)\s*(?:\|\s*(\w+)(?:\s*:\s*"([^"{}]*)")?\s*)?\}\}/g;
/**
 * What a binding's value may go through: `upper` (capitals), `sentence` (a full stop added
 * unless it ends in one: `at {{client.name | sentence}}`), `default: "text"` (the text when the
 * value is empty), `pad: "2"` (zeros in front up to that many characters: `01`), and for
 * figures `money` (`$59,700`), `number: "1"` (that many decimals, with thousands separators)
 * and `months` (whole months with their word in the deck's language: `1 month`, `15 Monate`).
 */
export const bindingFilters = [
  'upper',
  'sentence',
  'default',
  'pad',
  'money',
  'number',
  'months',
] as const;
const filtersWithArgument: readonly string[] = ['default', 'pad', 'number'];

/** Every `{{…}}` in a text, with its path, filter and the filter's argument, in order. */
export function findBindings(text: string) {
  return [...text.matchAll(bindingPattern)].map((match) => ({
    path: match[1]!,
    filter: match[2],
    ...(match[3] !== undefined ? { argument: match[3] } : {}),
  }));
}

/**
 * The text with each `{{path}}` replaced by its value, filters applied; `money` and `number`
 * write figures as `locale` does (`$59,700`, `59.700 $`), money in the deck's `currency`.
 */
export function fillBindings(
  text: string,
  valueOf: (path: string) => string,
  locale: string = DEFAULT_DECK_LOCALE,
  /** What each filled value becomes in the text (see `insertedValue`): itself when absent. */
  insert: (path: string, value: string) => string = (_, value) => value,
  currency = 'USD',
): string {
  return text.replace(
    bindingPattern,
    (_, path: string, filter: string | undefined, argument: string | undefined) =>
      insert(path, filled(valueOf(path), filter, argument, locale, currency)),
  );
}

/** A binding's value through its filter. */
function filled(
  value: string,
  filter: string | undefined,
  argument: string | undefined,
  locale: string,
  currency: string,
): string {
  if (filter === 'upper') return value.toUpperCase();
  if (filter === 'sentence') return value === '' ? '' : endSentence(value);
  if (filter === 'default') return value === '' ? (argument ?? '') : value;
  if (filter === 'pad') return value.padStart(Number(argument) || 0, '0');
  if (filter === 'money') {
    if (value === '') return '';
    return formatNumber(Number(value), locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
  }
  if (filter === 'months') {
    if (value === '') return '';
    // In the deck's words: `15 months`, `15 Monate`, `15 か月`.
    return formatNumber(Math.round(Number(value)), locale, {
      style: 'unit',
      unit: 'month',
      unitDisplay: 'long',
    });
  }
  if (filter === 'number') {
    if (value === '') return '';
    const digits = Math.min(6, Math.max(0, Number(argument) || 0));
    return formatNumber(Number(value), locale, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
  }
  return value;
}

/** Text that may hold bindings: each must name a known path and filter. */
export const boundText = z
  .string()
  .max(5_000)
  .superRefine((text, context) => {
    for (const { path, filter, argument } of findBindings(text)) {
      if (!bindingPathSchema.safeParse(path).success) {
        context.addIssue({
          code: 'custom',
          message: `{{${path}}} is not a binding this format knows`,
        });
      }
      if (filter !== undefined && !(bindingFilters as readonly string[]).includes(filter)) {
        context.addIssue({
          code: 'custom',
          message: `"${filter}" is not a filter this format knows`,
        });
      } else if (
        filter !== undefined &&
        filtersWithArgument.includes(filter) !== (argument !== undefined)
      ) {
        context.addIssue({
          code: 'custom',
          message: filtersWithArgument.includes(filter)
            ? `the "${filter}" filter needs a text: {{${path} | ${filter}: "…"}}`
            : `the "${filter}" filter takes no text`,
        });
      }
    }
  });

/** Every binding in an element's texts, picture address and table cells. */
export function elementBindings(element: { kind: string } & Record<string, unknown>) {
  const texts: string[] = [];
  const collect = (value: unknown) => {
    if (typeof value === 'string') texts.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value !== null && typeof value === 'object' && 'text' in value) {
      collect((value as { text: unknown }).text);
    } else if (value !== null && typeof value === 'object' && 'runs' in value) {
      collect((value as { runs: unknown }).runs);
    }
  };
  for (const key of ['text', 'src', 'alt', 'header', 'rows', 'title'] as const) {
    collect(element[key]);
  }
  return texts.flatMap(findBindings);
}
