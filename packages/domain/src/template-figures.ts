import jsep, { type Expression } from 'jsep';

/**
 * Figures a slide computes from the deck's quote, as data: `"payback": "quote.net /
 * figure.saving * 12"`. A formula is arithmetic (`+ - * /`, parentheses, numbers, `min`, `max`,
 * `round`, `floor`, `ceil`) over the quote's figures in dollars (`quote.net`…), how many of each
 * product of the price book the deck sells (`quantity.controller`: 0 when it sells none, with or
 * without pricing), the slide's deck inputs (`input.sites`: what the rep entered, else the
 * input's default) and the figures defined before it on the same slide (`figure.saving`). Parsed
 * by jsep; only what is listed here is evaluated, so a formula can compute and nothing else.
 */
export const quoteFigureNames = ['subtotal', 'shipping', 'total', 'credits', 'net'] as const;
export type QuoteFigureName = (typeof quoteFigureNames)[number];

/** `quantity.<productId>`: how many of a product the deck sells. */
export const quantityReference = /^quantity\.([a-z][a-z0-9_]{0,63})$/;

/** A name every formula may use: a quote figure or a product's quantity. */
export const isDeckFigureName = (name: string) =>
  (quoteFigureNames as readonly string[]).some((figure) => name === `quote.${figure}`) ||
  quantityReference.test(name);

const functions: Record<string, (...values: number[]) => number> = {
  min: Math.min,
  max: Math.max,
  round: Math.round,
  floor: Math.floor,
  ceil: Math.ceil,
};

/** What a formula may refer to, each by its full name (`quote.net`, `figure.saving`). */
export type FormulaValues = Readonly<Record<string, number | undefined>>;

/** A formula ready to evaluate: undefined when a value it needs is missing (no quote). */
export type Formula = (values: FormulaValues) => number | undefined;

export class FormulaError extends Error {
  override name = 'FormulaError';
}

/**
 * Parses `source` and checks that it refers only to names `isKnown` accepts; throws a
 * FormulaError saying what is wrong, for a person.
 */
export function compileFormula(source: string, isKnown: (name: string) => boolean): Formula {
  let tree: Expression;
  try {
    tree = jsep(source);
  } catch (error) {
    throw new FormulaError(`cannot be read: ${(error as Error).message}`);
  }
  return compile(tree, isKnown);
}

function compile(node: Expression, isKnown: (name: string) => boolean): Formula {
  switch (node.type) {
    case 'Literal': {
      const value = node.value;
      if (typeof value !== 'number') throw new FormulaError(`${String(node.raw)} is not a number`);
      return () => value;
    }
    case 'MemberExpression': {
      const name = referenceName(node);
      if (name === undefined || !isKnown(name)) {
        throw new FormulaError(
          name?.startsWith('input.')
            ? `${name} is not an input this slide asks for`
            : `${name ?? 'this'} is not a figure it can use`,
        );
      }
      return (values) => values[name];
    }
    case 'Identifier':
      throw new FormulaError(`${String(node.name)} is not a figure it can use`);
    case 'UnaryExpression': {
      const argument = compile(node.argument as Expression, isKnown);
      if (node.operator === '-') return (values) => negate(argument(values));
      if (node.operator === '+') return argument;
      throw new FormulaError(`"${String(node.operator)}" is not arithmetic it can do`);
    }
    case 'BinaryExpression': {
      const left = compile(node.left as Expression, isKnown);
      const right = compile(node.right as Expression, isKnown);
      const operate = operators[node.operator as string];
      if (!operate)
        throw new FormulaError(`"${String(node.operator)}" is not arithmetic it can do`);
      return (values) => {
        const [a, b] = [left(values), right(values)];
        if (a === undefined || b === undefined) return undefined;
        const result = operate(a, b);
        return Number.isFinite(result) ? result : undefined;
      };
    }
    case 'CallExpression': {
      const callee = node.callee as Expression;
      const call = callee.type === 'Identifier' ? functions[callee.name as string] : undefined;
      if (!call) throw new FormulaError('can call only min, max, round, floor and ceil');
      const args = (node.arguments as Expression[]).map((argument) => compile(argument, isKnown));
      if (args.length === 0) throw new FormulaError(`${String(callee.name)}() needs a value`);
      return (values) => {
        const evaluated = args.map((argument) => argument(values));
        if (evaluated.some((value) => value === undefined)) return undefined;
        return call(...(evaluated as number[]));
      };
    }
    default:
      throw new FormulaError(`${node.type} is not arithmetic it can do`);
  }
}

const operators: Record<string, (a: number, b: number) => number> = {
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => a / b,
};

const negate = (value: number | undefined) => (value === undefined ? undefined : -value);

/** `quote.net` from its tree, or undefined when it is not a plain `a.b`. */
function referenceName(node: Expression): string | undefined {
  const object = node.object as Expression;
  const property = node.property as Expression;
  if (node.computed || object.type !== 'Identifier' || property.type !== 'Identifier') {
    return undefined;
  }
  return `${String(object.name)}.${String(property.name)}`;
}

/** The quote's figures a formula reads, in dollars (`quote.net`), from a quote in cents. */
export function quoteFigureValues(
  quote:
    | {
        subtotalCents: number;
        shippingCents: number;
        totalCents: number;
        creditsCents: number;
        netCents: number;
      }
    | undefined,
): Record<string, number> {
  if (!quote) return {};
  return {
    'quote.subtotal': quote.subtotalCents / 100,
    'quote.shipping': quote.shippingCents / 100,
    'quote.total': quote.totalCents / 100,
    'quote.credits': quote.creditsCents / 100,
    'quote.net': quote.netCents / 100,
  };
}

/**
 * A slide's figures for one deck, in order, unrounded (rounding is the display's: `| money`,
 * `| number: "1"`), each by its full name (`figure.payback`) beside the values it was given.
 * A figure is undefined when a value it needs is missing (no quote) or it divides by zero; a
 * formula that cannot be read (the schema refuses it) is undefined too rather than failing a deck.
 */
export function evaluateFigures(
  figures: Readonly<Record<string, string>> | undefined,
  given: FormulaValues,
): Record<string, number | undefined> {
  const values: Record<string, number | undefined> = { ...given };
  for (const [name, source] of Object.entries(figures ?? {})) {
    let value: number | undefined;
    try {
      value = compileFormula(source, () => true)(values);
    } catch {
      value = undefined;
    }
    values[`figure.${name}`] = value;
  }
  return values;
}
