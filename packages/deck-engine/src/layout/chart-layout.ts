import {
  chartScale,
  chartTicks,
  formatChartNumber,
  hasAxes,
  type ChartNumber,
} from '@deck-portal/domain';
import { faceOf, measureText } from './fonts.ts';
import type {
  Box,
  ChartData,
  ChartElement,
  ChartPart,
  Hex,
  LineElement,
  ShapeElement,
  TextAlign,
  VerticalAlign,
} from './model.ts';
import { layoutText } from './text-layout.ts';

/** The category axis: a light grey, as office charts draw it. */
const AXIS: Hex = 'BFBFBF';
/** The gap between column groups, as a share of one column's width (office charts: 150 %). */
const GAP_WIDTH = 1.5;
const LINE_WIDTH = 2.25;
/** The markers drawn as outlines in their box (a 1000 × 1000 square, as a path shape's). */
const MARKER_PATHS = {
  diamond: 'M 500 0 L 1000 500 L 500 1000 L 0 500 Z',
  triangle: 'M 500 0 L 1000 1000 L 0 1000 Z',
} as const;

/**
 * A chart laid out in its box: the title on top, the legend on its side, the plot in the rest
 * with its axis labels, then the columns, bars, lines or slices. Every part is a shape, a line
 * or a text of the model, so the PDF and the web view draw it as they draw the rest of a slide.
 */
export function layoutChart(box: Box, data: ChartData, name?: string): ChartElement {
  const parts: ChartPart[] = [];
  const pad = Math.min(data.size * 0.6, box.w / 20, box.h / 20);
  let area: Box = { x: box.x + pad, y: box.y + pad, w: box.w - 2 * pad, h: box.h - 2 * pad };

  if (data.title && data.titleAt) {
    // Where the chart puts it: its top left corner there, as wide as its words (at most four
    // fifths of the chart), over the chart rather than taking room from the plot.
    const x = box.x + data.titleAt.x * box.w;
    const y = box.y + data.titleAt.y * box.h;
    const w = Math.min(
      widthOf(data, data.title, data.titleSize, data.titleBold) + 2,
      area.w * 0.8,
      box.x + box.w - x,
    );
    parts.push(
      label(data, data.title, { x, y, w, h: box.h / 3 }, 'center', 'top', {
        size: data.titleSize,
        bold: data.titleBold,
      }),
    );
  } else if (data.title) {
    // The title wraps within four fifths of the chart's width, centred, as office charts set it;
    // its top a fiftieth of the chart's height and a third of its size below the chart's top
    // (where the reference renderer sets it, measured).
    const across = { x: area.x + area.w * 0.1, w: area.w * 0.8 };
    const top = box.y + box.h * 0.02 + data.titleSize * 0.3;
    const at = { ...across, y: top, h: area.h / 3 };
    const title = label(data, data.title, at, 'center', 'top', {
      size: data.titleSize,
      bold: data.titleBold,
    });
    const below = top + title.lines.length * title.lineHeight + pad;
    parts.push(title);
    area = { ...area, y: Math.max(area.y, below), h: area.y + area.h - Math.max(area.y, below) };
  }
  if (data.legend) area = legend(data, area, box, pad, parts);
  // The plot where the chart puts it (an imported chart's own layout), else in what is left.
  const fixed = data.plot && shareOf(box, data.plot);
  if (!fixed && (area.w <= 1 || area.h <= 1)) {
    return { kind: 'chart', ...box, ...named(name), data, parts };
  }

  if (!hasAxes(data.type)) {
    pie(data, fixed ?? area, parts);
    return { kind: 'chart', ...box, ...named(name), data, parts };
  }
  const axis = plotWithAxes(data, area, parts, fixed);
  return { kind: 'chart', ...box, ...named(name), data, axis, parts };
}

const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);

/**
 * How far apart a chart's lines of text stand, as a share of their size: one size, closer than a
 * text box's lines (chart text is set by the font's size, not its line gap), as the office suite
 * the fidelity script compares with draws a wrapped title, name or legend entry.
 */
