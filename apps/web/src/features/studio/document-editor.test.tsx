import type { LibraryDraftResponse, TemplateSlideDocument } from '@deck-portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths.ts';
import { choose } from '../../test/choose-option.ts';
import { adminUser, apiError, mockApi, renderApp } from '../../test/render-app.tsx';

const slide: TemplateSlideDocument = {
  format: 1,
  id: 'about-us',
  title: 'About us',
  description: 'Who we are',
  background: '#FFFFFF',
  category: 'company',
  heading: 'About us',
  elements: [
    {
      kind: 'text',
      x: 48,
      y: 120,
      w: 400,
      h: 80,
      text: 'We keep food cold.',
      style: { weight: 'regular', size: 20, color: 'brand.ink' },
    },
  ],
};

const library: LibraryDraftResponse = {
  publishedVersion: 3,
  changes: [],
  categories: [{ id: 'company', name: 'Company', color: '#2F6FDE' }],
  palette: [{ value: 'brand.ink', hex: '#172233' }],
  slides: [],
  layouts: [],
};

/** A column chart titled Savings: one series, Before, over 2025 and 2026, its axis fixed to `max`. */
const savingsChart = (
  values: number[],
  max: number,
): TemplateSlideDocument['elements'][number] => ({
  kind: 'chart',
  x: 48,
  y: 124,
  w: 560,
  h: 300,
  chart: 'column',
  title: 'Savings',
  categories: ['2025', '2026'],
  series: [{ name: 'Before', values, color: '#0B2545' }],
  scale: { min: 0, max },
  size: 11,
  color: 'brand.ink',
});

type Answer = Parameters<typeof mockApi>[0][string];

/** What the editor sent with its save (the first `PUT`). */
function savedBody(calls: readonly { method: string; body: unknown }[]) {
  return calls.find((call) => call.method === 'PUT')!.body as { document: TemplateSlideDocument };
}

/** The editor's API for `document` (the About us slide unless given), saving with `save`. */
function editorApi(save: Answer | undefined, document: TemplateSlideDocument = slide) {
  return mockApi({
    'GET /api/auth/session': { body: { user: adminUser } },
    'GET /api/library': { body: library },
    'GET /api/library/slides/about-us': { body: { document, revision: 4 } },
    'POST /api/library/preview': {
      body: { svg: '<svg xmlns="http://www.w3.org/2000/svg"/>', overflowing: [] },
    },
    ...(save ? { 'PUT /api/library/slides/about-us': save } : {}),
  });
}

/** A save the server takes, answering the document sent. */
const acceptSave: Answer = ({ body }) => ({
  body: { document: (body as { document: object }).document, revision: 5 },
});

/**
 * The About us slide (or `document`) opened in the editor, its saves taken, and the element named
 * `name` chosen: the user, the calls the editor made and its save.
 */
async function openElement(name: string, document: TemplateSlideDocument = slide) {
  const calls = editorApi(acceptSave, document);
  const user = userEvent.setup();
  renderApp(paths.librarySlide('about-us'));
  await user.click(await screen.findByRole('button', { name }));
  /** Saves with the Save button, once the draft has it: what the editor sent. */
  const save = async () => {
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved to the draft')).toBeVisible();
    return savedBody(calls);
  };
  return { user, calls, save };
}

