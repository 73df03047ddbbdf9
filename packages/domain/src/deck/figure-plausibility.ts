import { z } from 'zod';
import type { FigureRole, TemplateCondition, TemplateElement } from '../template-format/index.ts';
import { findBindings, isMarketCondition } from '../template-format/index.ts';
import { evaluateFigures, quoteFigureValues } from '../template-figures.ts';
import { resolveInputValues, type SlideInput } from '../slide-inputs.ts';

/**
 * Whether a slide's computed figures are believable for this deck, before a client reads them:
 * a figure that comes out negative, or empty where the slide shows it (a blank in a sentence),
 * a payback under a month or over ten years, a yearly saving larger than the client's stated
 * yearly costs. Pure: the studio's preview and the wizard call it with the values they have,
 * and any other check of a deck may call it too.
 */
export interface FigureFinding {
  slideId: string;
  /** The figure's name on its slide (`payback`). */
  figure: string;
  /** What is wrong, for the person who can fix it. */
  message: string;
}

export const figureFindingSchema = z.object({
  slideId: z.string(),
  figure: z.string(),
  message: z.string(),
});

/** What the check reads of a slide: its figures, what they mean and where it shows them. */
export interface FigureSlide {
  id: string;
  figures?: Readonly<Record<string, string>> | undefined;
  figureRoles?: Readonly<Partial<Record<string, FigureRole>>> | undefined;
  heading?: string | undefined;
  subheading?: string | undefined;
  elements?: readonly TemplateElement[] | undefined;
}

/** Ten years: a payback past it is no argument a client will act on. */
export const LONGEST_BELIEVABLE_PAYBACK_MONTHS = 120;
/** Under a month, an order pays for itself before its invoice is due: nobody believes it. */
export const SHORTEST_BELIEVABLE_PAYBACK_MONTHS = 1;

const money = (value: number) =>
  value.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const months = (value: number) =>
  value.toLocaleString('en-US', { maximumFractionDigits: value < 10 ? 1 : 0 });

/**
 * The findings for one slide, given every value its figures were computed from and the figures
 * themselves, by full name (`quote.net`, `input.sites`, `figure.payback`: evaluateFigures' answer).
 * At most one finding per figure: the first that applies of empty, negative, its role's check.
 */
export function findImplausibleFigures(
  slide: FigureSlide,
  values: Readonly<Record<string, number | undefined>>,
): FigureFinding[] {
  const findings: FigureFinding[] = [];
  const flagged = new Set<string>();
  const flag = (figure: string, message: string) => {
    if (flagged.has(figure)) return;
    flagged.add(figure);
    findings.push({ slideId: slide.id, figure, message });
  };
  const defined = new Set(Object.keys(slide.figures ?? {}));

  for (const name of shownFigures(slide, values)) {
    if (defined.has(name) && values[`figure.${name}`] === undefined) {
      flag(
        name,
        `"${name}" comes out empty, so the slide shows a blank where it stands: check its formula and the deck's inputs (a division by zero, or a figure the deck has no value for).`,
      );
    }
  }
  for (const name of defined) {
    const value = values[`figure.${name}`];
    if (value !== undefined && value < 0) {
      flag(
        name,
        `"${name}" comes out negative (${months(value)}): check the deck's inputs and the formula.`,
      );
    }
  }
  const withRole = (role: FigureRole) =>
    Object.entries(slide.figureRoles ?? {})
      .filter(([name, given]) => given === role && defined.has(name))
      .map(([name]) => ({ name, value: values[`figure.${name}`] }));
  for (const { name, value } of withRole('paybackMonths')) {
    if (value === undefined || value < 0) continue;
    if (value < SHORTEST_BELIEVABLE_PAYBACK_MONTHS) {
      flag(
        name,
        `The payback comes out at ${months(value)} months: under a month is not believable. Check the deck's inputs against the order.`,
      );
    } else if (value > LONGEST_BELIEVABLE_PAYBACK_MONTHS) {
      flag(
        name,
        `The payback comes out at ${months(value)} months: over ten years is no argument for a client. Check the deck's inputs against the order.`,
      );
    }
  }
  const costs = withRole('yearlyCosts').filter(
    (figure): figure is { name: string; value: number } => figure.value !== undefined,
  );
  for (const { name, value } of withRole('yearlySaving')) {
    if (value === undefined) continue;
    const exceeded = costs.find((cost) => value > cost.value + 0.005);
    if (exceeded) {
      flag(
        name,
        `The yearly saving (${money(value)}) is larger than the client's stated yearly costs (${money(exceeded.value)}): a saving cannot exceed what it saves on.`,
      );
    }
  }
  return findings;
}

