import { z } from 'zod';
import { plainText } from './text.ts';

/**
 * Deck inputs: numbers a library slide needs from the rep that neither the quote nor the
 * quantities hold (how many sites the client has, what spoilage costs them a year). A slide
 * declares them with a label, a unit, a default and bounds; the wizard asks for them when a
 * chosen slide needs them; formulas and texts use them as `input.<name>`. Values are kept in
 * the deck's draft by name, so two slides that declare the same name share one answer.
 */

/** `input.sites`: letters and digits, a letter first (as a figure's name). */
export const inputNamePattern = /^[a-z][A-Za-z0-9]{0,31}$/;
export const inputReference = /^input\.([a-z][A-Za-z0-9]{0,31})$/;

/** How an input is typed and shown: a whole number, any number, or an amount of money. */
export const slideInputTypes = ['integer', 'number', 'money'] as const;
export type SlideInputType = (typeof slideInputTypes)[number];

/** The largest magnitude an input may take: beyond it no figure of a deck makes sense. */
const INPUT_LIMIT = 1_000_000_000;

const bound = z
  .number({ error: 'must be a number' })
  .min(-INPUT_LIMIT, `must be at least -${INPUT_LIMIT.toLocaleString('en-US')}`)
  .max(INPUT_LIMIT, `must be at most ${INPUT_LIMIT.toLocaleString('en-US')}`);

export const slideInputSchema = z
  .object({
    name: z
      .string({ error: 'an input needs a name' })
      .regex(
        inputNamePattern,
        'an input is named by letters and digits, a lower-case letter first',
      ),
    label: plainText('The label')
      .trim()
      .min(1, 'an input needs a label the rep reads')
      .max(80, 'a label is at most 80 characters'),
    type: z.enum(slideInputTypes, { error: 'is integer, number or money' }),
    /** Shown after the field: "sites", "per year", "%". */
    unit: plainText('The unit').trim().max(24, 'a unit is at most 24 characters').optional(),
    default: bound,
    min: bound.optional(),
    max: bound.optional(),
    /** A sentence under the field: where the rep finds the figure. */
    help: plainText('The help').trim().max(300, 'help is at most 300 characters').optional(),
  })
  .strict()
  .superRefine((input, context) => {
    if (input.min !== undefined && input.max !== undefined && input.min > input.max) {
      context.addIssue({
        code: 'custom',
        path: ['max'],
        message: `must be at least the minimum (${input.min})`,
      });
      return;
    }
    if (input.type === 'integer') {
      for (const key of ['default', 'min', 'max'] as const) {
        const value = input[key];
        if (value !== undefined && !Number.isInteger(value)) {
          context.addIssue({ code: 'custom', path: [key], message: 'must be a whole number' });
        }
      }
    }
    if (input.min !== undefined && input.default < input.min) {
      context.addIssue({
        code: 'custom',
        path: ['default'],
        message: `must be at least the minimum (${input.min})`,
      });
    }
    if (input.max !== undefined && input.default > input.max) {
      context.addIssue({
        code: 'custom',
        path: ['default'],
        message: `must be at most the maximum (${input.max})`,
      });
    }
  });
export type SlideInput = z.infer<typeof slideInputSchema>;

/** A slide's inputs: at most 20, each name once. */
export const slideInputsSchema = z
  .array(slideInputSchema)
  .max(20, 'a slide asks for at most 20 inputs')
  .superRefine((inputs, context) => {
    const seen = new Set<string>();
    inputs.forEach((input, i) => {
      if (seen.has(input.name)) {
        context.addIssue({
          code: 'custom',
          path: [i, 'name'],
          message: `"${input.name}" names another input of this slide`,
        });
      }
      seen.add(input.name);
    });
  });

/** What a deck stores: each input's value by name. */
export const deckInputValuesSchema = z
  .record(
    z.string().regex(inputNamePattern, 'Unknown input'),
    z.number({ error: 'Enter a number' }).refine(Number.isFinite, 'Enter a number'),
  )
  .refine((values) => Object.keys(values).length <= 100, 'A deck keeps at most 100 inputs');
export type DeckInputValues = z.infer<typeof deckInputValuesSchema>;

/** An input the deck asks for, with the slides that need it (in the order they are drawn). */
export interface DeckInput extends SlideInput {
  slideIds: string[];
}

/**
 * The inputs the chosen slides need, in library order: a name declared by two slides is asked
 * once, as the first of them declares it.
 */
export function deckInputsFor(
  slides: readonly { id: string; inputs?: readonly SlideInput[] | undefined }[],
  selectedIds: readonly string[],
): DeckInput[] {
  const chosen = new Set(selectedIds);
  const byName = new Map<string, DeckInput>();
  for (const slide of slides) {
    if (!chosen.has(slide.id)) continue;
    for (const input of slide.inputs ?? []) {
      const known = byName.get(input.name);
      if (known) known.slideIds.push(slide.id);
      else byName.set(input.name, { ...input, slideIds: [slide.id] });
    }
  }
  return [...byName.values()];
}

/**
 * Each declared input's value for a deck, as `input.<name>`: what the deck stored, else the
 * declared default (a deck made before the input existed uses the default).
 */
