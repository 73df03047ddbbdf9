import type { TemplateElement } from '@deck-portal/domain';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { applyFieldChoices, findFields, textsOf } from './fields.ts';
import { readSlides } from './read-slides.ts';
import { fixtureColors, openFixture, xfrm } from './test-fixtures.ts';

// Charts as PowerPoint writes them (a chart part beside the slide, its figures cached in it)
// read into the engine's chart element.

type Chart = Extract<TemplateElement, { kind: 'chart' }>;

const c = 'xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart"';
const a = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"';

const strCache = (names: string[]) =>
  `<c:strRef><c:f>Sheet1!A1</c:f><c:strCache><c:ptCount val="${names.length}"/>${names
    .map((n, i) => `<c:pt idx="${i}"><c:v>${n}</c:v></c:pt>`)
    .join('')}</c:strCache></c:strRef>`;
const numCache = (values: (number | null)[], code = 'General') =>
  `<c:numRef><c:f>Sheet1!B2</c:f><c:numCache><c:formatCode>${code}</c:formatCode><c:ptCount val="${values.length}"/>${values
    .map((v, i) => (v === null ? '' : `<c:pt idx="${i}"><c:v>${v}</c:v></c:pt>`))
    .join('')}</c:numCache></c:numRef>`;
const series = (
  index: number,
  name: string,
  categories: string[],
  values: (number | null)[],
  extra = '',
) =>
  `<c:ser><c:idx val="${index}"/><c:order val="${index}"/><c:tx>${strCache([name])}</c:tx>${extra}` +
  `<c:cat>${strCache(categories)}</c:cat><c:val>${numCache(values, '#,##0')}</c:val></c:ser>`;
const text = (size: number, typeface = 'Arial') =>
  `<c:txPr><a:bodyPr/><a:p><a:pPr><a:defRPr sz="${size * 100}"><a:solidFill><a:srgbClr val="333333"/></a:solidFill>` +
  `<a:latin typeface="${typeface}"/></a:defRPr></a:pPr></a:p></c:txPr>`;
const axes =
  '<c:catAx><c:axId val="1"/><c:crossAx val="2"/>' +
  text(9) +
  '</c:catAx><c:valAx><c:axId val="2"/><c:majorGridlines/><c:numFmt formatCode="General" sourceLinked="1"/><c:crossAx val="1"/></c:valAx>';
