import {
  chartTextSizes,
  defaultChartPalette,
  fillBindings,
  insertedValue,
  isMarketCondition,
  isShownInMarket,
  type SlideInput,
  readDeckDateOffset,
  readPricingBinding,
  readProductBinding,
  isRightToLeft as isRightToLeftLanguage,
  type TemplateCategory,
  type TemplateColor,
  type TemplateCondition,
  type TemplateElement,
  type TemplateGradient,
  type TemplateShadow,
  type TemplateTextRun,
  type RepeatedElement,
  type TemplatePart,
} from '@deck-portal/domain';
import { findProduct } from '@deck-portal/domain/pricing';
import type {
  Box,
  ChartData,
  EmptyPicture,
  Gradient,
  Hex,
  SlideElement,
  StyledSpan,
  TextElement,
  Turn,
} from '../layout/model.ts';
import { layoutChart } from '../layout/chart-layout.ts';
import { SLIDE_WIDTH, type TextAlign } from '../layout/model.ts';
import { activeFontFamily } from '../layout/fonts.ts';
import { layoutTextRow, type TextSpec } from '../layout/text-layout.ts';
import { categoryColor, type CategoryId } from './categories.ts';
import { documentIn } from './deck-words.ts';
import { logoMark, table, text, type SlideContext } from './slide-kit.ts';
import { quoteTable } from './quote-table.ts';
import { KeptByLook } from './kept-by-look.ts';
import type { ComposedSlide } from './template-slides.ts';
import {
  dateAfter,
  deckValues,
  pricingValue,
  productValues,
  repeatItems,
} from './template-values.ts';

/**
 * A template run as the layout sets it, with its words as given (bindings filled): its style,
 * its colour resolved and its size a share of its text's `textSize`.
 */
export function runSpan(
  run: TemplateTextRun,
  words: string,
  textSize: number,
  color: (value: TemplateColor) => Hex,
): StyledSpan {
  return {
    text: words,
    style: {
      ...(run.weight ? { weight: run.weight } : {}),
      ...(run.size !== undefined && run.size !== textSize ? { scale: run.size / textSize } : {}),
      ...(run.font ? { family: run.font } : {}),
      ...(run.italic !== undefined ? { italic: run.italic } : {}),
      ...(run.underline !== undefined ? { underline: run.underline } : {}),
      ...(run.color ? { color: color(run.color) } : {}),
      ...(run.script ? { script: run.script } : {}),
      ...(run.link ? { link: run.link } : {}),
    },
  };
}

/** A slide, a layout or any document drawn like one: its look and its elements. */
export interface TemplateDocument {
  background: TemplateColor;
  /** Figures computed from the deck's quote (template-figures.ts), by name, in order. */
  figures?: Readonly<Record<string, string>> | undefined;
  /** Deck inputs the figures and texts may use (`input.sites`), with their defaults. */
  inputs?: readonly SlideInput[] | undefined;
  category: string;
  heading?: string | undefined;
  subheading?: string | undefined;
  elements: readonly TemplateElement[];
}

export interface TemplateInputs {
  /** The shared parts a `part` element names, by id. */
  parts: ReadonlyMap<string, TemplatePart>;
  /** A layout's placeholder values as the rep typed them, by object id. */
  placeholders?: Readonly<Record<string, string>>;
  /** The library's categories (the built-in ones when absent): their colours and names. */
  categories?: readonly TemplateCategory[];
}

/** Whether an element is shown in the deck's market as far as a market condition says. */
const isForDeckMarket =
  (ctx: SlideContext) =>
  ({ when }: { when?: TemplateCondition | undefined }) =>
    isShownInMarket(when, ctx.market ?? 'US');

/**
 * A shape, and a text with no binding or condition in it, draw the same for every deck that
 * shares a look, so the next deck takes the drawing instead of making it again.
 */
const keptDrawings = new KeptByLook<readonly SlideElement[]>();