const CHART_LINE_PITCH = 1;

const named = (name: string | undefined) => (name ? { name } : {});

/** A part of the box given as shares of it, kept inside it. */
const shareOf = (box: Box, share: Box): Box => ({
  x: box.x + share.x * box.w,
  y: box.y + share.y * box.h,
  w: Math.min(share.w, 1 - share.x) * box.w,
  h: Math.min(share.h, 1 - share.y) * box.h,
});

/** A label of the chart: in its colour and font, at its size unless given, never shrunk. */
function label(
  data: ChartData,
  text: string,
  box: Box,
  align: TextAlign,
  valign: VerticalAlign,
  { size = data.size, bold = data.bold }: { size?: number; bold?: boolean } = {},
) {
  // Never cut for want of height: a box shorter than a line grows about its anchor.
  const h = Math.max(box.h, size * 1.6);
  const y =
    valign === 'top' ? box.y : valign === 'bottom' ? box.y + box.h - h : box.y + (box.h - h) / 2;
  return layoutText({
    ...box,
    y,
    h,
    text,
    size,
    minSize: size,
    lineHeight: CHART_LINE_PITCH,
    color: data.color,
    align,
    valign,
    weight: bold ? 'bold' : 'regular',
    ...(data.family ? { family: data.family } : {}),
  });
}

const widthOf = (data: ChartData, text: string, size = data.size, bold = data.bold) =>
  measureText(text, faceOf(data.family, bold ? 'bold' : 'regular'), size);

/** A figure written by its column, point or slice: in the data labels' size and weight. */
function figureLabel(
  data: ChartData,
  text: string,
  box: Box,
  align: TextAlign,
  valign: VerticalAlign,
) {
  return label(data, text, box, align, valign, {
    size: data.dataLabelSize,
    bold: data.dataLabelBold,
  });
}

const figureWidth = (data: ChartData, text: string) =>
  widthOf(data, text, data.dataLabelSize, data.dataLabelBold) + 2;

/** What the legend lists: the series, or a pie's categories, each with its colour. */
function legendEntries(data: ChartData) {
  return hasAxes(data.type)
    ? data.series.map((series) => ({ text: series.name, color: series.color }))
    : data.categories.map((text, i) => ({ text, color: data.pointColors[i]! }));
}

/**
 * Draws the legend on its side of `area` and returns what is left for the plot. A legend at the
 * right or left stands at the middle of the whole chart's height (`box`), as office charts put it.
 */
