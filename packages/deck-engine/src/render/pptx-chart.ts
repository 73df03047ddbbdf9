import { chartNumberCode, hasAxes } from '@deck-portal/domain';
import type PptxGenJS from 'pptxgenjs';
import { inches, type ChartElement } from '../layout/model.ts';

/**
 * A chart as PowerPoint's own: its data in the embedded sheet (editable with "Edit Data"), its
 * kind, colours, legend, labels and value axis as the engine drew them in the PDF.
 */
export function addChart(
  slide: PptxGenJS.Slide,
  element: ChartElement,
  fontFace: { fontFace: string },
): void {
  const { data, axis } = element;
  // The chart's sheet names its columns by the series (each name once, none empty) and its rows
  // by the categories (pptxgenjs leaves an empty one out of the sheet's strings, out of step).
  const names = uniqueNames(data.series.map((s) => s.name));
  const labels = data.categories.map((c) => (c === '' ? ' ' : c));
  const series = (list: typeof data.series) =>
    list.map((s) => ({
      name: names[data.series.indexOf(s)]!,
      labels,
      // A missing figure is written empty (the normalising pass leaves its point out): a gap.
      values: data.categories.map((_, c) => s.values[c] ?? null) as number[],
    }));
  const code = chartNumberCode(data.number);
  const text = {
    ...fontFace,
    color: data.color,
  };
  const options: PptxGenJS.IChartOpts = {
    x: inches(element.x),
    y: inches(element.y),
    w: inches(element.w),
    h: inches(element.h),
    ...(element.name ? { objectName: element.name } : {}),
    showTitle: data.title !== undefined,
    ...(data.title
      ? {
          title: data.title,
          titleFontSize: data.titleSize,
          titleBold: data.titleBold,
          titleFontFace: text.fontFace,
          titleColor: data.color,
        }
      : {}),
    showLegend: data.legend !== undefined,
    ...(data.legend
      ? {
          legendPos: ({ right: 'r', left: 'l', top: 't', bottom: 'b' } as const)[data.legend],
          legendFontSize: data.legendSize,
          legendFontFace: text.fontFace,
          legendColor: data.color,
        }
      : {}),
    ...(data.plot ? { layout: data.plot } : {}),
    showValue: data.dataLabels && !data.percentLabels,
    showPercent: data.dataLabels && data.percentLabels,
    dataLabelFormatCode: data.percentLabels ? '0%' : code,
    dataLabelFontSize: data.dataLabelSize,
    dataLabelFontBold: data.dataLabelBold,
    dataLabelFontFace: text.fontFace,
    dataLabelColor: data.color,
  };
  if (!hasAxes(data.type)) {
    slide.addChart(data.type === 'pie' ? 'pie' : 'doughnut', series(data.series.slice(0, 1)), {
      ...options,
      chartColors: data.pointColors,
      firstSliceAng: 0,
      ...(data.type === 'doughnut' ? { holeSize: 50 } : {}),
      dataBorder: { pt: 0.75, color: 'FFFFFF' },
    });
    return;
  }
  const axes: PptxGenJS.IChartOpts = {
    catAxisLabelFontSize: data.size,
    catAxisLabelFontBold: data.bold,
    valAxisLabelFontBold: data.valueBold,
    catAxisLabelFontFace: text.fontFace,
    catAxisLabelColor: data.color,
    valAxisLabelFontSize: data.valueSize,
    valAxisLabelFontFace: text.fontFace,
    valAxisLabelColor: data.color,
    valAxisLabelFormatCode: code,
    valAxisLineShow: false,
    ...(data.valueLabels ? {} : { valAxisLabelPos: 'none' as const }),
    valGridLine: data.gridlines ? { color: data.gridColor, size: 0.75 } : { style: 'none' },
    ...(data.categoryTurn ? { catAxisLabelRotate: 360 - data.categoryTurn } : {}),
    catAxisLineColor: 'BFBFBF',
    ...(axis
      ? { valAxisMinVal: axis.min, valAxisMaxVal: axis.max, valAxisMajorUnit: axis.step }
      : {}),
  };
  const barOptions = {
    barDir: data.type === 'bar' ? 'bar' : 'col',
    barGrouping: data.stacked ? 'stacked' : 'clustered',
    ...(data.stacked ? { barOverlap: 100 } : {}),
    barGapWidthPct: 150,
  };
  // Markers and line width are the chart's in pptxgenjs: the first line series's stand for all.
  const firstLine = data.series.find((s) => data.type === 'line' || s.asLine);
  const lineOptions = {
    lineDataSymbol: firstLine?.markers ? (firstLine.markerShape ?? 'circle') : ('none' as const),
    ...(firstLine?.markers && firstLine.markerSize !== undefined
      ? { lineDataSymbolSize: Math.round(firstLine.markerSize) }
      : {}),
    lineSize: firstLine && !firstLine.line ? 0 : 2.25,
  };
  const outline = data.series.find((s) => s.outline)?.outline;
  const bordered = outline ? { dataBorder: { pt: 0.75, color: outline } } : {};
  if (data.type === 'line') {
    slide.addChart('line', series(data.series), {
      ...options,
      ...axes,
      ...lineOptions,
      chartColors: data.series.map((s) => s.color),
    });
    return;
  }
  const bars = data.series.filter((s) => !s.asLine);
  const lines = data.series.filter((s) => s.asLine);
  if (lines.length === 0) {
    slide.addChart('bar', series(bars), {
      ...options,
      ...axes,
      ...barOptions,
      ...bordered,
      chartColors: bars.map((s) => s.color),
    });
    return;
  }
  // A combination: the columns, and the lines over them on the same axes.
  const types: PptxGenJS.IChartMulti[] = [];
  if (bars.length > 0) {
    types.push({
      type: 'bar' as PptxGenJS.CHART_NAME,
      data: series(bars),
      options: { ...barOptions, chartColors: bars.map((s) => s.color) },
    });
  }
  types.push({
    type: 'line' as PptxGenJS.CHART_NAME,
    data: series(lines),
    options: { ...lineOptions, chartColors: lines.map((s) => s.color) },
  });
  // For several kinds, pptxgenjs reads the options from the second argument (its types say data).
  slide.addChart(types, { ...options, ...axes } as never);
}