/**
 * A text with bindings or conditions, as the last deck drew it in a look, by the words it said:
 * the next deck with the same words (a rep's name, a date, a label shown the same way) takes
 * the drawing instead of building its spec and laying it out again.
 */
const keptTexts = new KeptByLook<{ words: string; drawn: SlideElement }>();

/** A text element's spec but for its words (they are left empty), by look. */
const keptSpecs = new KeptByLook<TextSpec>();

const fixedElements = new WeakMap<TemplateElement, boolean>();

/** Whether an element draws the same in every deck of one look: no deck value, no condition. */
function isFixed(element: TemplateElement): boolean {
  let fixed = fixedElements.get(element);
  if (fixed === undefined) {
    if (element.kind === 'text') {
      const words = JSON.stringify(element.text);
      fixed = !element.style.sizeGroup && !words.includes('{{') && !words.includes('"when"');
    } else {
      fixed = ['rect', 'ellipse', 'path', 'line'].includes(element.kind);
    }
    fixedElements.set(element, fixed);
  }
  return fixed;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** Parts may place parts; this deep is a loop, not a design. */
const maxPartDepth = 4;

/**
 * Draws a template document for one deck: binds the deck's values into its texts, leaves out
 * what its conditions exclude, and lays every element out as the code-built slides do.
 */
export function interpretTemplate(
  source: TemplateDocument,
  ctx: SlideContext,
  inputs: TemplateInputs,
): ComposedSlide {
  // In the deck's language: each text its translation, the untranslated ones told (issue 50);
  // not those of elements for other markets, which the deck does not show.
  const document = ctx.words
    ? documentIn(ctx.words, { ...source, elements: source.elements.filter(isForDeckMarket(ctx)) })
    : source;
  const category = document.category as CategoryId;
  /**
   * Where a deck reads right to left (Arabic), a text across most of the slide (a title, a
   * body) starts at its right; a narrow one (a kicker beside its bar, a label) stays where the
   * slide places it, as the slide itself is not mirrored.
   */
  const isRtlDeck = ctx.words !== undefined && isRightToLeftLanguage(ctx.words.language);
  const startsRight = (box: { w: number }, align: TextAlign | undefined) =>
    isRtlDeck && box.w >= SLIDE_WIDTH / 2 && (align === undefined || align === 'left');
  const color = (value: TemplateColor): Hex => {
    if (value === 'category') return categoryColor(category, inputs.categories ?? ctx.categories);
    if (value.startsWith('brand.')) {
      return ctx.brand.colors[value.slice('brand.'.length) as keyof typeof ctx.brand.colors];
    }
    return value.slice(1);
  };
  const colorGrid = (grid: (TemplateColor | null)[][]) =>
    grid.map((row) => row.map((value) => (value === null ? null : color(value))));
  const borderGrid = (grid: ({ color: TemplateColor; width: number } | null)[][]) =>
    grid.map((row) =>
      row.map((line) => (line === null ? null : { color: color(line.color), width: line.width })),
    );
  // The deck's categories carry the labels in its language.
  const values = deckValues(
    document,
    ctx,
    ctx.words ? (ctx.categories ?? inputs.categories) : (inputs.categories ?? ctx.categories),
  );
  /** The item of the repeat copy being drawn: its `item.…` values. */
  let item: Readonly<Record<string, string>> | undefined;
  const valueOf = (path: string): string => {
    if (path.startsWith('item.')) return item?.[path.slice('item.'.length)] ?? '';
    if (path.startsWith('placeholder.')) {
      return (inputs.placeholders?.[path.slice('placeholder.'.length)] ?? '').trim();
    }
    const pricingField = readPricingBinding(path);
    if (pricingField) return pricingValue(pricingField, ctx);
    const daysLater = readDeckDateOffset(path);
    if (daysLater !== undefined) return ctx.date ? dateAfter(ctx.date, daysLater, ctx.locale) : '';
    const productField = readProductBinding(path);
    if (productField) {
      const product = findProduct(ctx.priceBook, productField.productId);
      return product ? productValues(product, ctx.locale)[productField.field] : '';
    }
    return values[path] ?? '';
  };
  // Most texts bind nothing: they are their own words.
  const bind = (template: string): string =>
    template.includes('{{')
      ? fillBindings(template, valueOf, ctx.locale, undefined, ctx.currency)
      : template;
  /** A text element's words: each value isolated, names kept whole (see `insertedValue`). */
  const bindWords = (template: string): string =>
    template.includes('{{')
      ? fillBindings(template, valueOf, ctx.locale, insertedValue, ctx.currency)
      : template;
  values['slide.heading'] = bind(document.heading ?? '');
  values['slide.subheading'] = bind(document.subheading ?? '');

  /** A shape's or picture's shadow, its colour resolved. */
  const shadowOf = ({ shadow }: { shadow?: TemplateShadow | undefined }) =>
    shadow ? { shadow: { ...shadow, color: color(shadow.color) } } : {};

  const isShown = (when: TemplateCondition | undefined) => {
    if (!when) return true;
    if (isMarketCondition(when)) return isShownInMarket(when, ctx.market ?? 'US');
    if ('filled' in when) return valueOf(when.filled) !== '';
    return valueOf(when.empty) === '';
  };

  /** Picture frames whose address came out empty: taken out of the drawing at the end. */
  const emptyFrames = new Set<SlideElement>();

  /** Texts of a size group, as drawn and as specified, to be set at one size afterwards. */
  const grouped = new Map<string, { spec: TextSpec; drawn: SlideElement; rotation?: number }[]>();

  // The deck's words by their language and table: each slide has its own words object (its own
  // untranslated texts), which a kept drawing does not depend on.
  const look = [
    category,
    inputs.categories ?? ctx.categories,
    ctx.brand,
    ctx.words?.language,
    ctx.words?.table,
    activeFontFamily(),
  ];
  const draw = (elements: readonly TemplateElement[], depth: number): SlideElement[] =>
    elements.flatMap((element): readonly SlideElement[] => {
      if (!isShown(element.when)) return [];
      // A repeat's copies are made afresh for each deck: nothing to keep.
      if (item !== undefined || !isFixed(element)) return drawElement(element, depth);
      const kept = keptDrawings.get(element, look);
      if (kept) return kept;
      const drawn = deepFreeze(drawElement(element, depth));
      keptDrawings.set(element, look, drawn);
      return drawn;
    });

  const drawElement = (element: TemplateElement, depth: number): SlideElement[] => {
    switch (element.kind) {
      case 'text': {
        const { style } = element;
        // The words bound, and what they are: each paragraph's words, or that it is not shown.
        const said: (string | string[] | null)[] = [];
        const words = Array.isArray(element.text)
          ? element.text.flatMap((paragraph): (string | StyledSpan[])[] => {
              if (typeof paragraph === 'string') {
                const bound = bindWords(paragraph);
                said.push(bound);
                return [bound];
              }
              if (!isShown(paragraph.when)) {
                said.push(null);
                return [];
              }
              if (!('runs' in paragraph)) {
                const bound = bindWords(paragraph.text);
                said.push(bound);
                return [bound];
              }
              const spans = paragraph.runs.map((run) =>
                runSpan(run, bindWords(run.text), style.size, color),
              );
              said.push(spans.map((span) => span.text));
              return [spans];
            })
          : bindWords(element.text);
        // A text sized with others is set again with them afterwards, from its spec.
        const keeps = !style.sizeGroup && item === undefined;
        const saying = typeof words === 'string' ? words : JSON.stringify(said);
        const kept = keeps ? keptTexts.get(element, look) : undefined;
        if (kept?.words === saying) return [kept.drawn];
        // The spec but for its words: the same for every deck of one look.
        let shape = keptSpecs.get(element, look);
        if (!shape) {
          shape = {
            ...(element.name ? { name: element.name } : {}),
            x: element.x,
            y: element.y,
            w: element.w,
            h: element.h,
            text: '',
            weight: style.weight,
            size: style.size,
            color: color(style.color),
            ...(style.minSize !== undefined ? { minSize: style.minSize } : {}),
            ...(style.maxLines !== undefined ? { maxLines: style.maxLines } : {}),
            ...(style.lineHeight !== undefined ? { lineHeight: style.lineHeight } : {}),
            ...(style.paragraphGap !== undefined ? { paragraphGap: style.paragraphGap } : {}),
            ...(startsRight(element, style.align)
              ? { align: 'right' }
              : style.align
                ? { align: style.align }
                : {}),
            ...(style.valign ? { valign: style.valign } : {}),
            ...(style.bullets ? { bullets: true } : {}),
            ...(style.bulletIndent !== undefined ? { bulletIndent: style.bulletIndent } : {}),
            ...(style.wrapUnderBullet ? { wrapUnderBullet: true } : {}),
            ...(style.bulletChar ? { bulletChar: style.bulletChar } : {}),
            ...(style.bulletColor ? { bulletColor: color(style.bulletColor) } : {}),
            ...(style.bulletSize !== undefined ? { bulletSize: style.bulletSize } : {}),
            ...(style.numbering ? { numbering: style.numbering } : {}),
            ...(style.font ? { family: style.font } : {}),
            ...(style.italic ? { italic: true } : {}),
            ...(style.underline ? { underline: true } : {}),
            ...(style.keepSpaces ? { keepSpaces: true } : {}),
            ...(style.rightToLeft !== undefined ? { rightToLeft: style.rightToLeft } : {}),
            ...(style.tabStops?.length ? { tabStops: style.tabStops } : {}),
            ...(style.tabSize !== undefined ? { tabSize: style.tabSize } : {}),
          };
          keptSpecs.set(element, look, shape);
        }
        const spec: TextSpec = { ...shape, text: words };
        const laid = text(spec);
        const drawn = element.rotation ? { ...laid, rotation: element.rotation } : laid;
        if (style.sizeGroup) {
          grouped.set(style.sizeGroup, [
            ...(grouped.get(style.sizeGroup) ?? []),
            { spec, drawn, ...(element.rotation ? { rotation: element.rotation } : {}) },
          ]);
        }
        if (keeps) keptTexts.set(element, look, { words: saying, drawn: deepFreeze(drawn) });
        return [drawn];
      }
      case 'rect':
      case 'ellipse':
      case 'path':
        return [
          {
            kind: element.kind,
            ...(element.path !== undefined ? { path: element.path } : {}),
            ...(element.gradient ? { gradient: gradientOf(element.gradient, color) } : {}),
            x: element.x,
            y: element.y,
            w: element.w,
            h: element.h,
            ...(element.fill ? { fill: color(element.fill) } : {}),
            ...(element.fillOpacity !== undefined ? { fillOpacity: element.fillOpacity } : {}),
            ...(element.stroke
              ? {
                  stroke: {
                    color: color(element.stroke.color),
                    width: element.stroke.width,
                    ...(element.stroke.dash ? { dash: true } : {}),
                    ...(element.stroke.opacity !== undefined
                      ? { opacity: element.stroke.opacity }
                      : {}),
                  },
                }
              : {}),
            ...(element.radius !== undefined ? { radius: element.radius } : {}),
            ...shadowOf(element),
            ...turnOf(element),
          },
        ];
      case 'line':
        return [
          {
            kind: 'line',
            x1: element.x1,
            y1: element.y1,
            x2: element.x2,
            y2: element.y2,
            color: color(element.color),
            width: element.width,
            ...(element.dash ? { dash: true } : {}),
            ...(element.opacity !== undefined ? { opacity: element.opacity } : {}),
            ...(element.startArrow ? { startArrow: element.startArrow } : {}),
            ...(element.endArrow ? { endArrow: element.endArrow } : {}),
          },
        ];
      case 'picture': {
        const src = bind(element.src).trim();
        if (src === '') {
          // Not drawn, but kept in its place among the elements for preflight to name.
          const frame: SlideElement = {
            kind: 'rect',
            x: element.x,
            y: element.y,
            w: element.w,
            h: element.h,
          };
          emptyFrames.add(frame);
          return [frame];
        }
        return [
          {
            kind: 'image',
            x: element.x,
            y: element.y,
            w: element.w,
            h: element.h,
            src,
            fit: element.fit,
            alt: bind(element.alt),
            ...shadowOf(element),
            ...turnOf(element),
          },
        ];
      }
      case 'logo':
        return logoMark(ctx.brand, element.x, element.y, element.size);
      case 'table': {
        // Its rows bound, without those whose value is missing.
        const shown = withoutEmptyRows(element, bind);
        return [
          table(
            ctx,
            { x: element.x, y: element.y, w: element.w, h: element.h },
            {
              ...(element.name ? { name: element.name } : {}),
              columns: element.columns,
              ...(element.header ? { header: element.header.map(bind) } : {}),
              rows: shown.rows,
              ...(element.align ? { align: element.align } : {}),
              ...(element.size !== undefined ? { size: element.size } : {}),
              ...(element.lineHeight !== undefined ? { lineHeight: element.lineHeight } : {}),
              ...(element.padding ? { padding: element.padding } : {}),
              headerFill: element.headerFill === null ? null : color(element.headerFill),
              ...(element.firstColumnWeight
                ? { firstColumnWeight: element.firstColumnWeight }
                : {}),
              ...(element.stripe ? { stripe: color(element.stripe) } : {}),
              ...(shown.emphasisRow !== undefined ? { emphasisRow: shown.emphasisRow } : {}),
              ...(element.emphasisFill ? { emphasisFill: color(element.emphasisFill) } : {}),
              ...(shown.cellFills ? { cellFills: colorGrid(shown.cellFills) } : {}),
              ...(shown.textColors ? { textColors: colorGrid(shown.textColors) } : {}),
              ...(shown.weights ? { weights: shown.weights } : {}),
              ...(shown.italics ? { italics: shown.italics } : {}),
              ...(shown.rowShares ? { rowShares: shown.rowShares } : {}),
              ...(shown.cellScales ? { cellScales: shown.cellScales } : {}),
              ...(shown.cellValigns ? { cellValigns: shown.cellValigns } : {}),
              ...(shown.cellPaddings ? { cellPaddings: shown.cellPaddings } : {}),
              ...(shown.cellParagraphs ? { cellParagraphs: shown.cellParagraphs } : {}),
              ...(shown.borders
                ? {
                    borders: {
                      horizontal: borderGrid(shown.borders.horizontal),
                      vertical: borderGrid(shown.borders.vertical),
                    },
                  }
                : {}),
              ...(element.merges ? { merges: element.merges } : {}),
              ...(element.valign ? { valign: element.valign } : {}),
              ...(element.font ? { family: element.font } : {}),
            },
          ),
        ];
      }
      case 'chart': {
        const palette = (element.palette ?? defaultChartPalette).map(color);
        const data: ChartData = {
          type: element.chart,
          stacked: element.stacked ?? false,
          ...(element.title ? { title: bind(element.title) } : {}),
          categories: element.categories,
          series: element.series.map((series, i) => ({
            name: series.name,
            values: series.values,
            color: series.color ? color(series.color) : palette[i % palette.length]!,
            asLine: series.asLine ?? false,
            markers: series.markers ?? false,
            ...(series.markerShape ? { markerShape: series.markerShape } : {}),
            ...(series.markerSize ? { markerSize: series.markerSize } : {}),
            line: series.line ?? true,
            ...(series.outline ? { outline: color(series.outline) } : {}),
          })),
          pointColors: element.categories.map((_, i) =>
            i === 0 && element.series[0]?.color
              ? color(element.series[0].color)
              : palette[i % palette.length]!,
          ),
          ...(element.legend ? { legend: element.legend } : {}),
          dataLabels: element.dataLabels ?? false,
          dataLabelSize: element.dataLabelSize ?? element.size,
          dataLabelBold: element.dataLabelBold ?? element.bold ?? false,
          percentLabels: element.percentLabels ?? false,
          ...(element.number ? { number: element.number } : {}),
          gridlines: element.gridlines ?? false,
          gridColor: element.gridColor ? color(element.gridColor) : 'D9D9D9',
          ...(element.scale ? { scale: element.scale } : {}),
          ...(element.plot ? { plot: element.plot } : {}),
          ...(element.legendArea ? { legendArea: element.legendArea } : {}),
          ...(element.titleAt ? { titleAt: element.titleAt } : {}),
          ...(element.categoryTurn !== undefined ? { categoryTurn: element.categoryTurn } : {}),
          ...chartTextSizes(element),
          titleBold: element.titleBold ?? false,
          bold: element.bold ?? false,
          legendBold: element.legendBold ?? element.bold ?? false,
          valueLabels: element.valueLabels ?? true,
          valueSize: element.valueLabelSize ?? element.size,
          valueBold: element.valueLabelBold ?? element.bold ?? false,
          size: element.size,
          color: color(element.color),
          ...(element.font ? { family: element.font } : {}),
          ...(ctx.locale ? { locale: ctx.locale } : {}),
        };
        const box = { x: element.x, y: element.y, w: element.w, h: element.h };
        return [layoutChart(box, data, element.name)];
      }
      case 'quote':
        // The deck's quote, where the slide puts it; nothing when the deck shows no pricing.
        if (!ctx.quote) return [];
        return [
          table(
            ctx,
            { x: element.x, y: element.y, w: element.w, h: element.h },
            {
              ...quoteTable(ctx, ctx.quote, {
                ...(element.size !== undefined ? { size: element.size } : {}),
                headerFill: color(element.headerFill),
                ...(element.stripe ? { stripe: color(element.stripe) } : {}),
                ...(element.emphasisFill ? { emphasisFill: color(element.emphasisFill) } : {}),
              }),
              ...(element.name ? { name: element.name } : {}),
            },
          ),
        ];
      case 'chips':
        return chips(element, ctx, color);
      case 'part': {
        const part = inputs.parts.get(element.part);
        if (!part || depth >= maxPartDepth) return [];
        const shown = ctx.words
          ? { ...part, elements: part.elements.filter(isForDeckMarket(ctx)) }
          : part;
        return draw(documentIn(ctx.words, shown).elements, depth + 1);
      }
      case 'repeat': {
        const items = repeatItems(element, ctx).slice(0, element.max);
        if (items.length === 0) return [];
        const step = element.within
          ? Math.min(element.step, element.within / items.length)
          : element.step;
        const drawn: SlideElement[] = [];
        items.forEach((values, i) => {
          item = values;
          const along = i * step;
          const [dx, dy] =
            element.direction === 'down'
              ? [element.x, element.y + along]
              : [element.x + along, element.y];
          const copies = element.elements.map((child) =>
            placed(child, dx, dy, element.step - step, element.direction),
          );
          drawn.push(...draw(copies, depth + 1));
        });
        item = undefined;
        return drawn;
      }
    }
  };

  const elements: SlideElement[] = [];
  const emptyPictures: EmptyPicture[] = [];
  for (const drawn of draw(document.elements, 0)) {
    if (!emptyFrames.has(drawn)) elements.push(drawn);
    else if (drawn.kind === 'rect') emptyPictures.push({ ...boxOf(drawn), at: elements.length });
  }
  return {
    background: color(document.background),
    elements: grouped.size > 0 ? atGroupSizes(elements, grouped) : elements,
    heading: values['slide.heading'],
    ...(emptyPictures.length > 0 ? { emptyPictures } : {}),
  };
}

const boxOf = ({ x, y, w, h }: Box): Box => ({ x, y, w, h });

type TableElementDoc = Extract<TemplateElement, { kind: 'table' }>;

/**
 * A table with its rows bound, without those whose value is missing: a row with a cell made of
 * bindings alone that comes out empty (a discount at list price, a credit a product does not
 * get) is left out with its per-row styling, and the emphasised row follows its row. A table
 * with merged cells keeps every row (a merge may span the row).
 */
function withoutEmptyRows(
  element: TableElementDoc,
  bind: (template: string) => string,
): TableElementDoc {
  const onlyBindings = /^(\s*\{\{[^{}]*\}\}\s*)+$/;
  const rows = element.rows.map((row) => row.map(bind));
  const isKept = element.rows.map(
    (row, r) =>
      Boolean(element.merges?.length) ||
      !row.some((cell, c) => onlyBindings.test(cell) && rows[r]![c]!.trim() === ''),
  );
  if (isKept.every(Boolean)) return { ...element, rows };
  // Per-row grids count the header as row 0 when there is one.
  const offset = element.header ? 1 : 0;
  const kept = <T>(grid: T[] | undefined) =>
    grid?.filter((_, r) => r < offset || isKept[r - offset]);
  const { emphasisRow, borders } = element;
  return {
    ...element,
    rows: rows.filter((_, r) => isKept[r]),
    emphasisRow:
      emphasisRow !== undefined && isKept[emphasisRow]
        ? isKept.slice(0, emphasisRow).filter(Boolean).length
        : undefined,
    cellFills: kept(element.cellFills),
    textColors: kept(element.textColors),
    weights: kept(element.weights),
    italics: kept(element.italics),
    rowShares: kept(element.rowShares),
    cellScales: kept(element.cellScales),
    cellValigns: kept(element.cellValigns),
    cellPaddings: kept(element.cellPaddings),
    cellParagraphs: kept(element.cellParagraphs),
    borders: borders && {
      // The line on top of a row goes with it; the table's bottom edge stays.
      horizontal: borders.horizontal.filter(
        (_, r) => r < offset || r - offset >= isKept.length || isKept[r - offset],
      ),
      vertical: kept(borders.vertical)!,
    },
  };
}

/** The drawn elements with each size group's texts laid out again at the group's one size. */
function atGroupSizes(
  elements: SlideElement[],
  groups: ReadonlyMap<string, { spec: TextSpec; drawn: SlideElement; rotation?: number }[]>,
): SlideElement[] {
  const replaced = new Map<SlideElement, SlideElement>();
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    const laid: TextElement[] = layoutTextRow(members.map((member) => member.spec));
    members.forEach((member, i) => {
      const again = laid[i]!;
      replaced.set(member.drawn, member.rotation ? { ...again, rotation: member.rotation } : again);
    });
  }
  return elements.map((element) => replaced.get(element) ?? element);
}