function legend(data: ChartData, area: Box, box: Box, pad: number, parts: ChartPart[]): Box {
  const entries = legendEntries(data).filter((entry) => entry.text !== '');
  if (entries.length === 0) return area;
  const size = data.legendSize;
  const bold = data.legendBold;
  const swatch = size * 0.7;
  const gap = size * 0.4;
  const pitch = size * 1.22;
  const widths = entries.map((entry) => swatch + gap + widthOf(data, entry.text, size, bold) + 1);
  const entry = (x: number, y: number, i: number, w: number) => {
    parts.push({
      kind: 'rect',
      x,
      y: y + (pitch - swatch) / 2,
      w: swatch,
      h: swatch,
      fill: entries[i]!.color,
    });
    parts.push(
      label(
        data,
        entries[i]!.text,
        { x: x + swatch + gap, y, w: w - swatch - gap, h: pitch },
        'left',
        'middle',
        { size, bold },
      ),
    );
  };

  if (data.legendArea) {
    // Where the chart puts it, over the chart: as many columns as fit its width (each as wide as
    // its widest entry, entries running along the rows), and the room left over shared evenly
    // around the rows and the columns, so the entries fill the place the chart gave them.
    const at = shareOf(box, data.legendArea);
    const row = size;
    let columns = entries.length;
    const columnWidths = (count: number) =>
      Array.from({ length: count }, (_, c) =>
        Math.max(...widths.filter((_, i) => i % count === c)),
      );
    // Columns fit with at least a little room between them.
    const least = size * 0.6;
    while (columns > 1 && sum(columnWidths(columns)) + least * (columns - 1) > at.w) columns -= 1;
    const cells = columnWidths(columns).map((w) => Math.min(w, at.w));
    const rowCount = Math.ceil(entries.length / columns);
    const gapY = Math.max(0, (at.h - rowCount * row) / (rowCount + 1));
    const gapX = Math.max(0, (at.w - sum(cells)) / (columns + 1));
    entries.forEach((_, i) => {
      const c = i % columns;
      const x = at.x + gapX * (c + 1) + sum(cells.slice(0, c));
      const y = at.y + gapY + Math.floor(i / columns) * (row + gapY) + (row - pitch) / 2;
      entry(x, y, i, cells[c]!);
    });
    return area;
  }

  if (data.legend === 'right' || data.legend === 'left') {
    const w = Math.min(Math.max(...widths), area.w * 0.4);
    const rows = Math.min(entries.length, Math.floor(area.h / pitch));
    const x = data.legend === 'right' ? area.x + area.w - w : area.x;
    const middle = box.y + box.h / 2 - (rows * pitch) / 2;
    const top = Math.max(area.y, Math.min(middle, area.y + area.h - rows * pitch));
    for (let i = 0; i < rows; i++) entry(x, top + i * pitch, i, w);
    return {
      x: data.legend === 'left' ? area.x + w + pad : area.x,
      y: area.y,
      w: area.w - w - pad,
      h: area.h,
    };
  }

  // Top or bottom: one centred row when the entries fit it; else a centred grid of columns
  // as wide as the widest entry, so the entries line up, as office charts set them.
  const spacing = size * 1.2;
  const oneRow = sum(widths) + spacing * (widths.length - 1);
  const cell = Math.min(Math.max(...widths), area.w);
  const columns =
    oneRow <= area.w
      ? widths.length
      : Math.max(1, Math.floor((area.w + spacing) / (cell + spacing)));
  const rowCount = Math.ceil(entries.length / columns);
  const height = rowCount * pitch;
  const top = data.legend === 'top' ? area.y : area.y + area.h - height;
  if (columns === widths.length) {
    let x = area.x + (area.w - oneRow) / 2;
    widths.forEach((w, i) => {
      entry(x, top, i, w);
      x += w + spacing;
    });
  } else {
    const left = area.x + (area.w - (columns * cell + (columns - 1) * spacing)) / 2;
    widths.forEach((_, i) => {
      entry(
        left + (i % columns) * (cell + spacing),
        top + Math.floor(i / columns) * pitch,
        i,
        cell,
      );
    });
  }
  return {
    x: area.x,
    y: data.legend === 'top' ? area.y + height + pad : area.y,
    w: area.w,
    h: area.h - height - pad,
  };
}

/** The greatest and least a series set reaches: stacked columns add up, per sign. */
function extent(data: ChartData) {
  let least = Infinity;
  let greatest = -Infinity;
  const stackable = data.series.filter((series) => !series.asLine || data.type === 'line');
  data.categories.forEach((_, c) => {
    let up = 0;
    let down = 0;
    for (const series of data.series) {
      const value = series.values[c];
      if (value === null || value === undefined) continue;
      if (data.stacked && stackable.includes(series) && data.type !== 'line') {
        if (value >= 0) up += value;
        else down += value;
      } else {
        greatest = Math.max(greatest, value);
        least = Math.min(least, value);
      }
    }
    // Stacked columns start from zero: their ends are the sums either side of it.
    if (data.stacked && data.type !== 'line' && stackable.some((x) => x.values[c] != null)) {
      greatest = Math.max(greatest, up);
      least = Math.min(least, down);
    }
  });
  return Number.isFinite(least) ? { least, greatest } : { least: 0, greatest: 0 };
}

