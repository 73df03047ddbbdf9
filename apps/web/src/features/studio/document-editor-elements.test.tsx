import type { TemplateSlideDocument } from '@deck-portal/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths.ts';
import { choose } from '../../test/choose-option.ts';
import { renderApp } from '../../test/render-app.tsx';
import {
  acceptSave,
  editorApi,
  openElement,
  savedBody,
  savingsChart,
  slide,
} from './document-editor-fixtures.tsx';

describe('the slide editor: tables, shapes, lines, charts and repeated blocks', () => {
  it('edits a table’s cells, adds a row, sets a line’s width, arrowhead and dashes, and adds a line', async () => {
    const withTable: TemplateSlideDocument = {
      ...slide,
      figures: { before: '48000' },
      elements: [
        {
          kind: 'table',
          x: 48,
          y: 124,
          w: 560,
          h: 200,
          columns: [2, 1],
          header: ['Annual saving', 'Before'],
          rows: [
            ['Spoiled stock', '$48,000'],
            ['Total', '{{figure.before | money}}'],
          ],
          headerFill: 'brand.ink',
        },
        { kind: 'line', x1: 48, y1: 340, x2: 600, y2: 340, color: 'brand.ink', width: 1 },
      ],
    };
    const { user, save } = await openElement('Table', withTable);
    const cell = screen.getByRole('textbox', { name: 'Row 1, column 1' });
    await user.clear(cell);
    await user.type(cell, 'Spoiled food');
    await user.type(screen.getByRole('textbox', { name: 'Header, column 2' }), ' (a year)');
    await user.click(screen.getByRole('button', { name: 'Add a row' }));
    await user.type(screen.getByRole('textbox', { name: 'Row 3, column 1' }), 'Energy');

    // The line in the list of elements (the "Line" button above the list adds one).
    await user.click(screen.getAllByRole('button', { name: 'Line' }).at(-1)!);
    const width = screen.getByRole('textbox', { name: 'Line width' });
    await user.clear(width);
    await user.type(width, '2.5');
    await choose(user, screen.getByRole('combobox', { name: 'End' }), 'Arrowhead');
    await user.click(screen.getByRole('checkbox', { name: 'Dashed' }));
    // And a new line, plain, from the button above the list.
    await user.click(screen.getAllByRole('button', { name: 'Line' })[0]!);
    expect(screen.getByRole('combobox', { name: 'End' })).toHaveValue('Plain');
    const saved = await save();
    expect(saved.document.elements[0]).toMatchObject({
      header: ['Annual saving', 'Before (a year)'],
      rows: [
        ['Spoiled food', '$48,000'],
        ['Total', '{{figure.before | money}}'],
        ['Energy', ''],
      ],
    });
    expect(saved.document.elements[1]).toEqual({
      id: expect.any(String),
      kind: 'line',
      x1: 48,
      y1: 340,
      x2: 600,
      y2: 340,
      color: 'brand.ink',
      width: 2.5,
      endArrow: 'triangle',
      dash: true,
    });
    expect(saved.document.elements[2]).toEqual({
      id: expect.any(String),
      kind: 'line',
      x1: 120,
      y1: 300,
      x2: 420,
      y2: 300,
      color: 'brand.ink',
      width: 2,
    });
  });

  it('keeps a bulleted cell’s bullets with its lines when a line is split, one removed and a row added', async () => {
    const dot = { indent: 18, bullet: '•', hanging: 12 };
    const dash = { indent: 36, bullet: '–', hanging: 12 };
    const bulleted: TemplateSlideDocument = {
      ...slide,
      elements: [
        {
          kind: 'table',
          x: 48,
          y: 124,
          w: 560,
          h: 200,
          columns: [2, 1],
          header: ['Plan', 'Price'],
          rows: [['Included\nSupport\nTraining', '$900']],
          headerFill: null,
          cellParagraphs: [
            [null, null],
            [[{ indent: 0 }, dot, dash], null],
          ],
        },
      ],
    };
    const { user, save } = await openElement('Table', bulleted);
    const cell = screen.getByRole('textbox', { name: 'Row 1, column 1' });
    expect(cell).toHaveValue('Included\nSupport\nTraining');
    // A line split after "Support" takes its bullet; "Included" is taken away with its paragraph.
    const afterSupport = 'Included\nSupport'.length;
    await user.type(cell, '{Enter}Onboarding', {
      initialSelectionStart: afterSupport,
      initialSelectionEnd: afterSupport,
    });
    await user.type(cell, '{Delete}'.repeat('Included\n'.length), {
      initialSelectionStart: 0,
      initialSelectionEnd: 0,
    });
    await user.click(screen.getByRole('button', { name: 'Add a row' }));
    const saved = await save();
    expect(saved.document.elements[0]).toMatchObject({
      rows: [
        ['Support\nOnboarding\nTraining', '$900'],
        ['', ''],
      ],
      cellParagraphs: [
        [null, null],
        [[dot, dot, dash], null],
        [null, null],
      ],
    });
  });

  it('fills a gradient shape plainly, sets its outline, and outlines a shape that had none', async () => {
    const withShapes: TemplateSlideDocument = {
      ...slide,
      elements: [
        {
          kind: 'rect',
          x: 48,
          y: 40,
          w: 200,
          h: 100,
          gradient: {
            angle: 90,
            stops: [
              { at: 0, color: '#FFFFFF' },
              { at: 1, color: 'brand.ink' },
            ],
          },
          stroke: { color: '#C00000', width: 1 },
        },
        { kind: 'ellipse', x: 300, y: 40, w: 100, h: 100, fill: '#2F6FDE' },
      ],
    };
    const { user, save } = await openElement('Rectangle', withShapes);
    expect(screen.getByText(/Filled with a gradient/)).toBeVisible();
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Fill' })).getByRole('radio', {
        name: 'brand.ink',
      }),
    );
    expect(screen.queryByText(/Filled with a gradient/)).toBeNull();
    const width = screen.getByRole('textbox', { name: 'Outline width' });
    await user.clear(width);
    await user.type(width, '3');
    await user.click(screen.getByRole('checkbox', { name: 'Dashed outline' }));

    await user.click(screen.getByRole('button', { name: 'Ellipse' }));
    expect(screen.queryByRole('textbox', { name: 'Outline width' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Outline' }));
    await user.click(screen.getByRole('checkbox', { name: 'Filled' }));
    const saved = await save();
    expect(saved.document.elements[0]).toEqual({
      id: expect.any(String),
      kind: 'rect',
      x: 48,
      y: 40,
      w: 200,
      h: 100,
      fill: 'brand.ink',
      stroke: { color: '#C00000', width: 3, dash: true },
    });
    // An outline in the palette's first colour, one point wide; no fill.
    expect(saved.document.elements[1]).toEqual({
      id: expect.any(String),
      kind: 'ellipse',
      x: 300,
      y: 40,
      w: 100,
      h: 100,
      stroke: { color: 'brand.ink', width: 1 },
    });
  });

  it('edits a chart: its kind, its legend and its figures pasted from a spreadsheet', async () => {
    const withChart: TemplateSlideDocument = {
      ...slide,
      elements: [
        savingsChart([120, 135], 140),
        {
          kind: 'chart',
          x: 620,
          y: 124,
          w: 300,
          h: 300,
          chart: 'pie',
          title: 'Costs',
          categories: ['Energy', 'Service'],
          series: [{ name: 'Share', values: [70, 30] }],
          size: 11,
          color: 'brand.ink',
        },
      ],
    };
    const { user, save } = await openElement('Chart: Savings', withChart);
    const figures = screen.getByRole('textbox', { name: 'Figures' });
    expect(figures).toHaveValue('\tBefore\n2025\t120\n2026\t135');

    // A cell that is not a figure is named, and the chart keeps its figures.
    await user.clear(figures);
    await user.click(figures);
    await user.paste('\tBefore\tAfter\n2025\t120\t90\n2026\tlots\t80');
    expect(screen.getByText('"lots" (2026, Before) is not a number.')).toBeVisible();
    // Another chart chosen shows its own figures; back again, the first shows what it has.
    await user.click(screen.getByRole('button', { name: 'Chart: Costs' }));
    expect(screen.getByRole('textbox', { name: 'Figures' })).toHaveValue(
      '\tShare\nEnergy\t70\nService\t30',
    );
    await user.click(screen.getByRole('button', { name: 'Chart: Savings' }));
    expect(screen.getByRole('textbox', { name: 'Figures' })).toHaveValue(
      '\tBefore\n2025\t120\n2026\t135',
    );
    const sheet = screen.getByRole('textbox', { name: 'Figures' });
    await user.clear(sheet);
    await user.click(sheet);
    await user.paste('\tBefore\tAfter\n2025\t120\t90\n2026\t$1,350\t\n2027\t150\t70');
    expect(screen.queryByText(/is not a number/)).toBeNull();
    expect(screen.getByText('3 categories, 2 series.')).toBeVisible();

    // 150 is past the axis the chart fixed: emptied, it is worked out from the figures again.
    expect(screen.getByRole('textbox', { name: 'Axis to' })).toHaveValue('140');
    await user.clear(screen.getByRole('textbox', { name: 'Axis to' }));
    await user.clear(screen.getByRole('textbox', { name: 'Axis from' }));
    await choose(user, screen.getByRole('combobox', { name: 'Chart' }), 'Bars');
    await choose(user, screen.getByRole('combobox', { name: 'Legend' }), 'Bottom');
    await user.click(screen.getByRole('checkbox', { name: 'Figures on the chart' }));
    // The new series takes a colour from the palette.
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Series: After' })).getByRole('radio', {
        name: 'brand.ink',
      }),
    );
    const saved = await save();
    expect(saved.document.elements[0]).toMatchObject({
      kind: 'chart',
      chart: 'bar',
      legend: 'bottom',
      dataLabels: true,
      categories: ['2025', '2026', '2027'],
      series: [
        { name: 'Before', values: [120, 1350, 150], color: '#0B2545' },
        { name: 'After', values: [90, null, 70], color: 'brand.ink' },
      ],
    });
    expect(saved.document.elements[0]).not.toHaveProperty('scale');
    expect(saved.document.elements[1]).toEqual({
      ...withChart.elements[1],
      id: expect.any(String),
    });
  });

  it('writes a chart’s figures in a format, fixes its axis and sizes its text', async () => {
    const chart: TemplateSlideDocument = {
      ...slide,
      elements: [savingsChart([1200, 1350], 1400)],
    };
    const { user, save } = await openElement('Chart: Savings', chart);
    expect(screen.getByText('Untouched: each figure as typed.')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: 'Format the figures' }));
    await user.type(screen.getByRole('textbox', { name: 'Before' }), '$');
    await user.click(screen.getByRole('checkbox', { name: 'Thousands separator' }));
    const decimals = screen.getByRole('textbox', { name: 'Decimals' });
    await user.clear(decimals);
    await user.type(decimals, '1');
    expect(screen.getByText('Written as $1,200.0 (the first figure).')).toBeVisible();

    // An axis ending below where it starts is named and not taken.
    const from = screen.getByRole('textbox', { name: 'Axis from' });
    await user.clear(from);
    await user.type(from, '2000');
    expect(screen.getByRole('alert')).toHaveTextContent('The axis must end above where it starts.');
    const to = screen.getByRole('textbox', { name: 'Axis to' });
    await user.clear(to);
    await user.type(to, '5000');
    expect(screen.queryByRole('alert')).toBeNull();
    // A minus sign and a decimal point on their way are kept as typed.
    await user.clear(from);
    await user.type(from, '-1.5');
    expect(from).toHaveValue('-1.5');
    await user.type(screen.getByRole('textbox', { name: 'Step' }), '0.25');
    // A size below the least is raised to it on leaving the field, shown as the chart has it.
    const size = screen.getByRole('textbox', { name: 'Label size' });
    await user.clear(size);
    await user.type(size, '2');
    await user.tab();
    expect(size).toHaveValue('4 pt');
    await user.clear(size);
    await user.type(size, '14');
    expect((await save()).document.elements[0]).toMatchObject({
      number: { decimals: 1, grouping: true, percent: false, prefix: '$', suffix: '' },
      scale: { min: -1.5, max: 5000, step: 0.25 },
      size: 14,
    });
  });

  it('sets the subheading, the products a slide is about and the figures it computes', async () => {
    const calls = editorApi(acceptSave);
    renderApp(paths.librarySlide('about-us'));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Subheading' }), 'Since 2009');
    const about = screen
      .getAllByLabelText('About these products')
      .find((field) => field instanceof HTMLInputElement && field.type !== 'hidden')!;
    await userEvent.click(about);
    // The first list of products is this field's; the engagement field below has its own.
    const [controller] = await screen.findAllByRole('option', { name: 'Controller', hidden: true });
    await userEvent.click(controller!);
    await userEvent.click(screen.getByRole('button', { name: 'Add a figure' }));
    const name = screen.getByRole('textbox', { name: 'Figure 1 name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'sites');
    const formula = screen.getByRole('textbox', { name: 'Figure 1 formula' });
    await userEvent.clear(formula);
    await userEvent.type(formula, 'max(1, quantity.controller)');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved to the draft')).toBeVisible();
    const saved = savedBody(calls);
    expect(saved.document).toMatchObject({
      subheading: 'Since 2009',
      forProducts: ['controller'],
      figures: { sites: 'max(1, quantity.controller)' },
    });
  });

  it('places a repeated block by its numbers, and adds the deck’s quote and feature tags', async () => {
    const withRepeat: TemplateSlideDocument = {
      ...slide,
      elements: [
        {
          kind: 'repeat',
          over: 'deck.sections',
          x: 48,
          y: 130,
          direction: 'down',
          step: 40,
          max: 8,
          elements: [
            {
              kind: 'text',
              x: 0,
              y: 0,
              w: 400,
              h: 30,
              text: '{{item.number}} {{item.name}}',
              style: { weight: 'regular', size: 14, color: 'brand.ink' },
            },
          ],
        },
      ],
    };
    const { user, save } = await openElement('Repeated block', withRepeat);
    expect(screen.getByText(/One copy of its elements per section of the deck/)).toBeVisible();
    const step = screen.getByRole('textbox', { name: 'Step' });
    await user.clear(step);
    await user.type(step, '52');
    await user.click(screen.getByRole('button', { name: 'Quote' }));
    expect(screen.getByRole('button', { name: 'Quote table' })).toBeVisible();
    // Feature tags: the chosen products' tags from the price book.
    await user.click(screen.getByRole('button', { name: 'Feature tags' }));
    expect(
      await screen.findByText(/Each product's feature tags from the price book/),
    ).toBeVisible();
    const saved = await save();
    expect(saved.document.elements[0]).toMatchObject({ kind: 'repeat', step: 52, x: 48 });
    expect(saved.document.elements[1]).toMatchObject({
      kind: 'quote',
      headerFill: 'brand.primary',
    });
    expect(saved.document.elements[2]).toMatchObject({
      kind: 'chips',
      products: [expect.any(String)],
      style: { size: 9.5 },
    });
  });
});