export function resolveInputValues(
  inputs: readonly SlideInput[] | undefined,
  stored: Readonly<Record<string, number>> | undefined,
): Record<string, number> {
  const values: Record<string, number> = {};
  for (const input of inputs ?? []) {
    const value = stored?.[input.name];
    values[`input.${input.name}`] =
      typeof value === 'number' && Number.isFinite(value) ? value : input.default;
  }
  return values;
}

/** `value` to three significant digits: a converted amount as a person would state it. */
function roundSignificant(value: number): number {
  if (value === 0) return 0;
  const step = 10 ** (Math.floor(Math.log10(Math.abs(value))) - 2);
  return Math.round(Math.round(value / step) * step * 100) / 100;
}

/**
 * A slide's inputs for a deck in another currency (issue 50): the library states money in US
 * dollars, so each money input's default and bounds are converted at `dollarRatio` (units of the
 * deck's currency per dollar) and rounded to three significant digits (12,000 → ¥1,800,000),
 * within the inputs' limits. Other inputs, and every input at a ratio of 1, are as written.
 */
export function inputsInCurrency<I extends SlideInput>(
  inputs: readonly I[] | undefined,
  dollarRatio: number | undefined,
): I[] {
  if (!inputs) return [];
  if (!dollarRatio || dollarRatio === 1) return [...inputs];
  const convert = (value: number) =>
    Math.max(-INPUT_LIMIT, Math.min(INPUT_LIMIT, roundSignificant(value * dollarRatio)));
  return inputs.map((input) =>
    input.type !== 'money'
      ? input
      : {
          ...input,
          default: convert(input.default),
          ...(input.min !== undefined ? { min: convert(input.min) } : {}),
          ...(input.max !== undefined ? { max: convert(input.max) } : {}),
        },
  );
}

/**
 * A deck's stored input values typed for one market restated for another (issue 50): each money
 * value converted from `fromRatio` to `toRatio` (units of each currency per dollar) and rounded
 * to three significant digits as `inputsInCurrency` rounds the defaults (¥1,800,000 from
 * $12,000); other values, and values at the same ratio, are kept.
 */
export function inputValuesInCurrency(
  inputs: readonly SlideInput[],
  values: Readonly<Record<string, number>> | undefined,
  fromRatio: number,
  toRatio: number,
): Record<string, number> | undefined {
  if (!values || fromRatio === toRatio || fromRatio <= 0) return values && { ...values };
  const money = new Set(inputs.filter((input) => input.type === 'money').map((i) => i.name));
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      money.has(name)
        ? Math.max(
            -INPUT_LIMIT,
            Math.min(INPUT_LIMIT, roundSignificant((value / fromRatio) * toRatio)),
          )
        : value,
    ]),
  );
}

/** An input's value as its field and the slide write it: `12`, `$48,000`, `2.5`, `￥1,800,000`. */
export function formatInputValue(
  input: Pick<SlideInput, 'type'>,
  value: number,
  currency = 'USD',
): string {
  return input.type === 'money'
    ? value.toLocaleString('en-US', {
        style: 'currency',
        currency,
        maximumFractionDigits: 2,
        minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
      })
    : value.toLocaleString('en-US', { maximumFractionDigits: 6 });
}

/**
 * Why a value cannot be this input's, for the rep: undefined when it can. Bounds are written in
 * `currency` (the deck's, its inputs converted by `inputsInCurrency`).
 */
export function inputValueProblem(
  input: SlideInput,
  value: number,
  currency?: string,
): string | undefined {
  if (!Number.isFinite(value)) return `${input.label}: enter a number`;
  if (input.type === 'integer' && !Number.isInteger(value)) {
    return `${input.label} must be a whole number`;
  }
  if (input.type === 'money' && Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) {
    return `${input.label}: use at most 2 decimals (cents)`;
  }
  if (input.min !== undefined && value < input.min) {
    return `${input.label} must be at least ${formatInputValue(input, input.min, currency)}`;
  }
  if (input.max !== undefined && value > input.max) {
    return `${input.label} must be at most ${formatInputValue(input, input.max, currency)}`;
  }
  return undefined;
}

/** The deck's stored values that its inputs refuse, by input name (none: an empty record). */
export function checkDeckInputValues(
  inputs: readonly SlideInput[],
  stored: Readonly<Record<string, number>> | undefined,
  currency?: string,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const input of inputs) {
    const value = stored?.[input.name];
    if (value === undefined) continue;
    const problem = inputValueProblem(input, value, currency);
    if (problem) problems[input.name] = problem;
  }
  return problems;
}

/** What the rep typed in an input's field, read as the input's number or the field's message. */
export function readInputEntry(
  input: SlideInput,
  typed: string,
  currency?: string,
): { value: number } | { error: string } {
  const text = typed.trim().replace(/^[$¥￥€]\s*/, '');
  const plain = /^-?\d{1,3}(,\d{3})+(\.\d*)?$/.test(text) ? text.replace(/,/g, '') : text;
  if (plain === '' || !/^-?(\d+(\.\d*)?|\.\d+)$/.test(plain)) {
    return {
      error: `${input.label}: enter a number, like ${formatInputValue(input, input.default, currency)}`,
    };
  }
  const value = Number(plain);
  const problem = inputValueProblem(input, value, currency);
  return problem ? { error: problem } : { value };
}
