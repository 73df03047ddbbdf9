import {
  readChartNumberCode,
  type ChartMarkerShape,
  type ChartType,
  type TemplateChart,
  type TemplateColor,
} from '@deck-portal/domain';
import { colorChild, resolveColor, type ColorContext } from './drawingml-color.ts';
import { child, childrenNamed, numberAttr, pathOf, type XmlElement } from './xml-tree.ts';

/** What a chart part says, ready to be a chart element; or why it cannot be one. */
export type ReadChart =
  | {
      chart: Omit<TemplateChart, 'kind' | 'x' | 'y' | 'w' | 'h'>;
      /** The typeface its text is set in, as written (`+mn-lt` for the theme's body font). */
      typeface: string | undefined;
      /** What it shows that the engine draws otherwise (a 3-D chart drawn flat). */
      notes: string[];
    }
  | { why: string };

/** Office's marker symbols the engine draws as they are (a dot is a small circle). */
const markerShapes: Readonly<Record<string, ChartMarkerShape>> = {
  circle: 'circle',
  dot: 'circle',
  square: 'square',
  diamond: 'diamond',
  triangle: 'triangle',
};

const groups: Readonly<Record<string, ChartType | 'column-or-bar'>> = {
  'c:barChart': 'column-or-bar',
  'c:bar3DChart': 'column-or-bar',
  'c:lineChart': 'line',
  'c:line3DChart': 'line',
  'c:pieChart': 'pie',
  'c:pie3DChart': 'pie',
  'c:doughnutChart': 'doughnut',
};

const LIMITS = { categories: 200, series: 20 };

/**
 * A chart part (`c:chartSpace`) as the engine's chart: columns, bars, lines (over columns too),
 * pies and doughnuts with their figures from the part's own cache (never the embedded sheet),
 * series colours, title, legend, data labels, number format, gridlines and text size. Kinds the
 * engine does not draw (area, scatter, radar, stock, bubble, surface) are refused with a reason.
 */
