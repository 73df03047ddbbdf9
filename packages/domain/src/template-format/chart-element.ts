import { z } from 'zod';
import { CHART_FIGURE_LIMIT, chartNumberSchema, chartTypes } from '../chart.ts';
import { boundText } from './bindings.ts';
import { importFontFamilies, templateColorSchema } from './colors-and-fonts.ts';
import { boxShape, common } from './element-fields.ts';

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

/** A part of a chart's box, as shares of its width and height from its top left corner. */
const shareBoxSchema = z
  .object({
    x: z.number().min(0).max(1),
    y: z.number().min(0).max(1),
    w: z.number().min(0.05).max(1),
    h: z.number().min(0.05).max(1),
  })
  .strict();

/**
 * A chart drawn by the engine from its data: columns, bars or lines over categories with a value
 * axis, or a pie or doughnut of the first series. The PowerPoint gets a native chart (its data
 * editable there); the PDF and the web view draw it as shapes and text.
 */
export const chartElementSchema = z
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