/**
 * The figures a slide shows (bound in its heading, subheading or an element a condition does not
 * hide), in order, each once. A condition on a value the check does not have (the client's
 * name) counts as met: only figures, inputs, quantities and the quote are known here.
 */
function shownFigures(
  slide: FigureSlide,
  values: Readonly<Record<string, number | undefined>>,
): string[] {
  const isKnown = (path: string) => /^(figure|input|quantity|quote)\./.test(path);
  const isShown = (when: TemplateCondition | undefined) => {
    // A market's figures are checked whatever market the deck is for.
    if (!when || isMarketCondition(when)) return true;
    const path = 'filled' in when ? when.filled : when.empty;
    if (!isKnown(path)) return true;
    const filled = values[path] !== undefined;
    return 'filled' in when ? filled : !filled;
  };
  const texts: string[] = [slide.heading ?? '', slide.subheading ?? ''];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') texts.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value !== null && typeof value === 'object') {
      const part = value as { when?: TemplateCondition; text?: unknown; runs?: unknown };
      if (!isShown(part.when)) return;
      collect(part.text);
      collect(part.runs);
    }
  };
  const visit = (elements: readonly TemplateElement[]) => {
    for (const element of elements) {
      if (!isShown(element.when)) continue;
      if (element.kind === 'repeat') {
        visit(element.elements);
        continue;
      }
      const fields = element as unknown as Record<string, unknown>;
      for (const key of ['text', 'src', 'alt', 'header', 'rows', 'title']) collect(fields[key]);
    }
  };
  visit(slide.elements ?? []);
  const names: string[] = [];
  for (const text of texts) {
    for (const { path } of findBindings(text)) {
      const name = path.startsWith('figure.') ? path.slice('figure.'.length) : undefined;
      if (name !== undefined && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

/** What a deck gives a slide's figures: its quote (when priced), quantities and input values. */
export interface FigureDeck {
  quote?:
    | {
        subtotalCents: number;
        shippingCents: number;
        totalCents: number;
        creditsCents: number;
        netCents: number;
      }
    | undefined;
  /** How many of each product of the price book the deck sells: every product, 0 for none. */
  quantities: Readonly<Record<string, number>>;
  /** The rep's answers to the deck inputs, by name; the slide's defaults stand for the rest. */
  inputValues?: Readonly<Record<string, number>> | undefined;
}

/**
 * A slide's figures for a deck, unrounded, beside the values they come from (`quote.net`,
 * `quantity.controller`, `input.sites`, `figure.payback`), as the engine computes them to draw it.
 */
export function slideFigureValues(
  slide: {
    figures?: Readonly<Record<string, string>> | undefined;
    inputs?: readonly SlideInput[] | undefined;
  },
  deck: FigureDeck,
): Record<string, number | undefined> {
  const given: Record<string, number> = {
    ...quoteFigureValues(deck.quote),
    ...resolveInputValues(slide.inputs, deck.inputValues),
  };
  for (const [id, quantity] of Object.entries(deck.quantities)) given[`quantity.${id}`] = quantity;
  return evaluateFigures(slide.figures, given);
}

/** A slide's figures for a deck and what is implausible in them. */
export function checkSlideFigures(
  slide: FigureSlide & { inputs?: readonly SlideInput[] | undefined },
  deck: FigureDeck,
): { values: Record<string, number | undefined>; findings: FigureFinding[] } {
  const values = slideFigureValues(slide, deck);
  return { values, findings: findImplausibleFigures(slide, values) };
}