/** The products' feature tags as chips, row by row, each sized to its words. */
function chips(
  element: Extract<TemplateElement, { kind: 'chips' }>,
  ctx: SlideContext,
  color: (value: TemplateColor) => Hex,
): SlideElement[] {
  const height = element.chipHeight ?? 20;
  const padding = element.padding ?? 10;
  const maxWidth = element.maxWidth ?? 240;
  const gap = element.gap ?? 8;
  const rowGap = element.rowGap ?? 6;
  const style = {
    weight: element.style.weight,
    size: element.style.size,
    maxLines: 1,
    color: color(element.style.color),
  };
  const tags = element.products.flatMap((id) => findProduct(ctx.priceBook, id)?.features ?? []);
  const drawn: SlideElement[] = [];
  let x = element.x;
  let y = element.y;
  for (const tag of tags) {
    const measured = text({ x: 0, y: 0, w: maxWidth, h: height, text: tag, ...style });
    const words = measured.kind === 'text' ? (measured.lines[0]?.width ?? 0) : 0;
    // Never wider than the element: a long tag is cut to fit its row.
    const width = Math.min(maxWidth, element.w, words + 2 * padding);
    if (x + width > element.x + element.w && x > element.x) {
      x = element.x;
      y += height + rowGap;
    }
    if (y + height > element.y + element.h) break;
    const box = { x, y, w: width, h: height };
    drawn.push(
      {
        kind: 'rect',
        ...box,
        ...(element.fill ? { fill: color(element.fill) } : {}),
        ...(element.stroke
          ? { stroke: { color: color(element.stroke.color), width: element.stroke.width } }
          : {}),
        ...(element.radius !== undefined ? { radius: element.radius } : {}),
      },
      text({ ...box, text: tag, ...style, align: 'center', valign: 'middle' }),
    );
    x += width + gap;
  }
  return drawn;
}