const space = (chart: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><c:chartSpace ${c} ${a}><c:chart>${chart}</c:chart></c:chartSpace>`;

async function readChartSlide(part: string, chartParts: Record<string, string> = {}) {
  const frame =
    '<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="5" name="Chart 4"/><p:cNvGraphicFramePr/><p:nvPr/>' +
    `</p:nvGraphicFramePr>${xfrm(100, 80, 600, 400, 'p:xfrm')}<a:graphic><a:graphicData ` +
    'uri="http://schemas.openxmlformats.org/drawingml/2006/chart">' +
    `<c:chart ${c} r:id="rId2"/></a:graphicData></a:graphic></p:graphicFrame>`;
  const { slides } = await readSlides(
    openFixture({
      slides: [
        {
          shapes: frame,
          relationships: [{ id: 'rId2', type: 'chart', target: '../charts/chart1.xml' }],
        },
      ],
      parts: {
        'ppt/charts/chart1.xml': strToU8(part),
        ...Object.fromEntries(
          Object.entries(chartParts).map(([path, xml]) => [path, strToU8(xml)]),
        ),
      },
    }),
  );
  return slides[0]!;
}

const regions = ['North', 'South', 'East'];

describe('reading a chart', () => {
  it('reads columns: their figures, colours, title, legend, labels and number format', async () => {
    const slide = await readChartSlide(
      space(
        '<c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:t>Sales by </a:t></a:r><a:r><a:t>region</a:t></a:r></a:p></c:rich></c:tx></c:title>' +
          '<c:plotArea><c:barChart><c:barDir val="col"/><c:grouping val="clustered"/>' +
          series(
            0,
            '2025',
            regions,
            [120, 340, null],
            '<c:spPr><a:solidFill><a:srgbClr val="0B2545"/></a:solidFill></c:spPr>',
          ) +
          series(1, '2026', regions, [150, 300, 80]) +
          '<c:dLbls><c:txPr><a:bodyPr/><a:p><a:pPr><a:defRPr sz="1400" b="1"/></a:pPr></a:p></c:txPr><c:showVal val="1"/></c:dLbls></c:barChart>' +
          axes +
          '</c:plotArea><c:legend><c:legendPos val="b"/></c:legend>',
      ),
    );
    expect(slide.report.imported).toEqual({ chart: 1 });
    expect(slide.report.notImported).toEqual([]);
    expect(slide.report.fonts).toEqual([{ from: 'Arial', to: 'Arimo' }]);
    const chart = slide.elements[0] as Chart;
    expect(chart).toMatchObject({
      kind: 'chart',
      x: 100,
      y: 80,
      w: 600,
      h: 400,
      chart: 'column',
      title: 'Sales by region',
      categories: regions,
      legend: 'bottom',
      dataLabels: true,
      dataLabelSize: 14,
      dataLabelBold: true,
      gridlines: true,
      size: 9,
      color: '#333333',
      font: 'Arimo',
      number: { decimals: 0, grouping: true, percent: false, prefix: '', suffix: '' },
    });
    // The first series's own colour; the second takes the theme's second accent.
    expect(chart.series).toEqual([
      { name: '2025', values: [120, 340, null], color: '#0B2545' },
      { name: '2026', values: [150, 300, 80], color: expect.stringMatching(/^#[0-9A-F]{6}$/) },
    ]);
    expect(chart.series[1]!.color).not.toBe(chart.series[0]!.color);
  });

  it('takes the theme a chart carries of its own, and its text in the theme’s dark text', async () => {
    const override =
      `<?xml version="1.0" encoding="UTF-8"?><a:themeOverride ${a}><a:clrScheme name="Office">` +
      '<a:dk1><a:srgbClr val="101010"/></a:dk1><a:lt1><a:srgbClr val="FFFFFF"/></a:lt1>' +
      '<a:accent1><a:srgbClr val="4F81BD"/></a:accent1><a:accent2><a:srgbClr val="C0504D"/></a:accent2>' +
      '</a:clrScheme><a:fontScheme name="Office"><a:majorFont><a:latin typeface="Cambria"/></a:majorFont>' +
      '<a:minorFont><a:latin typeface="Times New Roman"/></a:minorFont></a:fontScheme></a:themeOverride>';
    const part = space(
      '<c:plotArea><c:barChart><c:barDir val="col"/><c:grouping val="clustered"/>' +
        series(0, '2025', regions, [1, 2, 3]) +
        series(1, '2026', regions, [2, 3, 4]) +
        '<c:dLbls><c:showVal val="1"/></c:dLbls></c:barChart>' +
        '<c:catAx><c:axId val="1"/><c:crossAx val="2"/><c:txPr><a:bodyPr/><a:p><a:pPr><a:defRPr sz="2000" b="1"/></a:pPr></a:p></c:txPr></c:catAx>' +
        '<c:valAx><c:axId val="2"/><c:crossAx val="1"/></c:valAx></c:plotArea>',
    ).replace(
      '</c:chartSpace>',
      '<c:txPr><a:bodyPr/><a:p><a:pPr><a:defRPr sz="1200"/></a:pPr></a:p></c:txPr></c:chartSpace>',
    );
    const rels =
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/themeOverride" Target="../theme/themeOverride1.xml"/></Relationships>';

    const overridden = (
      await readChartSlide(part, {
        'ppt/charts/_rels/chart1.xml.rels': rels,
        'ppt/theme/themeOverride1.xml': override,
      })
    ).elements[0] as Chart;
    // The override's accents, dark text and body font; the category names in their axis's
    // 20 pt bold, the value axis's figures and the data labels as the chart's text says (12 pt).
    expect(overridden.series.map((s) => s.color)).toEqual(['#4F81BD', '#C0504D']);
    expect(overridden).toMatchObject({
      color: '#101010',
      font: 'Tinos',
      size: 20,
      bold: true,
      valueLabelSize: 12,
      valueLabelBold: false,
      dataLabelSize: 12,
      dataLabelBold: false,
    });

    // Without the override: the slide's theme (the fixture's accents, dark text and Calibri).
    const own = (await readChartSlide(part)).elements[0] as Chart;
    expect(own.series.map((s) => s.color)).toEqual([
      `#${fixtureColors.accent1}`,
      `#${fixtureColors.accent2}`,
    ]);
    expect(own).toMatchObject({ color: `#${fixtureColors.dk1}`, font: 'Carlito' });
  });

  it('draws the shapes drawn over a chart where their anchors put them, above it', async () => {
    const cdr = 'xmlns:cdr="http://schemas.openxmlformats.org/drawingml/2006/chartDrawing"';
    const line =
      '<cdr:cxnSp><cdr:nvCxnSpPr><cdr:cNvPr id="3" name="Projection"/><cdr:cNvCxnSpPr/></cdr:nvCxnSpPr>' +
      '<cdr:spPr><a:xfrm flipV="1"><a:off x="1" y="1"/><a:ext cx="1" cy="1"/></a:xfrm><a:prstGeom prst="line"/>' +
      '<a:ln w="12700"><a:solidFill><a:srgbClr val="FF0000"/></a:solidFill><a:prstDash val="dash"/></a:ln></cdr:spPr></cdr:cxnSp>';
    const note =
      '<cdr:sp><cdr:nvSpPr><cdr:cNvPr id="4" name="Note"/><cdr:cNvSpPr txBox="1"/></cdr:nvSpPr>' +
      '<cdr:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="1" cy="1"/></a:xfrm><a:prstGeom prst="rect"/></cdr:spPr>' +
      '<cdr:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="en-US" sz="1200"/><a:t>Forecast</a:t></a:r></a:p></cdr:txBody></cdr:sp>';
    const drawing =
      `<?xml version="1.0" encoding="UTF-8"?><c:userShapes ${c} ${a}>` +
      `<cdr:relSizeAnchor ${cdr}><cdr:from><cdr:x>0.5</cdr:x><cdr:y>0.5</cdr:y></cdr:from>` +
      `<cdr:to><cdr:x>1</cdr:x><cdr:y>0.75</cdr:y></cdr:to>${line}</cdr:relSizeAnchor>` +
      `<cdr:absSizeAnchor ${cdr}><cdr:from><cdr:x>0.1</cdr:x><cdr:y>0.1</cdr:y></cdr:from>` +
      `<cdr:ext cx="1270000" cy="381000"/>${note}</cdr:absSizeAnchor></c:userShapes>`;
    const part = space(
      '<c:plotArea><c:barChart><c:barDir val="col"/><c:grouping val="clustered"/>' +
        series(0, '2025', regions, [1, 2, 3]) +
        '</c:barChart>' +
        axes +
        '</c:plotArea>',
    ).replace('</c:chartSpace>', '<c:userShapes r:id="rId3"/></c:chartSpace>');
    const rels =
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/chartUserShapes" Target="../drawings/drawing1.xml"/></Relationships>';
    const slide = await readChartSlide(
      part.replace(
        '<c:chartSpace ',
        '<c:chartSpace xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ',
      ),
      { 'ppt/charts/_rels/chart1.xml.rels': rels, 'ppt/drawings/drawing1.xml': drawing },
    );
    // The chart's box is 100, 80, 600 × 400: the line from its middle to three quarters down its
    // right edge (flipped: rising), the note 100 × 30 pt from a tenth in.
    expect(slide.elements.map((e) => e.kind)).toEqual(['chart', 'line', 'text']);
    expect(slide.elements[1]).toEqual({
      kind: 'line',
      x1: 400,
      y1: 380,
      x2: 700,
      y2: 280,
      color: '#FF0000',
      width: 1,
      dash: true,
    });
    expect(slide.elements[2]).toMatchObject({ kind: 'text', x: expect.closeTo(160 + 7.2, 1) });
    expect(textsOf(slide.elements)).toContain('Forecast');
  });

  it('reads lines drawn over columns as one chart, and bars stacked', async () => {
    const combo = await readChartSlide(
      space(
        '<c:autoTitleDeleted val="1"/><c:plotArea><c:barChart><c:barDir val="bar"/><c:grouping val="stacked"/>' +
          series(0, 'Hardware', regions, [1, 2, 3]) +
          series(1, 'Service', regions, [2, 2, 2]) +
          '</c:barChart>' +
          axes +
          '</c:plotArea>',
      ),
    );
    expect(combo.elements[0]).toMatchObject({ chart: 'bar', stacked: true });
    expect((combo.elements[0] as Chart).title).toBeUndefined();
    expect((combo.elements[0] as Chart).legend).toBeUndefined();

    const lines = await readChartSlide(
      space(
        '<c:plotArea><c:barChart><c:barDir val="col"/><c:grouping val="clustered"/>' +
          series(0, 'Units', regions, [5, 6, 7]) +
          '</c:barChart><c:lineChart><c:grouping val="standard"/>' +
          series(
            1,
            'Trend',
            regions,
            [5.5, 6.5, 7.5],
            '<c:spPr><a:ln w="28575"><a:solidFill><a:srgbClr val="E07A5F"/></a:solidFill></a:ln></c:spPr>',
          ) +
          '</c:lineChart>' +
          axes +
          '</c:plotArea>',
      ),
    );
    const chart = lines.elements[0] as Chart;
    expect(chart.chart).toBe('column');
    expect(chart.series.map((s) => [s.name, s.asLine ?? false])).toEqual([
      ['Units', false],
      ['Trend', true],
    ]);
    expect(chart.series[1]!.color).toBe('#E07A5F');
  });

  it('reads a pie: slice colours of their own, the title from its one series', async () => {
    const slide = await readChartSlide(
      space(
        '<c:title/><c:autoTitleDeleted val="0"/><c:plotArea><c:pieChart><c:varyColors val="1"/>' +
          series(
            0,
            'Share',
            regions,
            [50, 30, 20],
            '<c:dPt><c:idx val="1"/><c:spPr><a:solidFill><a:srgbClr val="FF0000"/></a:solidFill></c:spPr></c:dPt>',
          ) +
          '<c:dLbls><c:showPercent val="1"/></c:dLbls></c:pieChart></c:plotArea><c:legend><c:legendPos val="r"/></c:legend>',
      ),
    );
    const chart = slide.elements[0] as Chart;
    expect(chart).toMatchObject({
      chart: 'pie',
      title: 'Share',
      legend: 'right',
      dataLabels: true,
      percentLabels: true,
    });
    expect(chart.series).toEqual([{ name: 'Share', values: [50, 30, 20] }]);
    expect(chart.palette).toHaveLength(3);
    expect(chart.palette![1]).toBe('#FF0000');
  });

  it('keeps the chart’s own layout: plot, axis, turned names, title, markers and outlines', async () => {
    const slide = await readChartSlide(
      space(
        '<c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:rPr sz="1400" b="0"/><a:t>Graduation</a:t></a:r></a:p></c:rich></c:tx>' +
          '<c:layout><c:manualLayout><c:xMode val="edge"/><c:yMode val="edge"/><c:x val="0.2"/><c:y val="0"/></c:manualLayout></c:layout></c:title>' +
          '<c:plotArea><c:layout><c:manualLayout><c:layoutTarget val="inner"/><c:xMode val="edge"/><c:yMode val="edge"/>' +
          '<c:x val="0.1"/><c:y val="0.2"/><c:w val="0.7"/><c:h val="0.6"/></c:manualLayout></c:layout>' +
          '<c:barChart><c:barDir val="col"/><c:grouping val="clustered"/>' +
          series(
            0,
            '2005',
            regions,
            [59, 50, 40],
            '<c:spPr><a:solidFill><a:srgbClr val="000080"/></a:solidFill><a:ln><a:solidFill><a:srgbClr val="000000"/></a:solidFill></a:ln></c:spPr>',
          ) +
          '</c:barChart><c:lineChart><c:grouping val="standard"/>' +
          series(
            1,
            '1995',
            regions,
            [33, 20, 25],
            '<c:spPr><a:ln><a:noFill/></a:ln></c:spPr><c:marker><c:symbol val="circle"/><c:spPr><a:solidFill><a:srgbClr val="FF0000"/></a:solidFill></c:spPr></c:marker>',
          ) +
          '<c:marker val="1"/></c:lineChart>' +
          '<c:catAx><c:axId val="1"/><c:txPr><a:bodyPr rot="-5400000"/><a:p><a:pPr><a:defRPr sz="800" b="1"/></a:pPr></a:p></c:txPr></c:catAx>' +
          '<c:valAx><c:axId val="2"/><c:scaling><c:max val="70"/><c:min val="0"/></c:scaling><c:majorGridlines/><c:majorUnit val="10"/></c:valAx>' +
          '</c:plotArea><c:legend><c:legendPos val="t"/><c:layout><c:manualLayout><c:xMode val="edge"/><c:yMode val="edge"/>' +
          '<c:x val="0.25"/><c:y val="0.05"/><c:w val="0.4"/><c:h val="0.1"/></c:manualLayout></c:layout>' +
          '<c:txPr><a:bodyPr/><a:p><a:pPr><a:defRPr sz="1200"/></a:pPr></a:p></c:txPr></c:legend>',
      ),
    );
    const chart = slide.elements[0] as Chart;
    expect(chart).toMatchObject({
      plot: { x: 0.1, y: 0.2, w: 0.7, h: 0.6 },
      scale: { min: 0, max: 70, step: 10 },
      categoryTurn: 90,
      size: 8,
      bold: true,
      legend: 'top',
      legendArea: { x: 0.25, y: 0.05, w: 0.4, h: 0.1 },
      legendSize: 12,
      // The legend as the chart's text is (regular), not as the category axis's (bold).
      legendBold: false,
      title: 'Graduation',
      titleAt: { x: 0.2, y: 0 },
      titleSize: 14,
      titleBold: false,
      gridlines: true,
      gridColor: '#868686',
    });
    expect(chart.series).toEqual([
      { name: '2005', values: [59, 50, 40], color: '#000080', outline: '#000000' },
      {
        name: '1995',
        values: [33, 20, 25],
        color: '#FF0000',
        asLine: true,
        markers: true,
        line: false,
      },
    ]);
  });

  it("keeps a line's markers in their shape and size; marks it has not are circles", async () => {
    const line = (index: number, marker: string) =>
      series(index, `Series ${index}`, regions, [1, 2, 3], `<c:marker>${marker}</c:marker>`);
    const slide = await readChartSlide(
      space(
        '<c:plotArea><c:lineChart><c:grouping val="standard"/>' +
          line(0, '<c:symbol val="diamond"/><c:size val="9"/>') +
          line(1, '<c:symbol val="square"/>') +
          line(2, '<c:symbol val="star"/><c:size val="12"/>') +
          line(3, '<c:symbol val="none"/><c:size val="5"/>') +
          '<c:marker val="1"/></c:lineChart>' +
          axes +
          '</c:plotArea>',
      ),
    );
    const marks = (slide.elements[0] as Chart).series.map(
      ({ markers, markerShape, markerSize }) => ({ markers, markerShape, markerSize }),
    );
    expect(marks).toEqual([
      { markers: true, markerShape: 'diamond', markerSize: 9 },
      { markers: true, markerShape: 'square', markerSize: undefined },
      { markers: true, markerShape: undefined, markerSize: 12 },
      { markers: undefined, markerShape: undefined, markerSize: undefined },
    ]);
  });

  it('offers a field in its title as a binding', async () => {
    const slide = await readChartSlide(
      space(
        '<c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:t>Savings at [Client]</a:t></a:r></a:p></c:rich></c:tx></c:title>' +
          '<c:plotArea><c:barChart><c:barDir val="col"/><c:grouping val="clustered"/>' +
          series(0, 'Units', regions, [5, 6, 7]) +
          '</c:barChart>' +
          axes +
          '</c:plotArea>',
      ),
    );
    expect(findFields(slide.elements)).toEqual([
      { text: '[Client]', label: 'Client', suggestion: 'client.name' },
    ]);
    const [bound] = applyFieldChoices(slide.elements, { '[Client]': 'client.name' });
    expect((bound as Chart).title).toBe('Savings at {{client.name}}');
  });

  it('draws a 3-D chart flat and says so', async () => {
    const slide = await readChartSlide(
      space(
        '<c:plotArea><c:bar3DChart><c:barDir val="col"/><c:grouping val="clustered"/>' +
          series(0, 'Units', regions, [5, 6, 7]) +
          '</c:bar3DChart>' +
          axes.replace('<c:majorGridlines/>', '<c:delete val="1"/>') +
          '</c:plotArea>',
      ),
    );
    expect(slide.elements[0]).toMatchObject({ chart: 'column', valueLabels: false });
    expect(slide.report.notImported).toEqual([
      { kind: 'effect', why: 'a 3-D chart is drawn flat' },
    ]);
  });

  it('counts points without a stated count, and notes what it draws otherwise', async () => {
    const slide = await readChartSlide(
      space(
        '<c:plotArea><c:barChart><c:barDir val="col"/><c:grouping val="percentStacked"/>' +
          series(0, 'Units', regions, [5, 6, 7]).replace(/<c:ptCount val="\d+"\/>/g, '') +
          '</c:barChart>' +
          axes.replace('<c:majorGridlines/>', '<c:scaling><c:logBase val="10"/></c:scaling>') +
          '</c:plotArea>',
      ),
    );
    expect(slide.elements[0]).toMatchObject({
      chart: 'column',
      stacked: true,
      categories: regions,
      series: [{ name: 'Units', values: [5, 6, 7] }],
    });
    expect(slide.report.notImported).toEqual([
      { kind: 'effect', why: 'a 100 % stacked chart is drawn stacked, in its figures' },
      { kind: 'effect', why: 'a logarithmic value axis is drawn even' },
    ]);
  });

  it('leaves out a chart whose figures a chart of the library cannot hold', async () => {
    const slide = await readChartSlide(
      space(
        '<c:plotArea><c:barChart><c:barDir val="col"/><c:grouping val="clustered"/>' +
          series(0, 'Units', regions, [5, 1e300, 7]) +
          '</c:barChart>' +
          axes +
          '</c:plotArea>',
      ),
    );
    expect(slide.elements).toEqual([]);
    expect(slide.report.notImported).toEqual([
      {
        kind: 'chart',
        why: 'a chart was left out: its figures do not fit a chart of the library',
      },
    ]);
    expect(slide.leftOut).toHaveLength(1);
  });

  it('leaves out a kind the engine does not draw, saying which, for the office renderer', async () => {
    const slide = await readChartSlide(
      space(
        '<c:plotArea><c:areaChart><c:grouping val="standard"/>' +
          series(0, 'Units', regions, [5, 6, 7]) +
          '</c:areaChart>' +
          axes +
          '</c:plotArea>',
      ),
    );
    expect(slide.elements).toEqual([]);
    expect(slide.report.notImported).toEqual([
      { kind: 'chart', why: 'a chart was left out: an area chart is not one the engine draws' },
    ]);
    expect(slide.leftOut).toMatchObject([
      { kind: 'chart', box: { x: 100, y: 80, w: 600, h: 400 } },
    ]);
  });
});