/** Columns (or bars, or lines) over the categories with a value axis and its labels. */
function plotWithAxes(data: ChartData, area: Box, parts: ChartPart[], fixed?: Box) {
  const across = data.type === 'bar';
  const { least, greatest } = extent(data);
  const lineHeight = data.size * CHART_LINE_PITCH;
  const valueLook = { size: data.valueSize, bold: data.valueBold };
  const valueLineHeight = data.valueSize * CHART_LINE_PITCH;
  // As many steps as labels fit along the axis, at most ten (office charts' rule).
  const length = fixed ? (across ? fixed.w : fixed.h) : (across ? area.w : area.h) * 0.8;
  const room = across ? data.valueSize * 4 : data.valueSize * 1.2;
  const scale = chartScale(least, greatest, length / room, data.scale);
  const ticks = chartTicks(scale);
  const tickTexts = ticks.map((v) => formatChartNumber(v, data.number, data.locale));
  const gap = data.size * 0.5;
  const n = data.categories.length;

  // Room for the labels: values beside (columns) or under (bars), categories under or beside.
  const valueWidth = data.valueLabels
    ? Math.max(...tickTexts.map((t) => widthOf(data, t, data.valueSize, data.valueBold))) + 1
    : 0;
  let plot: Box;
  let categoryLabels: { box: Box; rotation?: number; align: TextAlign }[];
  if (!across) {
    const left = fixed ? fixed.x : area.x + valueWidth + gap;
    const w = fixed ? fixed.w : area.x + area.w - left;
    const band = w / n;
    const longest = Math.max(...data.categories.map((c) => widthOf(data, c)));
    const longestWord = Math.max(
      ...data.categories.flatMap((c) => c.split(/\s+/).map((word) => widthOf(data, word))),
    );
    // Names wrap under their column, a twentieth of its width kept clear between neighbours. A
    // word wider than that stops the wrapping: each name is then one line, level while it fits
    // its column and else turned 45° to read upwards, its right end under the column, as office
    // charts draw them. Names that would wrap deeper than two fifths of the chart turn too.
    const wrap = band * 0.95;
    const isWrapping = longestWord <= wrap;
    const labelWidth = isWrapping ? wrap : band;
    const lines = data.categories.map((c) => wrappedLines(data, c, labelWidth));
    const isLevel = isWrapping ? Math.max(...lines) * lineHeight <= area.h * 0.4 : longest <= band;
    const turn = data.categoryTurn ?? (isLevel ? 0 : 45);
    const slant = turn === 45 ? Math.SQRT1_2 : 1;
    const run = Math.min(longest + 2, (area.h * 0.45) / slant);
    const below =
      turn === 0
        ? Math.min(area.h * 0.4, Math.max(...lines) * lineHeight)
        : run * slant + (turn === 45 ? lineHeight * slant : 0);
    plot = fixed ?? {
      x: left,
      y: area.y + data.valueSize * 0.6,
      w,
      h: area.h - below - gap - data.valueSize * 0.6,
    };
    const axisY = plot.y + plot.h + gap;
    categoryLabels = data.categories.map((_, c) => {
      const middle = left + band * (c + 0.5);
      if (turn === 0) {
        // Top-aligned: room below its last line costs nothing and keeps a descender uncut.
        return {
          box: { x: middle - labelWidth / 2, y: axisY, w: labelWidth, h: below + data.size },
          align: 'center',
        };
      }
      // Turned about its box's centre, so its right end comes to the column's middle.
      const box =
        turn === 45
          ? {
              x: middle - (run / 2) * slant - run / 2,
              y: axisY + (run / 2) * slant + (lineHeight / 2) * slant - lineHeight / 2,
              w: run,
              h: lineHeight,
            }
          : { x: middle - run / 2, y: axisY + run / 2 - lineHeight / 2, w: run, h: lineHeight };
      return { box, rotation: turn === 45 ? 315 : 270, align: 'right' };
    });
  } else {
    const labelWidth = Math.min(
      area.w * 0.35,
      Math.max(...data.categories.map((c) => widthOf(data, c))) + 1,
    );
    plot = fixed ?? {
      x: area.x + labelWidth + gap,
      y: area.y,
      w: area.w - labelWidth - gap - valueWidth / 2,
      h: area.h - valueLineHeight - gap,
    };
    const band = plot.h / n;
    // The first category at the bottom, as office bar charts draw them.
    categoryLabels = data.categories.map((_, c) => ({
      box: {
        x: plot.x - gap - labelWidth,
        y: plot.y + plot.h - band * (c + 1),
        w: labelWidth,
        h: band,
      },
      align: 'right',
    }));
  }
  if (plot.w <= 1 || plot.h <= 1) return scale;

  // A figure past a fixed axis's end is drawn to the end, as office charts clip it.
  const at = (value: number) => {
    const span = scale.max - scale.min;
    const share =
      span > 0 ? (Math.min(scale.max, Math.max(scale.min, value)) - scale.min) / span : 0;
    return across ? plot.x + share * plot.w : plot.y + plot.h - share * plot.h;
  };

  ticks.forEach((tick, i) => {
    const p = at(tick);
    if (data.gridlines) {
      parts.push(
        across
          ? line(p, plot.y, p, plot.y + plot.h, data.gridColor, 0.75)
          : line(plot.x, p, plot.x + plot.w, p, data.gridColor, 0.75),
      );
    }
    if (!data.valueLabels) return;
    parts.push(
      across
        ? label(
            data,
            tickTexts[i]!,
            { x: p - valueWidth, y: plot.y + plot.h + gap, w: 2 * valueWidth, h: valueLineHeight },
            'center',
            'top',
            valueLook,
          )
        : label(
            data,
            tickTexts[i]!,
            {
              x: plot.x - gap - valueWidth,
              y: p - valueLineHeight / 2,
              w: valueWidth,
              h: valueLineHeight,
            },
            'right',
            'middle',
            valueLook,
          ),
    );
  });
  const zero = at(Math.max(scale.min, Math.min(scale.max, 0)));
  categoryLabels.forEach(({ box, rotation, align }, c) => {
    const text = label(data, data.categories[c]!, box, align, across ? 'middle' : 'top');
    parts.push(rotation ? { ...text, rotation } : text);
  });

  // Columns or bars: side by side in a group per category, or stacked.
  const columns = data.series.filter((series) => data.type !== 'line' && !series.asLine);
  const band = (across ? plot.h : plot.w) / n;
  // The gap is a share of one column's width, as office charts measure it.
  const abreast = data.stacked ? 1 : Math.max(1, columns.length);
  const thickness = band / (abreast + GAP_WIDTH);
  const group = thickness * abreast;
  const labels: ChartPart[] = [];
  data.categories.forEach((_, c) => {
    let up = 0;
    let down = 0;
    columns.forEach((series, s) => {
      const value = series.values[c];
      if (value === null || value === undefined) return;
      const from = data.stacked ? (value >= 0 ? up : down) : 0;
      const to = from + value;
      if (data.stacked) {
        if (value >= 0) up = to;
        else down = to;
      }
      const offset = band * c + (band - group) / 2 + (data.stacked ? 0 : s * thickness);
      const [a, b] = [at(from), at(to)].sort((m, k) => m - k) as [number, number];
      const outlined = series.outline ? { stroke: { color: series.outline, width: 0.75 } } : {};
      const shape: ShapeElement = across
        ? {
            kind: 'rect',
            x: a,
            y: plot.y + plot.h - offset - thickness,
            w: b - a,
            h: thickness,
            fill: series.color,
            ...outlined,
          }
        : {
            kind: 'rect',
            x: plot.x + offset,
            y: a,
            w: thickness,
            h: b - a,
            fill: series.color,
            ...outlined,
          };
      parts.push(shape);
      if (data.dataLabels) {
        const text = formatChartNumber(value, data.number, data.locale);
        const w = figureWidth(data, text);
        const figureHeight = data.dataLabelSize * 1.2;
        const inside = (drawn: ChartPart) =>
          data.stacked && drawn.kind === 'text'
            ? { ...drawn, color: readableOn(series.color) }
            : drawn;
        labels.push(
          inside(
            across
              ? figureLabel(
                  data,
                  text,
                  data.stacked
                    ? { x: (a + b) / 2 - w / 2, y: shape.y, w, h: thickness }
                    : { x: value >= 0 ? b + 2 : a - w - 2, y: shape.y, w, h: thickness },
                  'center',
                  'middle',
                )
              : figureLabel(
                  data,
                  text,
                  data.stacked
                    ? { x: shape.x + thickness / 2 - w / 2, y: a, w, h: b - a }
                    : {
                        x: shape.x + thickness / 2 - w / 2,
                        y: value >= 0 ? a - figureHeight : b,
                        w,
                        h: figureHeight,
                      },
                  'center',
                  data.stacked ? 'middle' : value >= 0 ? 'bottom' : 'top',
                ),
          ),
        );
      }
    });
  });

  // Lines through the categories' middles.
  const lines = data.series.filter((series) => data.type === 'line' || series.asLine);
  for (const series of lines) {
    const points = series.values.flatMap((value, c) =>
      value === null || value === undefined
        ? []
        : [
            {
              x: across ? at(value) : plot.x + band * (c + 0.5),
              y: across ? plot.y + plot.h - band * (c + 0.5) : at(value),
              value,
            },
          ],
    );
    if (series.line && points.length > 1) parts.push(polyline(points, series.color));
    if (series.markers) {
      // Office's markers: 7 pt across unless the series says.
      const r = (series.markerSize ?? 7) / 2;
      const shape = series.markerShape ?? 'circle';
      for (const point of points) {
        const box = { x: point.x - r, y: point.y - r, w: 2 * r, h: 2 * r, fill: series.color };
        parts.push(
          shape === 'circle' || shape === 'square'
            ? { kind: shape === 'circle' ? 'ellipse' : 'rect', ...box }
            : { kind: 'path', path: MARKER_PATHS[shape], ...box },
        );
      }
    }
    if (data.dataLabels) {
      for (const point of points) {
        const text = formatChartNumber(point.value, data.number, data.locale);
        const w = figureWidth(data, text);
        const figureHeight = data.dataLabelSize * 1.2;
        labels.push(
          figureLabel(
            data,
            text,
            { x: point.x - w / 2, y: point.y - figureHeight - 2, w, h: figureHeight },
            'center',
            'bottom',
          ),
        );
      }
    }
  }
  parts.push(
    across
      ? line(zero, plot.y, zero, plot.y + plot.h, AXIS, 0.75)
      : line(plot.x, zero, plot.x + plot.w, zero, AXIS, 0.75),
  );
  parts.push(...labels);
  return scale;
}

