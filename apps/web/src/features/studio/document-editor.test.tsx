import type { TemplateSlideDocument } from '@deck-portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths.ts';
import { choose } from '../../test/choose-option.ts';
import { adminUser, apiError, mockApi, renderApp } from '../../test/render-app.tsx';
import {
  aboutText,
  acceptSave,
  editTitle,
  editorApi,
  library,
  openElement,
  savedBody,
  slide,
} from './document-editor-fixtures.tsx';

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
          ...aboutText,
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
