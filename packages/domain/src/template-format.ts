import { z } from 'zod';
import { DEFAULT_DECK_LOCALE, formatNumber } from './deck/locale.ts';
import { placeholderSchema } from './deck/placeholder-types.ts';
import { CHART_FIGURE_LIMIT, chartNumberSchema, chartTypes } from './chart.ts';

/** The bundled families an imported slide's text may be set in, besides the brand's font. */
export const importFontFamilies = ['Arimo', 'Carlito', 'Tinos', 'Caladea', 'DejaVu Sans'] as const;
import { numberSchemes } from './numbering.ts';
import { PRICING_TEXT_KEYS } from './deck/pricing.ts';
import { plainText } from './text.ts';
import { endSentence } from './sentence.ts';
import { isLinkAddress } from './link-address.ts';
import { compileFormula, FormulaError, isDeckFigureName } from './template-figures.ts';
import { inputReference, slideInputsSchema, type SlideInput } from './slide-inputs.ts';

/**
 * The template format: a slide, a custom-slide layout or a shared part (a footer, a title bar)
 * as data, on the 960 × 540 pt slide. The engine interprets it; the editor, the API and the
 * engine validate it with these schemas. Version 1 has text, shapes, lines, pictures, the brand
 * mark and shared parts, with the rep's data as bindings and conditions as data.
 *
 * Bindings are written `{{path}}` inside any text, picture address or alternative text, with an
 * optional `| upper`. The paths a deck offers are in `bindingPaths`.
 */
export const templateFormatVersion = 1;