export function readChart(space: XmlElement | undefined, colors: ColorContext): ReadChart {
  const chart = child(space, 'c:chart');
  const plot = child(chart, 'c:plotArea');
  if (!plot) return { why: 'the chart part has no plot' };
  const drawn = plot.children.filter((c) => c.name.endsWith('Chart'));
  const unknown = drawn.find((c) => !(c.name in groups));
  if (unknown || drawn.length === 0) {
    const what = (unknown?.name ?? 'an empty chart').replace(/^c:|Chart$/g, '').replace(/3D$/, '');
    return {
      why: `${/^[aeiou]/.test(what) ? 'an' : 'a'} ${what} chart is not one the engine draws`,
    };
  }
  const notes: string[] = [];
  if (drawn.some((c) => c.name.includes('3D'))) notes.push('a 3-D chart is drawn flat');
  const percentNote = 'a 100 % stacked chart is drawn stacked, in its figures';

  const first = drawn[0]!;
  const kind = groups[first.name]!;
  const type: ChartType =
    kind === 'column-or-bar'
      ? child(first, 'c:barDir')?.attrs.val === 'bar'
        ? 'bar'
        : 'column'
      : kind;
  const round = type === 'pie' || type === 'doughnut';
  if (round && drawn.length > 1) return { why: 'a pie combined with another chart kind' };
  if (!round && drawn.some((c) => ['pie', 'doughnut'].includes(groups[c.name]!))) {
    return { why: 'a pie combined with another chart kind' };
  }
  if (type === 'bar' && drawn.some((c) => groups[c.name] === 'line')) {
    return { why: 'lines over horizontal bars' };
  }

  const accents = ['accent1', 'accent2', 'accent3', 'accent4', 'accent5', 'accent6'];
  // Office's own accents stand in for a theme that names none.
  const officeAccents = ['#4472C4', '#ED7D31', '#A5A5A5', '#FFC000', '#5B9BD5', '#70AD47'];
  const accent = (i: number): TemplateColor =>
    colorOf(schemeColor(accents[i % 6]!), colors) ?? officeAccents[i % 6]!;

  let categories: string[] = [];
  let numberCode: string | undefined;
  const series: TemplateChart['series'] = [];
  let dataLabels = false;
  /** The data labels' own look (`c:dLbls`' text), the first that says. */
  let labelLook: XmlElement | undefined;
  let percentLabels = false;
  let stacked = false;
  for (const group of drawn) {
    const grouping = child(group, 'c:grouping')?.attrs.val;
    const isStacked = grouping === 'stacked' || grouping === 'percentStacked';
    if (isStacked && groups[group.name] !== 'line') stacked = true;
    if (grouping === 'percentStacked' && !notes.includes(percentNote)) notes.push(percentNote);
    const asLine = type !== 'line' && groups[group.name] === 'line';
    const groupLabels = labelsShown(child(group, 'c:dLbls'));
    for (const ser of childrenNamed(group, 'c:ser')) {
      const index = numberAttr(child(ser, 'c:idx'), 'val') ?? series.length;
      const names = cacheOf(child(ser, 'c:cat'));
      if (names.length > categories.length) categories = names.map((n) => n ?? '');
      const val = cacheOf(child(ser, 'c:val'), (code) => (numberCode ??= code));
      const own = labelsShown(child(ser, 'c:dLbls')) ?? groupLabels;
      if (own?.value || own?.percent) {
        labelLook ??= [child(ser, 'c:dLbls'), child(group, 'c:dLbls')]
          .map((labels) => pathOf(labels, 'c:txPr', 'a:p', 'a:pPr', 'a:defRPr'))
          .find((look) => look !== undefined);
      }
      if (own?.value) dataLabels = true;
      if (own?.percent) {
        dataLabels = true;
        percentLabels = true;
      }
      const properties = child(ser, 'c:spPr');
      const drawnAsLine = asLine || type === 'line';
      const outline = child(properties, 'a:ln');
      // A line series's colour is its line's, else its markers' when it has no line.
      const marker = child(ser, 'c:marker');
      const symbol = child(marker, 'c:symbol')?.attrs.val;
      const fill = drawnAsLine
        ? (child(outline, 'a:solidFill') ?? pathOf(marker, 'c:spPr', 'a:solidFill'))
        : child(properties, 'a:solidFill');
      const outlineColor = drawnAsLine
        ? undefined
        : colorOf(colorChild(child(outline, 'a:solidFill')), colors);
      const markers =
        drawnAsLine &&
        symbol !== 'none' &&
        (marker !== undefined || child(group, 'c:marker')?.attrs.val === '1');
      // Office's other marks (a cross, a star, a dash…) are drawn as circles.
      const markerShape = markerShapes[symbol ?? ''];
      const markerSize = numberAttr(child(marker, 'c:size'), 'val');
      series.push({
        name: seriesName(child(ser, 'c:tx')),
        values: val.map((v) =>
          v === undefined || v === '' || !Number.isFinite(Number(v)) ? null : Number(v),
        ),
        color: (fill && colorOf(colorChild(fill), colors)) ?? accent(index),
        ...(asLine ? { asLine: true } : {}),
        ...(markers ? { markers: true } : {}),
        ...(markers && markerShape && markerShape !== 'circle' ? { markerShape } : {}),
        ...(markers && markerSize !== undefined && markerSize >= 2 && markerSize <= 72
          ? { markerSize }
          : {}),
        ...(drawnAsLine && child(outline, 'a:noFill') ? { line: false } : {}),
        ...(outlineColor ? { outline: outlineColor } : {}),
      });
    }
  }
  if (series.length === 0) return { why: 'the chart has no series' };
  if (series.length > LIMITS.series)
    return { why: `the chart has more than ${LIMITS.series} series` };
  if (categories.length === 0) {
    categories = series[0]!.values.map((_, i) => String(i + 1));
  }
  if (categories.length > LIMITS.categories) {
    return { why: `the chart has more than ${LIMITS.categories} categories` };
  }
  if (categories.length === 0) return { why: 'the chart has no figures' };
  for (const s of series) s.values = s.values.slice(0, categories.length);

  // A pie's slices: each its own colour (the points' own, else the accents in turn).
  let palette: TemplateColor[] | undefined;
  if (round) {
    const points = new Map(
      childrenNamed(child(first, 'c:ser'), 'c:dPt').map((point) => [
        numberAttr(child(point, 'c:idx'), 'val'),
        colorOf(colorChild(pathOf(point, 'c:spPr', 'a:solidFill')), colors),
      ]),
    );
    palette = categories.slice(0, 12).map((_, i) => points.get(i) ?? accent(i));
    delete series[0]!.color;
    series.splice(1);
  }

  const valueAxis = child(plot, 'c:valAx');
  const valueScaling = child(valueAxis, 'c:scaling');
  if (child(valueScaling, 'c:logBase')) notes.push('a logarithmic value axis is drawn even');
  if (
    [valueAxis, child(plot, 'c:catAx')].some(
      (axis) => child(child(axis, 'c:scaling'), 'c:orientation')?.attrs.val === 'maxMin',
    )
  ) {
    notes.push('an axis drawn in reverse is drawn the usual way round');
  }
  const legend = child(chart, 'c:legend');
  const axisFormat = child(valueAxis, 'c:numFmt');
  const code =
    axisFormat && axisFormat.attrs.sourceLinked !== '1' ? axisFormat.attrs.formatCode : numberCode;
  const number = code ? readChartNumberCode(code) : undefined;
  const position = child(legend, 'c:legendPos')?.attrs.val ?? 'r';
  // Each part's text in its own look, else the chart's (office charts: 10 pt when nothing
  // says): the category names (a pie's labels: the chart's), the value axis's figures, the legend.
  const looks = [child(plot, 'c:catAx'), valueAxis, space].map((holder) =>
    pathOf(holder, 'c:txPr', 'a:p', 'a:pPr', 'a:defRPr'),
  );
  const [categoryLook, valueLook, chartLook] = looks;
  const sizeOf = (look: XmlElement | undefined) =>
    (numberAttr(look, 'sz') ?? numberAttr(chartLook, 'sz') ?? 1000) / 100;
  const boldOf = (look: XmlElement | undefined) => (look?.attrs.b ?? chartLook?.attrs.b) === '1';
  const size = sizeOf(round ? chartLook : categoryLook);
  const bold = boldOf(round ? chartLook : categoryLook);
  const [valueSize, valueBold] = [sizeOf(valueLook), boldOf(valueLook)];
  const legendLook = pathOf(legend, 'c:txPr', 'a:p', 'a:pPr', 'a:defRPr');
  const legendSize = sizeOf(legendLook);
  const legendBold = boldOf(legendLook);
  const coloured = [...looks, legendLook].map((look) => child(look, 'a:solidFill')).find(Boolean);
  const typeface = [...looks, legendLook]
    .map((look) => child(look, 'a:latin')?.attrs.typeface)
    .find(Boolean);
  const title = titleOf(chart, series, round);
  const titleLook =
    pathOf(chart, 'c:title', 'c:tx', 'c:rich', 'a:p', 'a:pPr', 'a:defRPr') ??
    pathOf(chart, 'c:title', 'c:txPr', 'a:p', 'a:pPr', 'a:defRPr');
  const titleRun = pathOf(chart, 'c:title', 'c:tx', 'c:rich', 'a:p', 'a:r', 'a:rPr');
  const writtenTitleSize = numberAttr(titleRun, 'sz') ?? numberAttr(titleLook, 'sz');
  // Office's own title: a fifth larger than the chart's text, bold.
  const titleSize =
    writtenTitleSize !== undefined ? writtenTitleSize / 100 : sizeOf(chartLook) * 1.2;
  const titleBold = (titleRun?.attrs.b ?? titleLook?.attrs.b ?? '1') === '1';
  const placed = manualPlace(plot);
  const legendArea = manualPlace(legend);
  const titleCorner = manualPlace(child(chart, 'c:title'), false);
  const scaling = child(valueAxis, 'c:scaling');
  const fixedScale = {
    ...(numberAttr(child(scaling, 'c:min'), 'val') !== undefined
      ? { min: numberAttr(child(scaling, 'c:min'), 'val') }
      : {}),
    ...(numberAttr(child(scaling, 'c:max'), 'val') !== undefined
      ? { max: numberAttr(child(scaling, 'c:max'), 'val') }
      : {}),
    ...((numberAttr(child(valueAxis, 'c:majorUnit'), 'val') ?? 0) > 0
      ? { step: numberAttr(child(valueAxis, 'c:majorUnit'), 'val') }
      : {}),
  };
  const turnWritten = numberAttr(pathOf(child(plot, 'c:catAx'), 'c:txPr', 'a:bodyPr'), 'rot');
  const categoryTurn =
    turnWritten === undefined
      ? undefined
      : turnWritten <= -4_000_000
        ? 90
        : turnWritten <= -1_000_000
          ? 45
          : turnWritten === 0
            ? 0
            : undefined;
  // Gridlines in their own colour, else the grey office charts draw them in.
  const gridColor =
    colorOf(
      colorChild(pathOf(valueAxis, 'c:majorGridlines', 'c:spPr', 'a:ln', 'a:solidFill')),
      colors,
    ) ?? '#868686';

  return {
    chart: {
      chart: type,
      ...(stacked && !round && type !== 'line' ? { stacked: true } : {}),
      ...(title ? { title } : {}),
      categories: categories.map((c) => c.slice(0, 200)),
      series: series.map((s) => ({ ...s, name: s.name.slice(0, 200) })),
      ...(legend
        ? {
            legend:
              ({ r: 'right', tr: 'right', l: 'left', t: 'top', b: 'bottom' } as const)[
                position as 'r'
              ] ?? 'right',
          }
        : {}),
      ...(dataLabels ? { dataLabels: true } : {}),
      // The labels' own look, else the chart's (not the axes'), else office's 10 pt, regular.
      ...(dataLabels
        ? {
            dataLabelSize: clamp(
              (numberAttr(labelLook, 'sz') ?? numberAttr(chartLook, 'sz') ?? 1000) / 100,
              4,
              60,
            ),
            dataLabelBold: (labelLook?.attrs.b ?? chartLook?.attrs.b) === '1',
          }
        : {}),
      ...(percentLabels ? { percentLabels: true } : {}),
      ...(number ? { number } : {}),
      ...(child(valueAxis, 'c:majorGridlines') ? { gridlines: true } : {}),
      ...(child(valueAxis, 'c:majorGridlines') ? { gridColor } : {}),
      ...(Object.keys(fixedScale).length > 0 && !round ? { scale: fixedScale } : {}),
      ...(placed ? { plot: placed } : {}),
      ...(legend && legendArea ? { legendArea } : {}),
      ...(title && titleCorner ? { titleAt: { x: titleCorner.x, y: titleCorner.y } } : {}),
      ...(categoryTurn !== undefined && !round ? { categoryTurn } : {}),
      ...(title ? { titleSize: clamp(titleSize, 4, 96), titleBold } : {}),
      ...(child(valueAxis, 'c:delete')?.attrs.val === '1' ||
      child(valueAxis, 'c:tickLblPos')?.attrs.val === 'none'
        ? { valueLabels: false }
        : {}),
      size: clamp(size, 4, 60),
      ...(bold ? { bold: true } : {}),
      ...(!round && valueSize !== size ? { valueLabelSize: clamp(valueSize, 4, 60) } : {}),
      ...(!round && valueBold !== bold ? { valueLabelBold: valueBold } : {}),
      ...(legend && legendSize !== size ? { legendSize: clamp(legendSize, 4, 60) } : {}),
      ...(legend && legendBold !== bold ? { legendBold } : {}),
      // Text nothing colours is the theme's dark text, as office charts without a style draw it.
      color:
        colorOf(colorChild(coloured), colors) ?? colorOf(schemeColor('tx1'), colors) ?? '#000000',
      ...(palette ? { palette } : {}),
    },
    typeface,
    notes,
  };
}

