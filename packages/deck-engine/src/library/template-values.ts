import {
  addressed,
  deckLanguageOf,
  evaluateFigures,
  quoteFigureNames,
  quoteFigureValues,
  inputsInCurrency,
  resolveInputValues,
  type PricingBindingField,
  type SlideInput,
  type TemplateCategory,
  type TemplateElement,
} from '@deck-portal/domain';
import {
  creditShare,
  findProduct,
  formatCents,
  formatCreditShare,
  fillWords,
  formatDeckDate,
  formatNumber,
  pricingTextLabel,
  productName,
  type PriceBook,
  type Product,
  type QuoteSummary,
} from '@deck-portal/domain/pricing';
import { categoryLabel, type CategoryId } from './categories.ts';
import { wordIn } from './deck-words.ts';
import type { SlideContext } from './slide-kit.ts';

/** What of a template document its values come from: its category, figures and deck inputs. */
interface ValuedDocument {
  category: string;
  figures?: Readonly<Record<string, string>> | undefined;
  inputs?: readonly SlideInput[] | undefined;
}

/**
 * The values a template's texts bind by name for one deck (`client.name`, `quote.total`,
 * `figure.payback`…); the slide's heading and subheading, bound themselves, are added after.
 */
export function deckValues(
  document: ValuedDocument,
  ctx: SlideContext,
  categories: readonly TemplateCategory[] | undefined,
): Record<string, string> {
  return {
    'client.name': ctx.clientName,
    'deck.headline': ctx.headline,
    'deck.date': ctx.dateText,
    'deck.year': ctx.year ?? ctx.dateText.slice(-4),
    'contact.name': ctx.contact,
    ...addressValues(ctx),
    'rep.name': ctx.presenter?.name ?? '',
    'rep.title': ctx.presenter?.jobTitle ?? '',
    'rep.email': ctx.presenter?.email ?? '',
    'rep.phone': ctx.presenter?.phone ?? '',
    'rep.nameAndTitle': ctx.presenter
      ? [ctx.presenter.name, ctx.presenter.jobTitle].filter(Boolean).join(', ')
      : '',
    'rep.reach': [ctx.presenter?.email, ctx.presenter?.phone].filter(Boolean).join(' · '),
    'brand.name': ctx.brand.name,
    'brand.legalName': ctx.brand.legalName,
    'brand.tagline': wordIn(ctx.words, ctx.brand.tagline),
    'brand.website': ctx.brand.website,
    'brand.email': ctx.brand.email,
    'brand.phone': ctx.brand.phone,
    'brand.address': ctx.brand.address,
    'credit.rate': creditRate(ctx.priceBook, ctx.locale),
    'credit.products': creditProducts(ctx.priceBook),
    'quote.editedProducts': (ctx.quote?.editedProducts ?? [])
      .map((id) => productName(ctx.priceBook, id))
      .join(', '),
    'slide.number': String(ctx.pageNumber),
    // What the client reads above the title: the category's label, not the library's grouping.
    'slide.categoryName': categoryLabel(document.category as CategoryId, categories),
    ...quoteValues(ctx.quote, ctx.locale, ctx.currency),
    ...quantityValues(ctx),
    ...figureValues(document, ctx),
  };
}

/** The date `days` after an ISO date (`2026-03-05`), written as the deck writes dates. */
export function dateAfter(date: string, days: number, locale: string | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return '';
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days));
  return Number.isNaN(day.getTime()) ? '' : formatDeckDate(day.toISOString().slice(0, 10), locale);
}

/** A `pricing.…` value of the product whose pricing slide is drawn; empty on any other slide. */
export function pricingValue(field: PricingBindingField, ctx: SlideContext): string {
  const pricing = ctx.pricing;
  if (!pricing) return '';
  const product = findProduct(ctx.priceBook, pricing.productId);
  switch (field) {
    case 'productName':
      return product?.name ?? pricing.productId;
    case 'productDescription':
      return product?.description ?? '';
    case 'productPicture':
      return product?.picture ?? '';
    case 'creditLabel':
      return pricingTextLabel('itc', product, ctx.locale);
    case 'totalLabel':
      return totalLabel(ctx);
    case 'listPrice':
    case 'discount':
    case 'billing':
    case 'creditEstimate':
    case 'afterCredit':
      return pricing.line[field];
    default:
      return pricing.texts[field];
  }
}

/**
 * The tax credit's rate as the deck's locale writes a percentage (`30%`, `30 %`): the one rate
 * of the products it applies to, or "up to" the highest when their rates differ.
 */
function creditRate(book: PriceBook, locale?: string) {
  const shares = [
    ...new Set(book.products.filter((p) => p.active && p.creditEligible).map(creditShare)),
  ];
  if (shares.length === 0) return '';
  const highest = formatCreditShare(Math.max(...shares), locale);
  return shares.length === 1 ? highest : `up to ${highest}`;
}