async function editTitle() {
  renderApp(paths.librarySlide('about-us'));
  const title = await screen.findByRole('textbox', { name: 'Title' });
  await userEvent.clear(title);
  await userEvent.type(title, 'Who we are');
  expect(screen.getByText('Unsaved changes')).toBeVisible();
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('the slide editor', () => {
  it('opens a slide stored with a broken binding, shows the problem and saves the fix', async () => {
    const mended = { ...slide, heading: 'Plan {nope}' };
    const calls = mockApi({
      'GET /api/auth/session': { body: { user: adminUser } },
      'GET /api/library': { body: library },
      'GET /api/library/slides/about-us': {
        body: {
          document: mended,
          revision: 4,
          problems: [{ field: 'heading', message: '{{nope}} is not a binding this format knows' }],
        },
      },
      'POST /api/library/preview': {
        body: { svg: '<svg xmlns="http://www.w3.org/2000/svg"/>', overflowing: [] },
      },
      'PUT /api/library/slides/about-us': acceptSave,
    });
    renderApp(paths.librarySlide('about-us'));
    const problem = await screen.findByRole('alert', { name: 'This slide has a problem' });
    expect(problem).toHaveTextContent('heading: {{nope}} is not a binding this format knows');
    expect(screen.getByText('Unsaved changes')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved to the draft')).toBeVisible();
    expect(savedBody(calls).document.heading).toBe('Plan {nope}');
    expect(screen.queryByRole('alert', { name: 'This slide has a problem' })).toBeNull();
  });

  it('saves against the revision it opened, then against the one it saved', async () => {
    let revision = 4;
    const calls = editorApi(({ body }) => {
      revision += 1;
      return { body: { document: (body as { document: object }).document, revision } };
    });
    await editTitle();
    expect(await screen.findByText('Saved to the draft')).toBeVisible();
    expect(screen.getByText(/revision 5/)).toBeVisible();
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText(/revision 6/)).toBeVisible());
    const saves = calls.filter((call) => call.method === 'PUT');
    expect(saves.map((call) => (call.body as { revision: number }).revision)).toEqual([4, 5]);
    expect((saves[1]!.body as { document: { title: string } }).document.title).toBe('Who we are!');
  });

  it('sets a text in italics and underlined, and saves that style', async () => {
    const { user, save } = await openElement('Text: We keep food cold.');
    await user.click(screen.getByRole('checkbox', { name: 'Italic' }));
    await user.click(screen.getByRole('checkbox', { name: 'Underline' }));
    await user.click(screen.getByRole('checkbox', { name: 'Underline' }));
    const saved = await save();
    expect(saved.document.elements[0]).toMatchObject({
      style: { weight: 'regular', size: 20, color: 'brand.ink', italic: true },
    });
    expect(saved.document.elements[0]).not.toHaveProperty('style.underline');
  });

  it('takes back a word typed in one undo, and a deleted element in the next', async () => {
    const { user } = await openElement('Text: We keep food cold.');
    // The ids the studio gives the elements are no change to save.
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    const text = screen.getByRole('textbox', { name: 'Text' });
    // Typed as a person types, each key well within a second of the last (a busy test machine
    // can take longer than that to render one).
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    await user.type(text, ' Always');
    clock.mockRestore();
    expect(text).toHaveValue('We keep food cold. Always');

    // The studio's undo, in the field as on the button: the whole word at once.
    await user.keyboard('{Control>}z{/Control}');
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveValue('We keep food cold.');
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveValue('We keep food cold. Always');

    await user.click(screen.getByRole('button', { name: 'Delete element' }));
    expect(screen.queryByRole('button', { name: /^Text: We keep food/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await user.click(
      await screen.findByRole('button', { name: 'Text: We keep food cold. Always' }),
    );
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveValue('We keep food cold. Always');
  });

  it('offers every binding from the menu: products and their quantities, the quote, figures', async () => {
    const withFigures = { ...slide, figures: { sites: 'max(1, quantity.controller)' } };
    const { user } = await openElement('Text: We keep food cold.', withFigures);
    await user.click(screen.getByRole('button', { name: 'Insert binding' }));
    // By text: role queries over the menu's many items are slow in this test browser.
    expect(await screen.findByText('{{figure.sites}}')).toBeInTheDocument();
    for (const binding of [
      '{{figure.sites}}',
      '{{quote.net}}',
      '{{quantity.controller}}',
      '{{product.controller.name}}',
      '{{product.battery_backup.warrantyYears}}',
      '{{credit.rate}}',
      '{{client.name}}',
      '{{deck.date + 14 days}}',
    ]) {
      expect(screen.getByText(binding).closest('[role="menuitem"]')).not.toBeNull();
    }
    await user.click(screen.getByText('{{quantity.controller}}'));
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveValue(
      'We keep food cold.{{quantity.controller}}',
    );
  });

  it('offers a pricing slide its product’s bindings, and sets when a slide is in a deck', async () => {
    const calls = editorApi(acceptSave, { ...slide, drawn: 'perPricedProduct' });
    renderApp(paths.librarySlide('about-us'));
    // Drawn with pricing: not chosen by reps, so no default selection to set.
    const drawn = await screen.findByRole('combobox', { name: 'In a deck' });
    expect(drawn).toHaveValue('Once per priced product (its pricing bindings)');
    expect(screen.queryByRole('checkbox', { name: 'In the default selection' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Text: We keep food cold.' }));
    await userEvent.click(screen.getByRole('button', { name: 'Insert binding' }));
    expect(await screen.findByText('{{pricing.effective}}')).toBeInTheDocument();
    expect(screen.getByText('{{pricing.creditLabel}}')).toBeInTheDocument();
    expect(screen.getByText('{{quote.editedProducts}}')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(drawn);
    await userEvent.click(
      await screen.findByRole('option', { name: 'When a rep chooses it', hidden: true }),
    );
    expect(screen.getByRole('checkbox', { name: 'In the default selection' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved to the draft')).toBeVisible();
    const saved = savedBody(calls);
    expect(saved.document.drawn).toBeUndefined();
  });

  it('offers no pricing bindings on a slide reps choose', async () => {
    const { user } = await openElement('Text: We keep food cold.');
    await user.click(screen.getByRole('button', { name: 'Insert binding' }));
    expect(await screen.findByText('{{quote.net}}')).toBeInTheDocument();
    expect(screen.queryByText('{{pricing.effective}}')).toBeNull();
  });

  it('shows an element only in decks where a binding has a value', async () => {
    const { user, save } = await openElement('Text: We keep food cold.');
    const shown = screen.getByRole('combobox', { name: 'Shown' });
    expect(shown).toHaveValue('Always');
    await choose(user, shown, 'When a value is filled in');
    await choose(
      user,
      screen.getByRole('combobox', { name: 'Shown: the value' }),
      '{{contact.name}}',
    );
    const saved = await save();
    expect(saved.document.elements[0]).toMatchObject({ when: { filled: 'contact.name' } });
  });

  it('edits paragraphs shown only in some decks, each with its condition', async () => {
    const { user, save } = await openElement('Text: We keep food cold.');
    await user.click(
      screen.getByRole('button', { name: 'Add a paragraph shown only in some decks' }),
    );
    // Now a list of paragraphs: the first always shown, the new one when the deck names a contact.
    expect(screen.getByRole('textbox', { name: 'Paragraph 1' })).toHaveValue('We keep food cold.');
    const second = screen.getByRole('textbox', { name: 'Paragraph 2' });
    await user.type(second, 'Attention: ');
    await user.click(
      within(screen.getByLabelText('Selected element')).getAllByRole('button', {
        name: 'Insert binding',
      })[0]!,
    );
    // The menu's item (the condition's list holds the same text).
    await waitFor(() => expect(screen.getAllByText('{{contact.name}}').length).toBeGreaterThan(1));
    const item = screen
      .getAllByText('{{contact.name}}')
      .find((element) => element.closest('[role="menuitem"]'))!;
    await user.click(item);
    expect(second).toHaveValue('Attention: {{contact.name}}');
    await choose(
      user,
      screen.getByRole('combobox', { name: 'Paragraph 2 shown' }),
      'When a value is empty',
    );
    await choose(
      user,
      screen.getByRole('combobox', { name: 'Paragraph 2 shown: the value' }),
      '{{rep.name}}',
    );
    const saved = await save();
    expect(saved.document.elements[0]).toMatchObject({
      text: [
        'We keep food cold.',
        { text: 'Attention: {{contact.name}}', when: { empty: 'rep.name' } },
      ],
    });

    // Removing the condition and then the paragraph leaves the plain text to edit again.
    await user.click(screen.getByRole('button', { name: 'Remove paragraph 2' }));
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveValue('We keep food cold.');
  });

  it('edits a paragraph with styled words (an imported one), each word keeping its style', async () => {
    const styled: TemplateSlideDocument = {
      ...slide,
      elements: [
        {
          kind: 'text',
          x: 48,
          y: 120,
          w: 400,
          h: 80,
          text: [
            {
              runs: [
                { text: 'Caring', weight: 'bold', italic: true },
                { text: ' about students (' },
                { text: 'Support', underline: true },
                { text: ')' },
              ],
            },
          ],
          style: { weight: 'regular', size: 20, color: 'brand.ink' },
        },
      ],
    };
    const { user, save } = await openElement('Text: Caring about students (Support)', styled);
    const paragraph = screen.getByRole('textbox', { name: 'Paragraph 1' });
    expect(paragraph).toHaveValue('Caring about students (Support)');
    expect(
      screen.getByText('Some words are styled apart: they keep their style as you type.'),
    ).toBeVisible();
    // Type after "Caring": the typed letters go on in bold italics; the rest is as it was.
    paragraph.focus();
    (paragraph as HTMLTextAreaElement).setSelectionRange(6, 6);
    await user.keyboard(' deeply');
    expect(paragraph).toHaveValue('Caring deeply about students (Support)');
    // Choose "students" and underline it.
    (paragraph as HTMLTextAreaElement).setSelectionRange(20, 28);
    await user.click(
      screen.getByRole('button', { name: 'Underline the chosen words of paragraph 1' }),
    );
    const saved = await save();
    expect(saved.document.elements[0]).toMatchObject({
      text: [
        {
          runs: [
            { text: 'Caring deeply', weight: 'bold', italic: true },
            { text: ' about ' },
            { text: 'students', underline: true },
            { text: ' (' },
            { text: 'Support', underline: true },
            { text: ')' },
          ],
        },
      ],
    });
  });

  it('makes chosen words of a plain text bold, which writes its paragraph as runs', async () => {
    const { user, save } = await openElement('Text: We keep food cold.');
    const text = screen.getByRole('textbox', { name: 'Text' }) as HTMLTextAreaElement;
    // Nothing chosen: nothing changes.
    await user.click(screen.getByRole('button', { name: 'Bold the chosen words of the text' }));
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    text.focus();
    text.setSelectionRange(8, 12);
    await user.click(screen.getByRole('button', { name: 'Bold the chosen words of the text' }));
    expect(screen.getByRole('textbox', { name: 'Paragraph 1' })).toHaveValue('We keep food cold.');
    const saved = await save();
    expect(saved.document.elements[0]).toMatchObject({
      text: [
        {
          runs: [{ text: 'We keep ' }, { text: 'food', weight: 'bold' }, { text: ' cold.' }],
        },
      ],
    });
  });

  it('links chosen words to a page, refuses an address that is none, changes and removes the link', async () => {
    const { user, calls } = await openElement('Text: We keep food cold.');
    const linkButton = () =>
      screen.getByRole('button', { name: 'Link the chosen words of the text' });
    // Nothing chosen: the button says to choose the words first.
    await user.click(linkButton());
    expect(
      await screen.findByText('Choose the words to link in the text first.'),
    ).toBeInTheDocument();
    await user.click(linkButton());

    const text = screen.getByRole('textbox', { name: 'Text' }) as HTMLTextAreaElement;
    text.focus();
    text.setSelectionRange(8, 12);
    await user.click(linkButton());
    // By label and text: role queries over this page are slow in the test browser.
    const address = await screen.findByLabelText('Link address');
    await user.type(address, 'javascript:alert(1)');
    await user.click(screen.getByText('Link', { selector: 'button *' }));
    expect(
      await screen.findByText('Enter a web page (https://…) or an e-mail address.'),
    ).toBeTruthy();
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    await user.clear(address);
    await user.type(address, 'frostline.example/cold-chain');
    await user.click(screen.getByText('Link', { selector: 'button *' }));
    const paragraph = screen.getByRole('textbox', { name: 'Paragraph 1' }) as HTMLTextAreaElement;
    expect(paragraph).toHaveValue('We keep food cold.');

    // The same words again: their address is offered, to change it or take it off.
    const reopen = async () => {
      paragraph.focus();
      paragraph.setSelectionRange(8, 12);
      await user.click(
        screen.getByRole('button', { name: 'Link the chosen words of paragraph 1' }),
      );
      return (await screen.findByLabelText('Link address')) as HTMLInputElement;
    };
    const offered = await reopen();
    expect(offered).toHaveValue('https://frostline.example/cold-chain');
    await user.clear(offered);
    await user.type(offered, 'sales@frostline.example{Enter}');
    expect(await reopen()).toHaveValue('mailto:sales@frostline.example');
    await user.keyboard('{Escape}');
    const runsSaved = async () => {
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Saved to the draft')).toBeVisible();
      const saved = calls.filter((call) => call.method === 'PUT').at(-1)!.body as {
        document: TemplateSlideDocument;
      };
      return saved.document.elements[0];
    };
    expect(await runsSaved()).toMatchObject({
      text: [
        {
          runs: [
            { text: 'We keep ' },
            { text: 'food', link: 'mailto:sales@frostline.example', underline: true },
            { text: ' cold.' },
          ],
        },
      ],
    });
    await reopen();
    await user.click(screen.getByText('Remove link'));
    expect(await runsSaved()).toEqual(
      expect.objectContaining({
        text: [
          { runs: [{ text: 'We keep ' }, { text: 'food', underline: true }, { text: ' cold.' }] },
        ],
      }),
    );
  });

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
    await userEvent.click(await screen.findByRole('option', { name: 'Controller', hidden: true }));
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

  it('tells the editor someone else saved first, and offers to reload', async () => {
    editorApi(
      apiError(
        409,
        'conflict',
        'Someone else saved this since you opened it. Reload to see their changes, then make yours again.',
      ),
    );
    await editTitle();
    const alert = await screen.findByRole('alert', { name: 'Saved by someone else' });
    expect(alert).toHaveTextContent('Someone else saved this since you opened it.');
    expect(within(alert).getByRole('button', { name: 'Reload the slide' })).toBeVisible();
    // The editor's work stays on screen.
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Who we are');
  });

  it('names the element a refused save is about', async () => {
    editorApi(
      apiError(400, 'validation_failed', 'Some fields are missing or invalid.', {
        'document.elements.0.text': '{{client.nmae}} is not a binding this format knows',
      }),
    );
    await editTitle();
    const alert = await screen.findByRole('alert', { name: 'The slide was not saved' });
    expect(alert).toHaveTextContent(
      'element 1, text: {{client.nmae}} is not a binding this format knows',
    );
  });
});