const schemeColor = (name: string): XmlElement => ({
  name: 'a:schemeClr',
  attrs: { val: name },
  children: [],
  text: '',
});

const colorOf = (
  element: XmlElement | undefined,
  colors: ColorContext,
): TemplateColor | undefined => {
  const color = resolveColor(element, colors);
  return color ? `#${color.hex}` : undefined;
};

/** The figures or names a series' `c:cat` or `c:val` caches, by point index. */
function cacheOf(
  holder: XmlElement | undefined,
  onFormat?: (code: string) => void,
): (string | undefined)[] {
  const reference = holder?.children[0];
  const cache =
    child(reference, 'c:strCache') ??
    child(reference, 'c:numCache') ??
    // Several levels of category names: the innermost level names the points.
    child(child(reference, 'c:multiLvlStrCache'), 'c:lvl') ??
    (reference?.name === 'c:strLit' || reference?.name === 'c:numLit' ? reference : undefined);
  if (!cache) return [];
  const code = child(cache, 'c:formatCode')?.text;
  if (code) onFormat?.(code);
  // The count the cache states, else (it is optional) one past its last point.
  const indexes = childrenNamed(cache, 'c:pt').map((point) => numberAttr(point, 'idx') ?? -1);
  const stated = numberAttr(child(cache, 'c:ptCount'), 'val') ?? Math.max(-1, ...indexes) + 1;
  const count = Math.max(0, Math.min(stated, LIMITS.categories + 1));
  const values: (string | undefined)[] = Array.from({ length: count }, () => undefined);
  for (const point of childrenNamed(cache, 'c:pt')) {
    const index = numberAttr(point, 'idx');
    if (index !== undefined && index >= 0 && index < count)
      values[index] = child(point, 'c:v')?.text ?? '';
  }
  return values;
}