/** What a slide may show of a product (`product.<id>.<field>`, or `item.<field>` in a repeat). */
export function productValues(product: Product, locale?: string) {
  return {
    name: product.name,
    sku: product.sku,
    description: product.description,
    warrantyYears: String(product.warrantyYears),
    // Empty for a product without the credit, so a slide can hide its credit line.
    credit: product.creditEligible ? formatCreditShare(creditShare(product), locale) : '',
    creditNote: product.creditEligible
      ? `Eligible for the ${formatCreditShare(creditShare(product), locale)} investment tax credit`
      : '',
    picture: product.picture ?? '',
  };
}

/** The products the credit applies to, as a sentence names them: "A, B and C". */
function creditProducts(book: PriceBook): string {
  const names = book.products.filter((p) => p.active && p.creditEligible).map((p) => p.name);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** A repeat's items as their `item.…` values: the deck's sections or products, in order. */
export function repeatItems(
  repeat: Extract<TemplateElement, { kind: 'repeat' }>,
  ctx: SlideContext,
) {
  if (repeat.over === 'deck.products') {
    return ctx.products
      .flatMap((id) => findProduct(ctx.priceBook, id) ?? [])
      .map((product, i) => ({ ...productValues(product, ctx.locale), number: String(i + 1) }));
  }
  const sections = ctx.sections.length > 0 ? ctx.sections : (repeat.fallback ?? []);
  return sections.map((name, i) => ({ name, number: String(i + 1) }));
}

/** `quote.total` and the others as the quote slide writes them (`$12,345.00`); none without a quote. */
function quoteValues(
  quote: QuoteSummary | undefined,
  locale?: string,
  currency?: string,
): Record<string, string> {
  if (!quote) return {};
  return Object.fromEntries(
    quoteFigureNames.map((name) => [
      `quote.${name}`,
      formatCents(quoteCents(quote, name), locale, currency),
    ]),
  );
}

/**
 * The client and the contact as the deck's language addresses them (address-forms.ts): a
 * greeting to the contact, or to the company when no one is named.
 */
function addressValues(ctx: SlideContext): Record<string, string> {
  const language = deckLanguageOf(ctx.words?.language ?? 'en').tag;
  const contact = ctx.contact.trim();
  return {
    'client.addressed': addressed(language, 'company', ctx.clientName),
    'contact.addressed': addressed(language, 'person', contact),
    'contact.greeting': contact
      ? addressed(language, 'greeting', contact)
      : addressed(language, 'companyGreeting', ctx.clientName),
  };
}

/** A tax as a quote names it: `VAT (19 %)`, its name in the deck's language. */
export function taxLabel(
  ctx: Pick<SlideContext, 'words' | 'locale'>,
  tax: { name: string; percent: number },
): string {
  const percent = formatNumber(tax.percent / 100, ctx.locale, {
    style: 'percent',
    maximumFractionDigits: 2,
  });
  return `${wordIn(ctx.words, tax.name)} (${percent})`;
}

/**
 * The label of a priced product's total: what the client pays, or the total before the
 * market's tax where the tax is added (the quote summary adds it).
 */
function totalLabel(ctx: SlideContext): string {
  const tax = ctx.quote?.tax;
  if (!tax || tax.inclusive) return wordIn(ctx.words, 'Total you pay');
  return fillWords(wordIn(ctx.words, 'Total before {tax}'), { tax: wordIn(ctx.words, tax.name) });
}

function quoteCents(quote: QuoteSummary, name: (typeof quoteFigureNames)[number]) {
  return {
    subtotal: quote.subtotalCents,
    shipping: quote.shippingCents,
    total: quote.totalCents,
    credits: quote.creditsCents,
    net: quote.netCents,
  }[name];
}

/** `quantity.<productId>` for every product of the price book: 0 when the deck sells none. */
function quantityValues({ priceBook, quantities }: SlideContext): Record<string, string> {
  return Object.fromEntries(
    priceBook.products.map((product) => [
      `quantity.${product.id}`,
      String(quantities?.[product.id] ?? 0),
    ]),
  );
}

/**
 * The document's deck inputs (the rep's values, else their defaults) and its figures for this
 * deck, in order, as numbers in text (`input.sites`, `figure.payback`), unrounded: a text rounds
 * them as it writes them. A figure that needs the quote is empty when the deck shows no pricing,
 * and one that names a product the price book does not have is empty too.
 */
function figureValues(
  document: Pick<ValuedDocument, 'figures' | 'inputs'>,
  ctx: SlideContext,
): Record<string, string> {
  const inputs = resolveInputValues(
    inputsInCurrency(document.inputs, ctx.inputRatio),
    ctx.inputValues,
  );
  const given: Record<string, number> = { ...quoteFigureValues(ctx.quote), ...inputs };
  for (const [name, value] of Object.entries(quantityValues(ctx))) given[name] = Number(value);
  const values = evaluateFigures(document.figures, given);
  const texts: Record<string, string> = {};
  for (const name of Object.keys(inputs)) texts[name] = String(inputs[name]);
  for (const name of Object.keys(document.figures ?? {})) {
    const value = values[`figure.${name}`];
    texts[`figure.${name}`] = value === undefined ? '' : String(value);
  }
  return texts;
}