export const bindingPaths = [
  'client.name',
  'deck.headline',
  'deck.date',
  'deck.year',
  'contact.name',
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
const figureName = /^[a-z][A-Za-z0-9]{0,31}$/;

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
const bindingPathSchema = z
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

const bindingPattern = /\{\{\s*([^}|]+?)\s*(?:\|\s*(\w+)(?:\s*:\s*"([^"{}]*)")?\s*)?\}\}/g;
/**
 * What a binding's value may go through: `upper` (capitals), `sentence` (a full stop added
 * unless it ends in one: `at {{client.name | sentence}}`), `default: "text"` (the text when the
 * value is empty), `pad: "2"` (zeros in front up to that many characters: `01`), and for
 * figures `money` (`$59,700`), `number: "1"` (that many decimals, with thousands separators)
 * and `months` (whole months with their word: `1 month`, `15 months`).
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
 * write figures as `locale` does (`$59,700`, `59.700 $`).
 */
export function fillBindings(
  text: string,
  valueOf: (path: string) => string,
  locale: string = DEFAULT_DECK_LOCALE,
  /** What each filled value becomes in the text (see `insertedValue`): itself when absent. */
  insert: (path: string, value: string) => string = (_, value) => value,
): string {
  return text.replace(
    bindingPattern,
    (_, path: string, filter: string | undefined, argument: string | undefined) =>
      insert(path, filled(valueOf(path), filter, argument, locale)),
  );
}

/** A binding's value through its filter. */
function filled(
  value: string,
  filter: string | undefined,
  argument: string | undefined,
  locale: string,
): string {
  if (filter === 'upper') return value.toUpperCase();
  if (filter === 'sentence') return value === '' ? '' : endSentence(value);
  if (filter === 'default') return value === '' ? (argument ?? '') : value;
  if (filter === 'pad') return value.padStart(Number(argument) || 0, '0');
  if (filter === 'money') {
    if (value === '') return '';
    return formatNumber(Number(value), locale, {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
  }
  if (filter === 'months') {
    if (value === '') return '';
    const months = Math.round(Number(value));
    return `${formatNumber(months, locale)} ${Math.abs(months) === 1 ? 'month' : 'months'}`;
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
const boundText = z
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

export const brandColorNames = [
  'primary',
  'primaryDeep',
  'accent',
  'highlight',
  'ink',
  'muted',
  'panel',
  'rule',
  'background',
] as const;

/** `#RRGGBB`, a brand colour (`brand.accent`), or the slide's category colour (`category`). */
export const templateColorSchema = z
  .string()
  .regex(
    new RegExp(`^(#[0-9A-Fa-f]{6}|brand\\.(${brandColorNames.join('|')})|category)$`),
    'must be #RRGGBB, a brand colour such as brand.accent, or category',
  );
export type TemplateColor = z.infer<typeof templateColorSchema>;

const coordinate = z.number().min(-2_000).max(3_000);
const length = z.number().min(0).max(3_000);
const boxShape = { x: coordinate, y: coordinate, w: length, h: length };

/** Show an element only when a binding has a value (or has none). */
export const templateConditionSchema = z.union([
  z.object({ filled: bindingPathSchema }).strict(),
  z.object({ empty: bindingPathSchema }).strict(),
]);
export type TemplateCondition = z.infer<typeof templateConditionSchema>;

/** A paragraph shown only when its condition holds. */
const conditionalParagraph = z.object({ text: boundText, when: templateConditionSchema }).strict();

export { isLinkAddress, linkAddressFrom } from './link-address.ts';

/**
 * Words of a paragraph set apart from the rest of its text: in another weight, size, font (of
 * those an imported slide may name) or colour, italic or upright, underlined or not, raised
 * (`super`) or lowered (`sub`) at two-thirds of the size, or a link to a web page or an e-mail
 * address (the PDF and the PowerPoint open it). A run's size is in points beside its text's (a
 * text shrunk to fit shrinks its runs alike). What a run leaves out it takes from the text's style.
 */
export const textRunSchema = z
  .object({
    text: boundText,
    weight: z.enum(['regular', 'medium', 'semibold', 'bold']).optional(),
    size: z.number().min(1).max(400).optional(),
    font: z.enum(importFontFamilies).optional(),
    italic: z.boolean().optional(),
    underline: z.boolean().optional(),
    color: templateColorSchema.optional(),
    script: z.enum(['super', 'sub']).optional(),
    link: z
      .string()
      .max(2_000)
      .refine(isLinkAddress, 'a link opens an http://, https:// or mailto: address')
      .optional(),
  })
  .strict();
export type TemplateTextRun = z.infer<typeof textRunSchema>;

/** A paragraph written as runs ("**Caring** about students"), shown always or when its condition holds. */
const styledParagraph = z
  .object({
    runs: z
      .array(textRunSchema)
      .min(1)
      .max(200)
      .refine(
        (runs) => runs.reduce((sum, run) => sum + run.text.length, 0) <= 5_000,
        'a paragraph holds at most 5,000 characters',
      ),
    when: templateConditionSchema.optional(),
  })
  .strict();

export type TemplateParagraph =
  string | z.infer<typeof conditionalParagraph> | z.infer<typeof styledParagraph>;

/**
 * Runs with their words edited to read `next`, each word keeping its run's style: what the edit
 * left alone stays where it was, and typed words take the style of the character before them
 * (the first run's at the start), as typing in a word processor does. `caret`, where the caret
 * stands after the edit, tells which of two like characters was typed ("Caring" + " " before
 * " about").
 */
export function editRuns(
  runs: readonly TemplateTextRun[],
  next: string,
  caret?: number,
): TemplateTextRun[] {
  const previous = runs.map((run) => run.text).join('');
  const samePrefix = (bound: number) => {
    let n = 0;
    while (n < bound && previous[n] === next[n]) n += 1;
    return n;
  };
  const sameSuffix = (bound: number) => {
    let n = 0;
    while (n < bound && previous[previous.length - 1 - n] === next[next.length - 1 - n]) n += 1;
    return n;
  };
  const shorter = Math.min(previous.length, next.length);
  // Without a caret the longest unchanged start is kept first; with one, what follows the caret.
  let prefix: number;
  let suffix: number;
  if (caret === undefined) {
    prefix = samePrefix(shorter);
    suffix = sameSuffix(shorter - prefix);
  } else {
    suffix = sameSuffix(Math.min(previous.length, Math.max(0, next.length - caret)));
    prefix = samePrefix(shorter - suffix);
  }
  const typed = next.slice(prefix, next.length - suffix);
  const removedTo = previous.length - suffix;
  const edited: TemplateTextRun[] = [];
  let start = 0;
  let isTypedPlaced = typed === '';
  for (const run of runs) {
    const end = start + run.text.length;
    const kept = (from: number, to: number) =>
      run.text.slice(Math.max(0, from - start), Math.max(0, Math.min(end, to) - start));
    let text = kept(start, prefix);
    if (!isTypedPlaced && (prefix > start || start === 0) && prefix <= end) {
      text += typed;
      isTypedPlaced = true;
    }
    text += kept(Math.max(start, removedTo), end);
    if (text !== '') edited.push({ ...run, text });
    start = end;
  }
  if (!isTypedPlaced) edited.push({ ...runs.at(-1), text: typed });
  return edited.length > 0 ? edited : [{ ...runs[0], text: '' }];
}

/** What the studio sets on chosen words: bold, italic or underlined. */
export type WordStyle = 'bold' | 'italic' | 'underline';

const runHas = (run: TemplateTextRun, style: WordStyle) =>
  style === 'bold' ? run.weight === 'bold' : run[style] === true;

/** Whether two runs look alike (their words aside): one run could hold both. */
export const sameRunLook = (a: Omit<TemplateTextRun, 'text'>, b: Omit<TemplateTextRun, 'text'>) =>
  a.weight === b.weight &&
  a.size === b.size &&
  a.font === b.font &&
  a.italic === b.italic &&
  a.underline === b.underline &&
  a.color === b.color &&
  a.script === b.script &&
  a.link === b.link;

/** A paragraph's runs cut where a range starts and ends, each piece marked chosen or not. */
function cutRuns(paragraph: TemplateParagraph, range: { from: number; to: number }) {
  const runs =
    typeof paragraph !== 'string' && 'runs' in paragraph
      ? paragraph.runs
      : [{ text: paragraphText(paragraph) }];
  const whole = runs.map((run) => run.text).join('');
  let { from, to } = range;
  // A binding the range cuts into is taken whole.
  for (const match of whole.matchAll(bindingPattern)) {
    const start = match.index;
    const end = start + match[0].length;
    if (from > start && from < end) from = start;
    if (to > start && to < end) to = end;
  }
  const pieces: { run: TemplateTextRun; isChosen: boolean }[] = [];
  if (from >= to) return { whole, pieces };
  let at = 0;
  for (const run of runs) {
    const end = at + run.text.length;
    const cuts = [at, ...[from, to].filter((cut) => cut > at && cut < end), end];
    for (let i = 0; i + 1 < cuts.length; i += 1) {
      const text = run.text.slice(cuts[i]! - at, cuts[i + 1]! - at);
      if (text !== '')
        pieces.push({ run: { ...run, text }, isChosen: cuts[i]! >= from && cuts[i + 1]! <= to });
    }
    at = end;
  }
  return { whole, pieces };
}

/**
 * The paragraph with its chosen words changed by `change`: as runs (alike neighbours joined), or
 * as plain text when no word is set apart any more; unchanged when nothing is chosen.
 */
function changeWords(
  paragraph: TemplateParagraph,
  range: { from: number; to: number },
  change: (run: TemplateTextRun, chosen: readonly TemplateTextRun[]) => TemplateTextRun,
): TemplateParagraph {
  const when = typeof paragraph === 'string' ? undefined : paragraph.when;
  const { whole, pieces } = cutRuns(paragraph, range);
  if (pieces.length === 0) return paragraph;
  const chosen = pieces.filter((piece) => piece.isChosen).map((piece) => piece.run);
  const joined: TemplateTextRun[] = [];
  for (const { run, isChosen } of pieces) {
    const changed = isChosen ? change(run, chosen) : run;
    const last = joined.at(-1);
    if (last && sameRunLook(last, changed)) last.text += changed.text;
    else joined.push({ ...changed });
  }
  if (joined.every((run) => Object.keys(run).length === 1)) {
    return when ? { text: whole, when } : whole;
  }
  return { runs: joined, ...(when ? { when } : {}) };
}

/**
 * The paragraph with the words from `from` to `to` (character offsets) made bold, italic or
 * underlined, or made plain again when all of them already are: as runs, or as plain text when no
 * word is styled apart any more. A binding the range cuts into is styled whole.
 */
export function styleWords(
  paragraph: TemplateParagraph,
  range: { from: number; to: number },
  style: WordStyle,
): TemplateParagraph {
  return changeWords(paragraph, range, (run, chosen) => {
    const isOn = chosen.every((piece) => runHas(piece, style));
    const { weight: _weight, ...rest } = run;
    if (style === 'bold') return isOn ? rest : { ...rest, weight: 'bold' as const };
    const { [style]: _old, ...others } = run;
    return isOn ? others : { ...others, [style]: true };
  });
}

/**
 * The paragraph with the words from `from` to `to` linked to `link` (a web page or an e-mail
 * address; underlined, so a reader sees it is one), or no longer linked when `link` is null (their
 * underline stays: the editor takes it off as any other). A binding the range cuts into is
 * linked whole.
 */
export function linkWords(
  paragraph: TemplateParagraph,
  range: { from: number; to: number },
  link: string | null,
): TemplateParagraph {
  return changeWords(paragraph, range, (run) => {
    const { link: _old, ...rest } = run;
    return link === null ? rest : { ...rest, link, underline: true };
  });
}

/** The link every one of the chosen words has, when they have one and the same; else null. */
export function linkOfWords(
  paragraph: TemplateParagraph,
  range: { from: number; to: number },
): string | null {
  const chosen = cutRuns(paragraph, range).pieces.filter((piece) => piece.isChosen);
  const first = chosen[0]?.run.link;
  return first && chosen.every((piece) => piece.run.link === first) ? first : null;
}

/** A paragraph's words as one text, whatever runs it is written in. */
export function paragraphText(paragraph: TemplateParagraph): string {
  if (typeof paragraph === 'string') return paragraph;
  return 'runs' in paragraph ? paragraph.runs.map((run) => run.text).join('') : paragraph.text;
}

const common = {
  /** A stable name tests and the web view find the element by (`title`, `client-name`). */
  name: z.string().max(64).optional(),
  when: templateConditionSchema.optional(),
  /**
   * Inside a repeat whose copies move closer to fit: `start` (the default) keeps the element's
   * distance to its copy's start, `end` to its copy's end, `both` stretches it to keep both.
   */
  pin: z.enum(['start', 'end', 'both']).optional(),
};

/**
 * Degrees clockwise the element is turned about its box's centre (0 or absent: level). The box
 * is laid out level and turned as a whole: a text breaks its lines in its box's own width.
 */
const rotation = z.number().min(0).max(360).optional();

/**
 * Mirrored left to right (`flipH`) or top to bottom (`flipV`) within its box, before any
 * rotation (a path shape's outline, a picture).
 */
const flips = { flipH: z.boolean().optional(), flipV: z.boolean().optional() };

/** The most tab stops a text style has (PowerPoint's own limit is lower in practice). */
export const MAX_TAB_STOPS = 32;

export const textStyleSchema = z
  .object({
    weight: z.enum(['regular', 'medium', 'semibold', 'bold']).default('regular'),
    /** The size in points when the text fits; shrunk down to `minSize` until it does. */
    size: z.number().min(4).max(400),
    minSize: z.number().min(4).max(400).optional(),
    maxLines: z.number().int().min(1).max(200).optional(),
    /** Line pitch as a multiple of the size. */
    lineHeight: z.number().min(0.5).max(4).optional(),
    /** Space after each paragraph as a multiple of the size. */
    paragraphGap: z.number().min(0).max(4).optional(),
    color: templateColorSchema,
    align: z.enum(['left', 'center', 'right']).optional(),
    valign: z.enum(['top', 'middle', 'bottom']).optional(),
    bullets: z.boolean().optional(),
    /** How far the text sits from its bullet, as a multiple of the size (1.1 when absent). */
    bulletIndent: z.number().min(0).max(10).optional(),
    /**
     * A bulleted paragraph's later lines start under its bullet, not under its first word: a
     * PowerPoint paragraph without a hanging indent, whose first word follows its bullet at once.
     */
    wrapUnderBullet: z.boolean().optional(),
    /**
     * Numbered instead of bulleted (with `bullets`): each paragraph with words gets the next
     * number of the scheme (`arabicPeriod`: 1. 2. 3.), from `startAt` (1 when absent).
     */
    numbering: z
      .object({
        scheme: z.enum(numberSchemes),
        startAt: z.number().int().min(1).max(32_767).optional(),
      })
      .strict()
      .optional(),
    /** The bullet, one character (`–`, `▪`); `•` when absent. */
    bulletChar: z
      .string()
      .refine((value) => [...value].length === 1 && value.trim() !== '', 'must be one character')
      .optional(),
    /** The bullet's (or number's) colour when not the text's, as a theme's list style has it. */
    bulletColor: templateColorSchema.optional(),
    /** The bullet's (or number's) size as a share of the text's (1 when absent). */
    bulletSize: z.number().min(0.25).max(4).optional(),
    /**
     * A bundled family other than the brand's (imported slides keep their look: Arimo for
     * Arial, Carlito for Calibri, Tinos for Times New Roman, Caladea for Cambria, DejaVu Sans for
     * Lucida Sans and Verdana); the brand's font when absent.
     */
    font: z.enum(importFontFamilies).optional(),
    /** Set in the family's italic faces (its upright ones where it has none). */
    italic: z.boolean().optional(),
    /** Each line underlined, as the font's own underline position and thickness say. */
    underline: z.boolean().optional(),
    /**
     * Runs of spaces inside a line kept as written (an imported slide that spaces words apart
     * with them); one space each when absent, however many were typed.
     */
    keepSpaces: z.boolean().optional(),
    /**
     * Its paragraphs read right to left (true) or left to right (false) whatever letter they
     * start with, as a PowerPoint paragraph's direction sets them (its bullet on that side);
     * each paragraph as its first letter with a direction reads when absent.
     */
    rightToLeft: z.boolean().optional(),
    /**
     * Where a tab in the text moves the words after it, as a PowerPoint paragraph's tab stops:
     * points from the text box's left edge, the words starting there (`left`), ending there
     * (`right`), centred on it (`center`), or with their first full stop on it (`decimal`).
     * Past the last one, and where there are none, tabs go to the default stops.
     */
    tabStops: z
      .array(
        z
          .object({
            at: z.number().min(0).max(10_000),
            align: z.enum(['left', 'right', 'center', 'decimal']),
          })
          .strict(),
      )
      .max(MAX_TAB_STOPS)
      .optional(),
    /** The distance between default tab stops in points (72, an inch, when absent). */
    tabSize: z.number().min(1).max(10_000).optional(),
    /**
     * Texts of one slide in the same group are set at one size, the smallest any of them needs
     * to fit: figures side by side, where an edited "Unlimited" is not set smaller than a "3".
     */
    sizeGroup: z
      .string()
      .regex(/^[a-z][a-z0-9-]{0,31}$/, 'a size group is named by lower-case letters and digits')
      .optional(),
  })
  .strict();

const textElementSchema = z
  .object({
    kind: z.literal('text'),
    ...common,
    ...boxShape,
    /**
     * One string (lines split on new lines) or a list of paragraphs; a paragraph may have a
     * condition of its own (`{ "text": "Attention: {{contact.name}}", "when": … }`) and may be
     * written as runs of its own style (`{ "runs": [{ "text": "Caring", "weight": "bold" }, …] }`).
     */
    text: z.union([
      boundText,
      z.array(z.union([boundText, conditionalParagraph, styledParagraph])).max(100),
    ]),
    style: textStyleSchema,
    rotation,
  })
  .strict();

const strokeSchema = z
  .object({
    color: templateColorSchema,
    width: z.number().min(0).max(100),
    dash: z.boolean().optional(),
    /** 0 (unseen) to 1 (solid, when absent). */
    opacity: z.number().min(0).max(1).optional(),
  })
  .strict();

/**
 * A shape's outline as path commands in a 1000 × 1000 square stretched over the element's box:
 * `M x y`, `L x y`, `C x1 y1 x2 y2 x y` and `Z` (what an imported freeform or preset is drawn with).
 * Read token by token in one pass (a regular expression over it could backtrack for minutes).
 */
export function isShapePath(path: string): boolean {
  if (path.length > 20_000) return false;
  const token = /\s*(?:([MLCZ])|(-?\d+(?:\.\d+)?))/y;
  let needed = 0;
  let isFirst = true;
  let index = 0;
  while (index < path.length) {
    token.lastIndex = index;
    const match = token.exec(path);
    if (!match) return path.slice(index).trim() === '';
    index = token.lastIndex;
    if (match[1]) {
      if (needed !== 0 || (isFirst && match[1] !== 'M')) return false;
      needed = match[1] === 'C' ? 6 : match[1] === 'Z' ? 0 : 2;
      isFirst = false;
    } else {
      if (needed === 0) return false;
      needed -= 1;
    }
  }
  return !isFirst && needed === 0;
}

/**
 * A soft shadow cast behind a shape: its colour and opacity, how far it blurs (points) and how
 * far it falls (`dx` right, `dy` down, points on the slide whatever the shape's rotation).
 */
const shadowSchema = z
  .object({
    color: templateColorSchema,
    opacity: z.number().min(0).max(1),
    blur: z.number().min(0).max(100),
    dx: z.number().min(-200).max(200),
    dy: z.number().min(-200).max(200),
  })
  .strict();

const shapeElementSchema = z
  .object({
    kind: z.enum(['rect', 'ellipse', 'path']),
    ...common,
    ...boxShape,
    fill: templateColorSchema.optional(),
    fillOpacity: z.number().min(0).max(1).optional(),
    stroke: strokeSchema.optional(),
    shadow: shadowSchema.optional(),
    radius: z.number().min(0).max(1_000).optional(),
    /**
     * A gradient over the shape, in place of `fill`, which is what renderers without gradients
     * draw. `linear` (the default): `angle` degrees clockwise from left-to-right, the first stop
     * at the box's edge the line enters. `radial`: circles about (`cx`, `cy`), fractions of the
     * box (0.5 when absent), the first stop at that centre and the last reaching the box's
     * farthest corner.
     */
    gradient: z
      .object({
        kind: z.enum(['linear', 'radial']).optional(),
        angle: z.number().min(0).max(360).optional(),
        cx: z.number().min(0).max(1).optional(),
        cy: z.number().min(0).max(1).optional(),
        stops: z
          .array(
            z
              .object({
                at: z.number().min(0).max(1),
                color: templateColorSchema,
                opacity: z.number().min(0).max(1).optional(),
              })
              .strict(),
          )
          .min(2)
          .max(10),
      })
      .strict()
      .superRefine((gradient, context) => {
        const isRadial = gradient.kind === 'radial';
        if (!isRadial && gradient.angle === undefined) {
          context.addIssue({
            code: 'custom',
            path: ['angle'],
            message: 'a linear gradient has an angle',
          });
        }
        for (const key of isRadial ? (['angle'] as const) : (['cx', 'cy'] as const)) {
          if (gradient[key] !== undefined) {
            context.addIssue({
              code: 'custom',
              path: [key],
              message: isRadial
                ? 'a radial gradient has a centre, not an angle'
                : 'only a radial gradient has a centre',
            });
          }
        }
      })
      .optional(),
    /** The outline of a `path` shape (see {@link isShapePath}). */
    path: z
      .string()
      .refine(isShapePath, 'must be path commands M, L, C and Z in a 1000 × 1000 square')
      .optional(),
    rotation,
    ...flips,
  })
  .strict()
  .refine((shape) => (shape.kind === 'path') === (shape.path !== undefined), {
    message: 'a path shape has a path, and only a path shape has one',
    path: ['path'],
  });

/** A shape's gradient as written: linear unless `kind` says radial. */
export type TemplateGradient = NonNullable<z.infer<typeof shapeElementSchema>['gradient']>;
export type TemplateShadow = z.infer<typeof shadowSchema>;

/**
 * What a line's end is drawn with, as office lines have them: a filled triangle, an open arrow
 * (two strokes), a stealth arrow (a triangle notched at its back), a diamond, a dot.
 */
export const lineEnds = ['triangle', 'arrow', 'stealth', 'diamond', 'oval'] as const;
export type LineEnd = (typeof lineEnds)[number];

const lineElementSchema = z
  .object({
    kind: z.literal('line'),
    ...common,
    x1: coordinate,
    y1: coordinate,
    x2: coordinate,
    y2: coordinate,
    color: templateColorSchema,
    width: z.number().min(0).max(100),
    dash: z.boolean().optional(),
    /** 0 (unseen) to 1 (solid, when absent). */
    opacity: z.number().min(0).max(1).optional(),
    /** The mark at (x1, y1) and at (x2, y2); a plain end when absent. */
    startArrow: z.enum(lineEnds).optional(),
    endArrow: z.enum(lineEnds).optional(),
  })
  .strict();

const pictureElementSchema = z
  .object({
    kind: z.literal('picture'),
    ...common,
    ...boxShape,
    /** A picture address, usually a binding (`{{placeholder.image}}`); empty draws nothing. */
    src: boundText,
    fit: z.enum(['cover', 'contain']).default('cover'),
    alt: boundText,
    /** A soft shadow behind the picture's box (see the shape's `shadow`). */
    shadow: shadowSchema.optional(),
    rotation,
    ...flips,
  })
  .strict();

/** A grid line of a table: its colour and width in points. */
const tableBorderSchema = z
  .object({ color: templateColorSchema, width: z.number().min(0).max(20) })
  .strict();
export type TableBorder = z.infer<typeof tableBorderSchema>;

const tableWeightSchema = z.enum(['regular', 'medium', 'semibold', 'bold']);

/**
 * A table laid out by the engine: one font size (each cell's in proportion to it), chosen so all
 * rows fit the box; row heights from the wrapped text. Cells are text and may hold bindings.
 *
 * The per-cell fields (`cellFills`, `textColors`, `weights`, `italics`, `cellScales`,
 * `cellValigns`) and `merges` count rows over the whole table: the header is row 0 when there is
 * one, the body rows follow. Without them the table has the engine's look (`headerFill`, `stripe`,
 * `emphasisRow`, a rule under each row).
 */
const tableElementSchema = z
  .object({
    kind: z.literal('table'),
    ...common,
    ...boxShape,
    /** Relative column widths (`[2, 1, 1]`: the first column half the table). */
    columns: z.array(z.number().positive().max(100)).min(1).max(12),
    header: z.array(boundText).max(12).optional(),
    rows: z.array(z.array(boundText).max(12)).max(60),
    /**
     * Each row's least height as a share of the box's (header first, as the per-cell fields):
     * a row is never shorter, grows for its text, and room left over is shared in proportion.
     */
    rowShares: z.array(z.number().min(0).max(1)).max(61).optional(),
    align: z
      .array(z.enum(['left', 'center', 'right']))
      .max(12)
      .optional(),
    /** The largest cell size in points; smaller when the rows do not fit. */
    size: z.number().min(4).max(60).optional(),
    /** Line pitch as a multiple of the size (1.25 when absent). */
    lineHeight: z.number().min(0.5).max(4).optional(),
    /** A bundled family for every cell (as a text style's `font`); the brand's when absent. */
    font: z.enum(importFontFamilies).optional(),
    /** Room between a cell's edges and its text, in points: `x` left and right, `y` above and below. */
    padding: z
      .object({ x: z.number().min(0).max(50), y: z.number().min(0).max(50) })
      .strict()
      .optional(),
    /** Where the text sits in its cell, top to bottom (`middle` when absent). */
    valign: z.enum(['top', 'middle', 'bottom']).optional(),
    /** The header row's fill; null leaves it unfilled (its text then in the body's colour). */
    headerFill: templateColorSchema.nullable(),
    /** The weight of the first column (row labels). */
    firstColumnWeight: tableWeightSchema.optional(),
    /** The fill of every other body row. */
    stripe: templateColorSchema.optional(),
    /** A body row (from 0) to emphasise, such as a total. */
    emphasisRow: z.number().int().min(0).max(59).optional(),
    emphasisFill: templateColorSchema.optional(),
    /**
     * Each cell's fill, row by row (null: none). When given it is the fill of every cell, in
     * place of `headerFill`, `stripe` and `emphasisFill`.
     */
    cellFills: z.array(z.array(templateColorSchema.nullable()).max(12)).max(61).optional(),
    /** Each cell's text colour (null: the table's usual colour for that cell). */
    textColors: z.array(z.array(templateColorSchema.nullable()).max(12)).max(61).optional(),
    /** Each cell's text weight (null: the table's usual weight for that cell). */
    weights: z.array(z.array(tableWeightSchema.nullable()).max(12)).max(61).optional(),
    /** Cells whose text is italic (null: upright). */
    italics: z.array(z.array(z.boolean().nullable()).max(12)).max(61).optional(),
    /**
     * Each cell's text size as a multiple of the table's (`1.5`: half as large again; null: the
     * table's), so a heading row keeps its proportion when the table's size changes or shrinks.
     */
    cellScales: z
      .array(z.array(z.number().min(0.2).max(5).nullable()).max(12))
      .max(61)
      .optional(),
    /**
     * Room around each cell's text in points, side by side (null: the table's `padding`), for
     * the cells that set their own margins.
     */
    cellPaddings: z
      .array(
        z
          .array(
            z
              .object({
                left: z.number().min(0).max(50),
                right: z.number().min(0).max(50),
                top: z.number().min(0).max(50),
                bottom: z.number().min(0).max(50),
              })
              .strict()
              .nullable(),
          )
          .max(12),
      )
      .max(61)
      .optional(),
    /** Where each cell's text sits, top to bottom (null: the table's `valign`). */
    cellValigns: z
      .array(z.array(z.enum(['top', 'middle', 'bottom']).nullable()).max(12))
      .max(61)
      .optional(),
    /**
     * The grid's lines, in place of the rule under each row. `horizontal[r][c]` runs along the
     * top of row r over column c (r = the row count: the table's bottom edge); `vertical[r][c]`
     * runs down the left of column c along row r (c = the column count: the right edge).
     * null: no line there. All grid lines, only horizontal rules and none are all this.
     */
    borders: z
      .object({
        horizontal: z.array(z.array(tableBorderSchema.nullable()).max(12)).max(62),
        vertical: z.array(z.array(tableBorderSchema.nullable()).max(13)).max(61),
      })
      .strict()
      .optional(),
    /**
     * Merged cells: the cell at `row`, `column` spans `rows` rows and `columns` columns and its
     * text is laid out across them; the cells it covers are not drawn (their text is ignored).
     */
    merges: z
      .array(
        z
          .object({
            row: z.number().int().min(0).max(60),
            column: z.number().int().min(0).max(11),
            rows: z.number().int().min(1).max(61),
            columns: z.number().int().min(1).max(12),
          })
          .strict(),
      )
      .max(200)
      .optional(),
  })
  .strict()
  .superRefine((table, context) => {
    const widths = table.columns.length;
    const rowCount = table.rows.length + (table.header ? 1 : 0);
    const check = (row: string[], path: (string | number)[]) => {
      if (row.length !== widths) {
        context.addIssue({
          code: 'custom',
          path,
          message: `has ${row.length} cells for ${widths} columns`,
        });
      }
    };
    if (table.header) check(table.header, ['header']);
    table.rows.forEach((row, i) => check(row, ['rows', i]));

    // A grid of the table's shape: `rows` rows of `columns` entries each.
    const checkGrid = (
      grid: unknown[][] | undefined,
      path: (string | number)[],
      rows: number,
      columns: number,
      what: string,
    ) => {
      if (!grid) return;
      if (grid.length !== rows) {
        context.addIssue({
          code: 'custom',
          path,
          message: `has ${grid.length} rows of ${what} for a table of ${rows}`,
        });
        return;
      }
      grid.forEach((row, i) => {
        if (row.length !== columns) {
          context.addIssue({
            code: 'custom',
            path: [...path, i],
            message: `has ${row.length} ${what} for ${columns} columns`,
          });
        }
      });
    };
    checkGrid(table.cellFills, ['cellFills'], rowCount, widths, 'fills');
    checkGrid(table.textColors, ['textColors'], rowCount, widths, 'colours');
    checkGrid(table.weights, ['weights'], rowCount, widths, 'weights');
    if (table.rowShares && table.rowShares.length !== rowCount) {
      context.addIssue({
        code: 'custom',
        path: ['rowShares'],
        message: `has ${table.rowShares.length} heights for a table of ${rowCount} rows`,
      });
    }
    checkGrid(table.italics, ['italics'], rowCount, widths, 'slants');
    checkGrid(table.cellScales, ['cellScales'], rowCount, widths, 'sizes');
    checkGrid(table.cellValigns, ['cellValigns'], rowCount, widths, 'placements');
    checkGrid(table.cellPaddings, ['cellPaddings'], rowCount, widths, 'margins');
    if (table.borders) {
      const { horizontal, vertical } = table.borders;
      checkGrid(horizontal, ['borders', 'horizontal'], rowCount + 1, widths, 'lines');
      checkGrid(vertical, ['borders', 'vertical'], rowCount, widths + 1, 'lines');
    }

    const covered = new Set<string>();
    (table.merges ?? []).forEach((merge, i) => {
      if (merge.row + merge.rows > rowCount || merge.column + merge.columns > widths) {
        context.addIssue({
          code: 'custom',
          path: ['merges', i],
          message: `runs outside the table's ${rowCount} rows and ${widths} columns`,
        });
        return;
      }
      for (let r = merge.row; r < merge.row + merge.rows; r++) {
        for (let c = merge.column; c < merge.column + merge.columns; c++) {
          const key = `${r},${c}`;
          if (covered.has(key)) {
            context.addIssue({
              code: 'custom',
              path: ['merges', i],
              message: `overlaps another merge at row ${r}, column ${c}`,
            });
            return;
          }
          covered.add(key);
        }
      }
    });
  });

/** The brand's mark, a square of `size` points. */
const logoElementSchema = z
  .object({ kind: z.literal('logo'), ...common, x: coordinate, y: coordinate, size: length })
  .strict();

/**
 * The deck's quote as a table, where the slide puts it: each product with its quantity, unit
 * price and amount, then subtotal, shipping, total, the tax credit and the net, from the same
 * figures as the pricing slides (so they agree to the cent). Drawn only when the deck shows
 * pricing.
 */
const quoteElementSchema = z
  .object({
    kind: z.literal('quote'),
    ...common,
    ...boxShape,
    /** The largest cell size in points; smaller when the rows do not fit. */
    size: z.number().min(4).max(60).optional(),
    headerFill: templateColorSchema,
    /** The fill of every other row. */
    stripe: templateColorSchema.optional(),
    /** The net's row. */
    emphasisFill: templateColorSchema.optional(),
  })
  .strict();

/**
 * The feature tags of products, from the price book, as chips: each a rounded box sized to its
 * words (at most `maxWidth` points), left to right from (x, y), a new row when the next does not
 * fit the width; rows that do not fit the height are left out. A product renamed or given other
 * tags in the price book shows them in every deck made after.
 */
const chipsElementSchema = z
  .object({
    kind: z.literal('chips'),
    ...common,
    ...boxShape,
    /** Whose tags, in this order: product ids of the price book. */
    products: z.array(z.string().min(1).max(64)).min(1).max(20),
    style: z
      .object({
        weight: z.enum(['regular', 'medium', 'semibold', 'bold']).default('regular'),
        size: z.number().min(4).max(60),
        color: templateColorSchema,
      })
      .strict(),
    fill: templateColorSchema.optional(),
    stroke: strokeSchema.optional(),
    radius: z.number().min(0).max(100).optional(),
    /** A chip's height (20 when absent). */
    chipHeight: z.number().min(4).max(200).optional(),
    /** Room from a chip's edge to its words, each side (10 when absent). */
    padding: z.number().min(0).max(100).optional(),
    /** The widest a chip may be (240 when absent). */
    maxWidth: z.number().min(10).max(3_000).optional(),
    /** Between chips of a row (8 when absent) and between rows (6 when absent). */
    gap: z.number().min(0).max(200).optional(),
    rowGap: z.number().min(0).max(200).optional(),
  })
  .strict();

/** The shapes a line chart's points are marked with. */
export const chartMarkerShapes = ['circle', 'square', 'diamond', 'triangle'] as const;
export type ChartMarkerShape = (typeof chartMarkerShapes)[number];

/** One series of a chart: its name (the legend's entry), a figure per category, its colour. */
const chartSeriesSchema = z
  .object({
    name: z.string().max(200),
    /** One figure per category, in order; null where there is none. */
    values: z
      .array(z.number().min(-CHART_FIGURE_LIMIT).max(CHART_FIGURE_LIMIT).nullable())
      .max(200),
    /** Its bars, line or (in a pie, the first) slice colour; the chart's palette when absent. */
    color: templateColorSchema.optional(),
    /** In a column or bar chart, drawn as a line over the bars (a combination chart). */
    asLine: z.boolean().optional(),
    /** A line's points marked with dots; `line: false` leaves the dots alone. */
    markers: z.boolean().optional(),
    /** The markers' shape (a circle when absent) and size across in points (7 when absent). */
    markerShape: z.enum(chartMarkerShapes).optional(),
    markerSize: z.number().min(2).max(72).optional(),
    line: z.boolean().optional(),
    /** The outline of its columns, bars or slices; none when absent. */
    outline: templateColorSchema.optional(),
  })
  .strict();

/**
 * A chart drawn by the engine from its data: columns, bars or lines over categories with a value
 * axis, or a pie or doughnut of the first series. The PowerPoint gets a native chart (its data
 * editable there); the PDF and the web view draw it as shapes and text.
 */
/** A part of a chart's box, as shares of its width and height from its top left corner. */
const shareBoxSchema = z
  .object({
    x: z.number().min(0).max(1),
    y: z.number().min(0).max(1),
    w: z.number().min(0.05).max(1),
    h: z.number().min(0.05).max(1),
  })
  .strict();

const chartElementSchema = z
  .object({
    kind: z.literal('chart'),
    ...common,
    ...boxShape,
    chart: z.enum(chartTypes),
    /** Columns or bars of a category stacked on one another rather than side by side. */
    stacked: z.boolean().optional(),
    title: boundText.optional(),
    categories: z.array(z.string().max(200)).min(1).max(200),
    series: z.array(chartSeriesSchema).min(1).max(20),
    /** Where the legend stands; none when absent. */
    legend: z.enum(['right', 'bottom', 'top', 'left']).optional(),
    /** Each figure written by its column, bar, point or slice, at this size (the labels') and weight. */
    dataLabels: z.boolean().optional(),
    dataLabelSize: z.number().min(4).max(60).optional(),
    dataLabelBold: z.boolean().optional(),
    /** A pie's labels as shares of the whole (`25%`) rather than the figures. */
    percentLabels: z.boolean().optional(),
    /** How figures are written on the axis and the labels; as given when absent. */
    number: chartNumberSchema.optional(),
    /** False: the value axis's figures are not written (its gridlines still are). */
    valueLabels: z.boolean().optional(),
    /** Lines across the plot at each step of the value axis, in this colour (light grey when absent). */
    gridlines: z.boolean().optional(),
    gridColor: templateColorSchema.optional(),
    /** The value axis's ends and step where the chart fixes them; worked out from the figures when absent. */
    scale: z
      .object({
        min: z.number().min(-CHART_FIGURE_LIMIT).max(CHART_FIGURE_LIMIT).optional(),
        max: z.number().min(-CHART_FIGURE_LIMIT).max(CHART_FIGURE_LIMIT).optional(),
        step: z.number().positive().max(CHART_FIGURE_LIMIT).optional(),
      })
      .strict()
      .refine(
        (scale) => scale.min === undefined || scale.max === undefined || scale.min < scale.max,
        'the least end must be below the greatest',
      )
      .optional(),
    /**
     * Where the plot (the columns, lines or pie, without the axis labels) stands in the box, as
     * shares of its width and height; worked out from the labels and the legend when absent.
     */
    plot: shareBoxSchema.optional(),
    /** Where the legend stands in the box, as shares of it; at its side (`legend`) when absent. */
    legendArea: shareBoxSchema.optional(),
    /** Where the title's top left corner stands, as shares of the box; centred on top when absent. */
    titleAt: z
      .object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) })
      .strict()
      .optional(),
    /** Category names turned to read upwards by this many degrees; as they fit when absent. */
    categoryTurn: z.union([z.literal(0), z.literal(45), z.literal(90)]).optional(),
    /** The title's size in points (a third larger than the labels' when absent), and its weight. */
    titleSize: z.number().min(4).max(96).optional(),
    titleBold: z.boolean().optional(),
    /** The labels' size in points, and whether they are bold. */
    size: z.number().min(4).max(60),
    bold: z.boolean().optional(),
    /** The value axis's figures' size and weight, when not the labels'. */
    valueLabelSize: z.number().min(4).max(60).optional(),
    valueLabelBold: z.boolean().optional(),
    /** The legend's size in points, when not the labels'. */
    legendSize: z.number().min(4).max(60).optional(),
    /** The legend in bold or not, when not as the labels are. */
    legendBold: z.boolean().optional(),
    color: templateColorSchema,
    font: z.enum(importFontFamilies).optional(),
    /** Colours for series (slices of a pie) that have none, in turn; the brand's when absent. */
    palette: z.array(templateColorSchema).min(1).max(12).optional(),
  })
  .strict()
  .superRefine((chart, context) => {
    chart.series.forEach((series, i) => {
      if (series.values.length > chart.categories.length) {
        context.addIssue({
          code: 'custom',
          path: ['series', i, 'values'],
          message: `has ${series.values.length} figures for ${chart.categories.length} categories`,
        });
      }
    });
  });
export type TemplateChart = z.infer<typeof chartElementSchema>;

/**
 * A chart's title and legend sizes as drawn: their own, else the title a little larger than the
 * labels (1.35 ×) and the legend as large as them. The engine draws these; the studio shows them.
 */
export function chartTextSizes(chart: Pick<TemplateChart, 'size' | 'titleSize' | 'legendSize'>) {
  return {
    titleSize: chart.titleSize ?? chart.size * 1.35,
    legendSize: chart.legendSize ?? chart.size,
  };
}

/** A shared part (a footer, a title bar) drawn here, in this place in the order. */
const partElementSchema = z
  .object({ kind: z.literal('part'), ...common, part: z.string().min(1).max(64) })
  .strict();

/** What a repeat's copy may hold: anything but parts and other repeats. */
const repeatedElementSchema = z.discriminatedUnion('kind', [
  textElementSchema,
  shapeElementSchema,
  lineElementSchema,
  pictureElementSchema,
  logoElementSchema,
  tableElementSchema,
  chartElementSchema,
]);
export type RepeatedElement = z.infer<typeof repeatedElementSchema>;

/** What a repeat goes over, and the `item.…` bindings its copies have. */
export const repeatSources = {
  /** The deck's sections, in order: `item.name`, `item.number`. */
  'deck.sections': ['name', 'number'],
  /** The deck's products: `item.name`, `item.number` and the product's fields. */
  'deck.products': ['name', 'number', 'sku', 'description', 'warrantyYears', 'credit', 'picture'],
} as const;

/**
 * One copy of its elements per item (a section, a product), the first at (x, y), each next one
 * `step` points further `down` or to the `right`; with `within`, the copies share at most that
 * length (closer together when there are many: each element's `pin` says how it follows). The
 * copies' texts bind `{{item.name}}`, `{{item.number}}` and, for products, their fields.
 */
const repeatElementSchema = z
  .object({
    kind: z.literal('repeat'),
    ...common,
    over: z.enum(Object.keys(repeatSources) as [keyof typeof repeatSources]),
    /** The items drawn when the deck has none (section names). */
    fallback: z.array(z.string().max(200)).max(20).optional(),
    x: coordinate,
    y: coordinate,
    direction: z.enum(['down', 'right']),
    step: z.number().positive().max(3_000),
    within: length.optional(),
    /** At most this many copies. */
    max: z.number().int().min(1).max(40).default(20),
    elements: z.array(repeatedElementSchema).min(1).max(40),
  })
  .strict()
  .superRefine((repeat, context) => {
    const fields: readonly string[] = repeatSources[repeat.over];
    repeat.elements.forEach((element, i) => {
      for (const { path } of elementBindings(element)) {
        const field = path.startsWith('item.') ? path.slice('item.'.length) : undefined;
        if (field !== undefined && !fields.includes(field)) {
          context.addIssue({
            code: 'custom',
            path: ['elements', i],
            message: `{{${path}}} is not a field of ${repeat.over}`,
          });
        }
      }
    });
  });

export const templateElementSchema = z.discriminatedUnion('kind', [
  textElementSchema,
  shapeElementSchema,
  lineElementSchema,
  pictureElementSchema,
  logoElementSchema,
  partElementSchema,
  tableElementSchema,
  chartElementSchema,
  quoteElementSchema,
  chipsElementSchema,
  repeatElementSchema,
]);
export type TemplateElement = z.infer<typeof templateElementSchema>;

/** Every binding in an element's texts, picture address and table cells. */
function elementBindings(element: { kind: string } & Record<string, unknown>) {
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

/** `{{item.…}}` outside a repeat: there is no item to bind. */
function refuseItemsOutsideRepeats(elements: readonly TemplateElement[], context: z.RefinementCtx) {
  elements.forEach((element, i) => {
    if (element.kind === 'repeat') return;
    for (const { path } of elementBindings(element)) {
      if (path.startsWith('item.')) {
        context.addIssue({
          code: 'custom',
          path: [i],
          message: `{{${path}}} is only known inside a repeat`,
        });
      }
    }
  });
}

const elementsSchema = z
  .array(templateElementSchema)
  .max(400)
  .superRefine((elements, context) => refuseItemsOutsideRepeats(elements, context));

/** Shared elements slides place with a `part` element, such as the footer. */
export const templatePartSchema = z
  .object({ id: z.string().min(1).max(64), elements: elementsSchema })
  .strict();
export type TemplatePart = z.infer<typeof templatePartSchema>;

/** What every drawn slide document has: its look and its elements. */
const slideBody = {
  background: templateColorSchema,
  /** The category whose colour `category` means and whose name parts show. */
  category: z.string().min(1).max(64),
  /** `slide.heading` and `slide.subheading` for the parts (a title bar). */
  heading: boundText.optional(),
  subheading: boundText.optional(),
  /**
   * Figures computed from the deck's quote, in order, each a formula over `quote.…` (in dollars),
   * `quantity.<productId>` and the figures before it (template-figures.ts); texts show them as
   * `{{figure.name}}`.
   */
  figures: z
    .record(
      z.string().regex(figureName, 'a figure is named by letters and digits'),
      z.string().max(500),
    )
    .optional(),
  /**
   * What some figures mean, so an implausible result can be flagged before a client reads it
   * (deck/figure-plausibility.ts): `paybackMonths`, `yearlySaving`, `yearlyCosts` (what the
   * client says the costs the saving comes from are).
   */
  figureRoles: z
    .record(
      z.string().regex(figureName, 'a figure is named by letters and digits'),
      z.enum(figureRoles, { error: 'is paybackMonths, yearlySaving or yearlyCosts' }),
    )
    .optional(),
  elements: elementsSchema,
};

/**
 * Figures that compute, from what exists before them and the slide's inputs; bindings to figures
 * and inputs that exist; roles of figures that exist.
 */
function checkFigures(
  document: {
    figures?: Record<string, string> | undefined;
    figureRoles?: Record<string, FigureRole> | undefined;
    inputs?: readonly SlideInput[] | undefined;
    heading?: string | undefined;
    subheading?: string | undefined;
    elements: readonly TemplateElement[];
  },
  context: z.RefinementCtx,
) {
  const inputs = new Set((document.inputs ?? []).map((input) => `input.${input.name}`));
  const defined = new Set<string>();
  for (const [name, formula] of Object.entries(document.figures ?? {})) {
    try {
      compileFormula(
        formula,
        (reference) =>
          isDeckFigureName(reference) || defined.has(reference) || inputs.has(reference),
      );
    } catch (error) {
      if (!(error instanceof FormulaError)) throw error;
      context.addIssue({ code: 'custom', path: ['figures', name], message: error.message });
    }
    defined.add(`figure.${name}`);
  }
  for (const name of Object.keys(document.figureRoles ?? {})) {
    if (!defined.has(`figure.${name}`)) {
      context.addIssue({
        code: 'custom',
        path: ['figureRoles', name],
        message: `"${name}" is not a figure this slide computes`,
      });
    }
  }
  const unknown = (binding: string) =>
    binding.startsWith('figure.')
      ? !defined.has(binding) && `{{${binding}}} is not a figure this slide computes`
      : binding.startsWith('input.') &&
        !inputs.has(binding) &&
        `{{${binding}}} is not an input this slide asks for`;
  for (const key of ['heading', 'subheading'] as const) {
    for (const { path: binding } of findBindings(document[key] ?? '')) {
      const message = unknown(binding);
      if (message) context.addIssue({ code: 'custom', path: [key], message });
    }
  }
  const visit = (elements: readonly TemplateElement[], path: (string | number)[]) =>
    elements.forEach((element, i) => {
      if (element.kind === 'repeat') visit(element.elements, [...path, i, 'elements']);
      for (const { path: binding } of elementBindings(element)) {
        const message = unknown(binding);
        if (message) context.addIssue({ code: 'custom', path: [...path, i], message });
      }
    });
  visit(document.elements, ['elements']);
}

/**
 * `{{placeholder.<id>}}` names one of the document's own fields: a layout's declared placeholders
 * (each id once), none on a template slide.
 */
function checkPlaceholders(
  document: {
    placeholders?: readonly { objectId: string }[];
    elements: readonly TemplateElement[];
  },
  context: z.RefinementCtx,
) {
  const declared = new Set<string>();
  document.placeholders?.forEach((placeholder, i) => {
    if (declared.has(placeholder.objectId)) {
      context.addIssue({
        code: 'custom',
        path: ['placeholders', i, 'objectId'],
        message: `"${placeholder.objectId}" names another field of this layout`,
      });
    }
    declared.add(placeholder.objectId);
  });
  const visit = (elements: readonly TemplateElement[], path: (string | number)[]) =>
    elements.forEach((element, i) => {
      if (element.kind === 'repeat') visit(element.elements, [...path, i, 'elements']);
      for (const { path: binding } of elementBindings(element)) {
        if (!binding.startsWith('placeholder.')) continue;
        const id = binding.slice('placeholder.'.length);
        if (declared.has(id)) continue;
        context.addIssue({
          code: 'custom',
          path: [...path, i],
          message: document.placeholders
            ? `{{${binding}}} is not a field of this layout`
            : `{{${binding}}} is only known on a layout`,
        });
      }
    });
  visit(document.elements, ['elements']);
}

/** `{{pricing.…}}` only on a slide drawn once per priced product: elsewhere there is none. */
function checkPricingBindings(
  document: { drawn?: SlideDrawn | undefined; elements: readonly TemplateElement[] },
  context: z.RefinementCtx,
) {
  if (document.drawn === 'perPricedProduct') return;
  const visit = (elements: readonly TemplateElement[], path: (string | number)[]) =>
    elements.forEach((element, i) => {
      if (element.kind === 'repeat') visit(element.elements, [...path, i, 'elements']);
      for (const { path: binding } of elementBindings(element)) {
        if (binding.startsWith('pricing.')) {
          context.addIssue({
            code: 'custom',
            path: [...path, i],
            message: `{{${binding}}} is only known on a slide drawn once per priced product`,
          });
        }
      }
    });
  visit(document.elements, ['elements']);
}

/**
 * When a template slide is in a deck: absent, when the rep chooses it in the wizard;
 * `perPricedProduct`, once for each product of a deck that shows pricing (its `pricing.…`
 * bindings are that product's), after the chosen body slides; `withPricing`, once in a deck
 * that shows pricing, after those. Slides drawn with pricing are not offered to reps.
 */
export const slideDrawnValues = ['perPricedProduct', 'withPricing'] as const;
export type SlideDrawn = (typeof slideDrawnValues)[number];

export const templateLayoutSchema = z
  .object({
    format: z.literal(templateFormatVersion),
    id: z.string().min(1).max(64),
    name: z.string().min(1).max(120),
    description: z.string().max(500),
    placeholders: z.array(placeholderSchema).max(20),
    ...slideBody,
  })
  .strict()
  .superRefine(checkFigures)
  .superRefine(checkPlaceholders)
  .superRefine(checkPricingBindings);
export type TemplateLayout = z.infer<typeof templateLayoutSchema>;

/** A template slide of the library: what the wizard lists (title, description, category). */
/**
 * Where an imported slide came from: the file's name, when the presentation was first made (when
 * the file says: it stays through every save, whatever the file is named) and the slide's id in
 * it (`p:sldId`, which stays with the slide when slides are moved, added or removed).
 */
export const importedSlideSourceSchema = z
  .object({
    file: z.string().min(1).max(200),
    created: z.iso.datetime().optional(),
    slide: z
      .number()
      .int()
      .min(256)
      .max(2 ** 31 - 1),
  })
  .strict();
export type ImportedSlideSource = z.infer<typeof importedSlideSourceSchema>;

/**
 * Whether a slide read from a file is the one a library slide was imported from: the same slide
 * id, in a presentation first made at the same time (or, where either file does not say when, of
 * the same name).
 */
export function isSameImportedSlide(a: ImportedSlideSource, b: ImportedSlideSource): boolean {
  if (a.slide !== b.slide) return false;
  return a.created !== undefined && b.created !== undefined
    ? a.created === b.created
    : a.file === b.file;
}

export const templateSlideDocumentSchema = z
  .object({
    format: z.literal(templateFormatVersion),
    id: z.string().min(1).max(64),
    title: z.string().min(1).max(120),
    description: z.string().max(500),
    /** In the wizard's default selection (SPEC.md §9: the first 15 slides but the appendix). */
    inDefaultSelection: z.boolean().optional(),
    /** About these products: in the default selection only when the deck has one of them. */
    forProducts: z.array(z.string().min(1).max(64)).max(50).optional(),
    /**
     * Retired: no longer offered to reps (a slide drawn with pricing is no longer drawn); decks
     * drawn from it before still draw it.
     */
    retired: z.boolean().optional(),
    drawn: z.enum(slideDrawnValues).optional(),
    /** The PowerPoint slide it was imported from, so a newer copy of the file can replace it. */
    source: importedSlideSourceSchema.optional(),
    /**
     * Deck inputs the slide needs (slide-inputs.ts): the wizard asks for them when a rep chooses
     * the slide; formulas and texts use them as `input.<name>`.
     */
    inputs: slideInputsSchema.optional(),
    ...slideBody,
  })
  .strict()
  .superRefine(checkFigures)
  .superRefine(checkPlaceholders)
  .superRefine(checkPricingBindings);
export type TemplateSlideDocument = z.infer<typeof templateSlideDocumentSchema>;

export const templatePartsSchema = z.array(templatePartSchema);
export const templateSlideDocumentsSchema = z.array(templateSlideDocumentSchema);
export const templateLayoutsSchema = z.array(templateLayoutSchema);

/** The problems of a document that does not follow the format, one line each, for a person. */
export function describeTemplateProblems(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.join('.') || '(document)'}: ${issue.message}`);
}

/** Documents checked against their schema; what is wrong is thrown, a line a problem. */
export function parseTemplateDocuments<T>(schema: z.ZodType<T>, value: unknown, source: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new Error(
      `${source} does not follow the template format:\n${describeTemplateProblems(parsed.error).join('\n')}`,
    );
  }
  return parsed.data;
}

const brandText = (label: string, max: number) =>
  plainText(label).trim().max(max, `${label} must be at most ${max} characters`);

/**
 * The company whose decks these are: its name and contact lines (the `brand.*` bindings) and its
 * palette, each colour as `RRGGBB`.
 */
/** The weights a brand's font may have a file for. */
export const brandFontWeights = ['regular', 'medium', 'semibold', 'bold'] as const;

const brandFontFile = z
  .string()
  .regex(/^\/api\/uploads\/[0-9a-f-]{36}$/i, 'must be a font uploaded to the library');

export const brandSchema = z
  .object({
    name: brandText('The company name', 60).min(1, 'The company name is required'),
    legalName: brandText('The legal name', 120),
    tagline: brandText('The tagline', 300),
    website: brandText('The website', 120),
    email: brandText('The e-mail', 120),
    phone: brandText('The phone', 60),
    address: brandText('The address', 200),
    /** A library picture (`/api/uploads/{id}`) drawn where the brand's mark stands; none: the drawn mark. */
    logo: z
      .string()
      .regex(/^\/api\/uploads\/[0-9a-f-]{36}$/i, 'must be a picture uploaded to the library')
      .optional(),
    /**
     * The company's own font family: an uploaded TTF, OTF or WOFF2 file (`/api/uploads/{id}`,
     * checked to be a font) per weight; a weight left out is drawn with the nearest one given.
     * None: the built-in family (Inter).
     */
    font: z
      .object({
        regular: brandFontFile,
        medium: brandFontFile.optional(),
        semibold: brandFontFile.optional(),
        bold: brandFontFile.optional(),
      })
      .strict()
      .optional(),
    colors: z
      .object(
        Object.fromEntries(
          brandColorNames.map((name) => [
            name,
            z.string().regex(/^[0-9A-Fa-f]{6}$/, 'must be a colour as RRGGBB'),
          ]),
        ) as Record<(typeof brandColorNames)[number], z.ZodString>,
      )
      .strict(),
  })
  .strict();
export type Brand = z.infer<typeof brandSchema>;

/**
 * One category of slides: its id, the name editors and reps file slides under, the label a
 * client reads on its slides (eyebrows, the agenda) and its colour (`#RRGGBB`). A category
 * stored before labels existed has none: `categoryLabel` says what a client reads then.
 */
export const libraryCategorySchema = z
  .object({
    id: z
      .string()
      .regex(/^[a-z][a-z0-9-]{0,31}$/, 'an id is lower-case letters, digits and dashes'),
    name: plainText('The name').trim().min(1, 'The name is required').max(40),
    label: plainText('The client label').trim().max(40).optional(),
    color: z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'must be a colour as #RRGGBB'),
  })
  .strict();

export const libraryCategoriesSchema = z
  .array(libraryCategorySchema)
  .min(1, 'Keep at least one category')
  .max(30)
  .superRefine((categories, context) => {
    const seen = new Set<string>();
    categories.forEach((category, i) => {
      if (seen.has(category.id)) {
        context.addIssue({
          code: 'custom',
          path: [i, 'id'],
          message: `"${category.id}" names another category`,
        });
      }
      seen.add(category.id);
    });
  });

/**
 * A whole library as documents: what a published library version holds, and what the engine
 * draws decks from. Ids are unique; every part a document places exists.
 */
export const templateLibraryDocumentsSchema = z
  .object({
    format: z.literal(templateFormatVersion),
    /** The brand the library draws with; the built-in one when absent. */
    brand: brandSchema.optional(),
    /** The categories slides belong to, in the order reps see them; the built-in ones when absent. */
    categories: libraryCategoriesSchema.optional(),
    slides: templateSlideDocumentsSchema.min(1).max(500),
    layouts: templateLayoutsSchema.max(200),
    parts: templatePartsSchema.max(100),
  })
  .strict()
  .superRefine((library, context) => {
    if (library.categories) {
      const categoryIds = new Set(library.categories.map((category) => category.id));
      library.slides.forEach((slide, i) => {
        if (!categoryIds.has(slide.category)) {
          context.addIssue({
            code: 'custom',
            path: ['slides', i, 'category'],
            message: `the library has no category "${slide.category}"`,
          });
        }
      });
    }
    const partIds = new Set(library.parts.map((part) => part.id));
    for (const key of ['slides', 'layouts', 'parts'] as const) {
      const seen = new Set<string>();
      library[key].forEach((document, i) => {
        if (seen.has(document.id)) {
          context.addIssue({
            code: 'custom',
            path: [key, i, 'id'],
            message: `"${document.id}" is used by another of the library's ${key}`,
          });
        }
        seen.add(document.id);
        const placed = (elements: readonly TemplateElement[]) =>
          elements.forEach((element, j) => {
            if (element.kind === 'part' && !partIds.has(element.part)) {
              context.addIssue({
                code: 'custom',
                path: [key, i, 'elements', j, 'part'],
                message: `the library has no part "${element.part}"`,
              });
            }
          });
        placed(document.elements);
      });
    }
  });
export type TemplateLibraryDocuments = z.infer<typeof templateLibraryDocumentsSchema>;