/** Names each used once and none empty: `Series 2` for an empty one, `Sales (2)` for a repeat. */
function uniqueNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.map((name, i) => {
    const base = name.trim() === '' ? `Series ${i + 1}` : name;
    let unique = base;
    for (let n = 2; seen.has(unique); n += 1) unique = `${base} (${n})`;
    seen.add(unique);
    return unique;
  });
}

/**
 * What pptxgenjs cannot write of a chart, put into the chart part it wrote: the legend's weight,
 * and where the chart places its legend and its title (an imported chart's own layout), as manual
 * layouts in the chart's shares. The chart part as it was when it needs none of these.
 */
export function placeChartParts(xml: string, data: ChartElement['data']): string {
  const share = (value: number) => String(Math.round(value * 1e6) / 1e6);
  const manual = (at: { x: number; y: number; w?: number; h?: number }) =>
    '<c:layout><c:manualLayout><c:xMode val="edge"/><c:yMode val="edge"/>' +
    `<c:x val="${share(at.x)}"/><c:y val="${share(at.y)}"/>` +
    (at.w !== undefined && at.h !== undefined
      ? `<c:w val="${share(at.w)}"/><c:h val="${share(at.h)}"/>`
      : '') +
    '</c:manualLayout></c:layout>';
  let placed = xml;
  // The legend's weight (pptxgenjs writes its size, colour and face only).
  if (data.legendBold) {
    placed = placed.replace(/<c:legend>[\s\S]*?<\/c:legend>/, (legend) =>
      legend.replace(/<a:defRPr\b(?![^>]*\bb=)/, '<a:defRPr b="1"'),
    );
  }
  if (data.legendArea) {
    placed = placed.replace(
      /(<c:legend>\s*<c:legendPos val="\w+"\/>)/,
      `$1${manual(data.legendArea)}`,
    );
  }
  if (data.titleAt) {
    placed = placed.replace(
      /(<c:title>[\s\S]*?<\/c:tx>\s*)<c:layout\/>/,
      `$1${manual(data.titleAt)}`,
    );
  }
  return placed;
}