/** How many lines a category's name wraps to in a band this wide. */
function wrappedLines(data: ChartData, text: string, width: number) {
  return label(data, text, { x: 0, y: 0, w: width, h: 10_000 }, 'center', 'top').lines.length;
}

function line(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  color: Hex,
  width: number,
): LineElement {
  return { kind: 'line', x1, y1, x2, y2, color, width };
}

/** A series' line as one stroked path through its points. */
function polyline(points: readonly { x: number; y: number }[], color: Hex): ShapeElement {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const box = {
    x: Math.min(...xs),
    y: Math.min(...ys),
    w: Math.max(...xs) - Math.min(...xs) || 1,
    h: Math.max(...ys) - Math.min(...ys) || 1,
  };
  const path = points
    .map((p, i) => `${i === 0 ? 'M' : 'L'} ${unit(p.x, box.x, box.w)} ${unit(p.y, box.y, box.h)}`)
    .join(' ');
  return { kind: 'path', ...box, path, stroke: { color, width: LINE_WIDTH } };
}

/** A point's place in a path's 1000 × 1000 square over its box. */
const unit = (value: number, start: number, length: number) =>
  (((value - start) / length) * 1000).toFixed(2);

/** The first series as slices of a circle (a ring for a doughnut), clockwise from twelve o'clock. */
function pie(data: ChartData, area: Box, parts: ChartPart[]) {
  const values = data.categories.map((_, c) => Math.max(0, data.series[0]?.values[c] ?? 0));
  const total = sum(values);
  const radius = Math.min(area.w, area.h) / 2;
  if (total <= 0 || radius <= 1) return;
  const box = {
    x: area.x + area.w / 2 - radius,
    y: area.y + area.h / 2 - radius,
    w: 2 * radius,
    h: 2 * radius,
  };
  const hole = data.type === 'doughnut' ? 0.5 : 0;
  let start = 0;
  const labels: ChartPart[] = [];
  values.forEach((value, c) => {
    if (value <= 0) return;
    const sweep = (value / total) * 360;
    parts.push({
      kind: 'path',
      ...box,
      path: slicePath(start, sweep, hole),
      fill: data.pointColors[c]!,
      stroke: { color: 'FFFFFF', width: 0.75 },
    });
    if (data.dataLabels) {
      const middle = ((start + sweep / 2 - 90) * Math.PI) / 180;
      const reach = radius * (hole ? 0.75 : 0.65);
      const text = data.percentLabels
        ? formatChartNumber(value / total, plainPercent, data.locale)
        : formatChartNumber(value, data.number, data.locale);
      const w = figureWidth(data, text);
      const x = box.x + radius + Math.cos(middle) * reach;
      const y = box.y + radius + Math.sin(middle) * reach;
      labels.push({
        ...figureLabel(
          data,
          text,
          { x: x - w / 2, y: y - data.dataLabelSize * 0.6, w, h: data.dataLabelSize * 1.2 },
          'center',
          'middle',
        ),
        color: readableOn(data.pointColors[c]!),
      });
    }
    start += sweep;
  });
  parts.push(...labels);
}