/**
 * A repeat's element moved to its copy: by (dx, dy), and, when the copies are `shrink` points
 * closer than the repeat's step, its pinned edges kept at their distance to the copy's end.
 */
function placed(
  element: RepeatedElement,
  dx: number,
  dy: number,
  shrink: number,
  direction: 'down' | 'right',
): RepeatedElement {
  const pin = element.pin ?? 'start';
  const down = direction === 'down';
  const move = pin === 'end' ? shrink : 0;
  const grow = pin === 'both' ? -shrink : 0;
  if (element.kind === 'line') {
    // Along the repeat: both ends move with an `end` pin; the far end follows a `both` pin.
    const along = (a1: number, a2: number): [number, number] => {
      const [b1, b2] = [a1 - move, a2 - move];
      if (grow === 0 || a1 === a2) return [b1, b2];
      return a1 > a2 ? [b1 + grow, b2] : [b1, b2 + grow];
    };
    if (down) {
      const [y1, y2] = along(element.y1, element.y2);
      return { ...element, x1: element.x1 + dx, x2: element.x2 + dx, y1: y1 + dy, y2: y2 + dy };
    }
    const [x1, x2] = along(element.x1, element.x2);
    return { ...element, x1: x1 + dx, x2: x2 + dx, y1: element.y1 + dy, y2: element.y2 + dy };
  }
  if (element.kind === 'logo') {
    return {
      ...element,
      x: element.x + dx - (down ? 0 : move),
      y: element.y + dy - (down ? move : 0),
    };
  }
  return {
    ...element,
    x: element.x + dx - (down ? 0 : move),
    y: element.y + dy - (down ? move : 0),
    w: element.w + (down ? 0 : grow),
    h: element.h + (down ? grow : 0),
  };
}

/** A shape's gradient with its colours resolved: linear unless said, a radial one's centre 0.5 unless said. */
function gradientOf(gradient: TemplateGradient, color: (value: TemplateColor) => Hex): Gradient {
  const stops = gradient.stops.map((stop) => ({
    at: stop.at,
    color: color(stop.color),
    opacity: stop.opacity ?? 1,
  }));
  return gradient.kind === 'radial'
    ? { kind: 'radial', cx: gradient.cx ?? 0.5, cy: gradient.cy ?? 0.5, stops }
    : { kind: 'linear', angle: gradient.angle ?? 0, stops };
}

/** An element's rotation and flips, those it has only. */
function turnOf(element: Turn): Turn {
  return {
    ...(element.rotation ? { rotation: element.rotation } : {}),
    ...(element.flipH ? { flipH: true } : {}),
    ...(element.flipV ? { flipV: true } : {}),
  };
}