function seriesName(tx: XmlElement | undefined): string {
  const cached = cacheOf(tx);
  if (cached.length > 0) return cached.filter((n) => n !== undefined).join(' ');
  return child(tx, 'c:v')?.text ?? '';
}

/** Whether data labels show the figures or the shares; undefined when the element says nothing. */
function labelsShown(labels: XmlElement | undefined) {
  if (!labels) return undefined;
  if (child(labels, 'c:delete')?.attrs.val === '1') return { value: false, percent: false };
  const on = (name: string) => ['1', 'true'].includes(child(labels, name)?.attrs.val ?? '');
  return { value: on('c:showVal'), percent: on('c:showPercent') };
}

/** The title as written; a chart of one series titled by its name when the title has no text. */
function titleOf(chart: XmlElement | undefined, series: TemplateChart['series'], round: boolean) {
  const title = child(chart, 'c:title');
  if (!title || (child(chart, 'c:autoTitleDeleted')?.attrs.val === '1' && !child(title, 'c:tx'))) {
    return undefined;
  }
  const rich = pathOf(title, 'c:tx', 'c:rich');
  if (rich) {
    return childrenNamed(rich, 'a:p')
      .map((p) =>
        p.children
          .filter((r) => r.name === 'a:r' || r.name === 'a:fld')
          .map((r) => child(r, 'a:t')?.text ?? '')
          .join(''),
      )
      .join(' ')
      .trim()
      .slice(0, 500);
  }
  const referenced = cacheOf(pathOf(title, 'c:tx'));
  if (referenced.length > 0) return referenced.join(' ').slice(0, 500);
  return series.length === 1 || round ? series[0]!.name : undefined;
}

/**
 * Where a chart's part (its plot, legend or title) stands when the chart fixes it: its manual
 * layout's corner and size as shares of the chart's box. Only a layout in "edge" terms (where
 * the part stands) is kept; one in "factor" terms (moved from where it would be) is not.
 */
function manualPlace(part: XmlElement | undefined, sized = true) {
  const layout = pathOf(part, 'c:layout', 'c:manualLayout');
  if (!layout) return undefined;
  const edge = (name: string) => (child(layout, name)?.attrs.val ?? 'factor') === 'edge';
  const share = (name: string) => numberAttr(child(layout, name), 'val');
  const [x, y, w, h] = ['c:x', 'c:y', 'c:w', 'c:h'].map(share);
  if (!edge('c:xMode') || !edge('c:yMode') || x === undefined || y === undefined) return undefined;
  if (!sized) return { x: clamp(x, 0, 1), y: clamp(y, 0, 1), w: 0.05, h: 0.05 };
  if (w === undefined || h === undefined) return undefined;
  return { x: clamp(x, 0, 1), y: clamp(y, 0, 1), w: clamp(w, 0.05, 1), h: clamp(h, 0.05, 1) };
}

const clamp = (value: number, least: number, most: number) =>
  Math.min(most, Math.max(least, value));