const plainPercent: ChartNumber = {
  decimals: 0,
  grouping: false,
  percent: true,
  prefix: '',
  suffix: '',
};

/** White on a dark slice, the ink on a light one. */
function readableOn(fill: Hex): Hex {
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(fill.slice(i, i + 2), 16));
  return 0.299 * r! + 0.587 * g! + 0.114 * b! < 140 ? 'FFFFFF' : '262626';
}

/**
 * A slice from `start` degrees (clockwise from twelve o'clock) through `sweep`, in the path
 * square: arcs as cubic curves of at most a quarter turn; with a hole, back along the inner arc.
 */
function slicePath(start: number, sweep: number, hole: number): string {
  if (sweep >= 359.999) {
    const outer = arcs(0, 360, 1);
    return hole > 0 ? `${outer} Z ${arcs(360, -360, hole)} Z` : `${outer} Z`;
  }
  const outer = arcs(start, sweep, 1);
  if (hole > 0) return `${outer} ${arcs(start + sweep, -sweep, hole, true)} Z`;
  return `M 500.00 500.00 ${outer.replace(/^M/, 'L')} Z`;
}

function arcs(start: number, sweep: number, scale: number, join = false): string {
  const pieces = Math.max(1, Math.ceil(Math.abs(sweep) / 90));
  const step = sweep / pieces;
  const r = 500 * scale;
  const point = (deg: number) => {
    const a = ((deg - 90) * Math.PI) / 180;
    return [500 + r * Math.cos(a), 500 + r * Math.sin(a)] as const;
  };
  const f = (n: number) => n.toFixed(2);
  const [sx, sy] = point(start);
  let path = `${join ? 'L' : 'M'} ${f(sx)} ${f(sy)}`;
  for (let i = 0; i < pieces; i++) {
    const a0 = start + i * step;
    const a1 = a0 + step;
    const k = (4 / 3) * Math.tan(((a1 - a0) * Math.PI) / 720);
    const [x0, y0] = point(a0);
    const [x3, y3] = point(a1);
    const t0 = ((a0 - 90) * Math.PI) / 180;
    const t1 = ((a1 - 90) * Math.PI) / 180;
    const c1 = [x0 - k * r * Math.sin(t0), y0 + k * r * Math.cos(t0)];
    const c2 = [x3 + k * r * Math.sin(t1), y3 - k * r * Math.cos(t1)];
    path += ` C ${f(c1[0]!)} ${f(c1[1]!)} ${f(c2[0]!)} ${f(c2[1]!)} ${f(x3)} ${f(y3)}`;
  }
  return path;
}
