import {
  deckEditorPath,
  type DeckEditor,
  type EditedSlide,
  type GenerationState,
} from '@deck-portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deckDetails } from '../../test/deck-details-fixture.ts';
import { apiError, approvedUser, mockApi, renderApp } from '../../test/render-app.tsx';

const heading: EditedSlide['document']['elements'][number] = {
  kind: 'text',
  id: 'h1',
  x: 48,
  y: 40,
  w: 800,
  h: 60,
  text: 'Cold chain for Polar Foods',
  style: { weight: 'bold', size: 32, color: 'brand.ink' },
};

const titleSlide: EditedSlide = {
  key: 'title',
  hidden: false,
  priced: false,
  document: {
    format: 1,
    id: 'title',
    title: 'Title',
    description: '',
    category: 'company',
    background: '#FFFFFF',
    elements: [heading],
  },
};

/** A pricing slide: its figures are the quote's. */
const pricingSlide: EditedSlide = {
  key: 'pricing-battery_backup',
  hidden: false,
  priced: true,
  document: {
    format: 1,
    id: 'pricing',
    title: 'Battery Backup',
    description: '',
    category: 'pricing',
    background: '#FFFFFF',
    elements: [
      {
        kind: 'text',
        id: 'p1',
        x: 48,
        y: 120,
        w: 400,
        h: 40,
        text: 'Unit price $5,995',
        style: { weight: 'regular', size: 20, color: 'brand.ink' },
      },
      {
        kind: 'text',
        id: 'p2',
        x: 48,
        y: 40,
        w: 400,
        h: 40,
        text: 'Battery Backup',
        style: { weight: 'bold', size: 28, color: 'brand.ink' },
      },
    ],
  },
};

function editor(overrides: Partial<DeckEditor> = {}): DeckEditor {
  return {
    deckId: 'd1',
    title: 'Q3 proposal',
    clientName: 'Polar Foods',
    baseVersion: 3,
    currentVersion: 3,
    revision: 7,
    edited: { slides: [titleSlide, pricingSlide] },
    savedAt: '2031-03-10T10:00:00.000Z',
    others: [],
    newerVersion: null,
    ...overrides,
  };
}

function generation(overrides: Partial<GenerationState> = {}): GenerationState {
  return {
    presentationId: 'd1',
    editUrl: '/deck/d1/edit',
    pptxUrl: '/api/decks/d1/pptx',
    viewUrl: '/deck/d1/view',
    pdfUrl: '/api/decks/d1/pdf',
    status: 'generating',
    progress: { stage: 'layout', done: 1, total: 2 },
    error: null,
    warnings: [],
    ...overrides,
  };
}

type Handlers = Parameters<typeof mockApi>[0];

function openEditor(opened: DeckEditor = editor(), handlers: Handlers = {}) {
  let revision = opened.revision;
  const calls = mockApi({
    'GET /api/auth/session': { body: { user: approvedUser } },
    'GET /api/decks/d1': { body: deckDetails() },
    'GET /api/decks/d1/editor': { body: opened },
    'POST /api/decks/d1/editor/preview': {
      body: { svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' },
    },
    'PUT /api/decks/d1/editor': () => {
      revision += 1;
      return {
        body: {
          revision,
          savedAt: '2031-03-10T10:01:00.000Z',
          others: opened.others,
          newerVersion: opened.newerVersion,
        },
      };
    },
    ...handlers,
  });
  const { router } = renderApp(deckEditorPath('d1'));
  return Object.assign(calls, { router });
}

const saves = (calls: ReturnType<typeof mockApi>) =>
  calls.filter((call) => call.method === 'PUT' && call.path === '/api/decks/d1/editor');

const headingText = (body: unknown) =>
  (body as { edited: DeckEditor['edited'] }).edited.slides[0]!.document.elements[0]!;

async function selectElement(name: string) {
  const list = await screen.findByText('Elements');
  await userEvent.click(
    within(list.closest('div')!.parentElement!).getByRole('button', { name: new RegExp(name) }),
  );
}

describe('the online deck editor', () => {
  it('saves a change a moment after it is made, naming the revision it changes', async () => {
    const calls = openEditor();
    await selectElement('Cold chain');
    const text = await screen.findByRole('textbox', { name: 'Text' });
    await userEvent.type(text, ' and more');

    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    const [first] = saves(calls);
    expect(first!.body).toMatchObject({ revision: 7 });
    expect(headingText(first!.body)).toMatchObject({ text: 'Cold chain for Polar Foods and more' });
    expect(await screen.findByRole('status', { name: 'Draft' })).toHaveTextContent('Saved');

    // The next save names the revision the first one made.
    await userEvent.type(text, '!');
    await waitFor(() => expect(saves(calls)).toHaveLength(2));
    expect(saves(calls)[1]!.body).toMatchObject({ revision: 8 });
  });

  it('saves what was just typed before leaving for another page', async () => {
    const calls = openEditor();
    await selectElement('Cold chain');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Text' }), '!');
    await userEvent.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
    await waitFor(() => expect(calls.router.state.location.pathname).toBe('/dashboard'));
    expect(saves(calls)).toHaveLength(1);
    expect(headingText(saves(calls)[0]!.body)).toMatchObject({
      text: 'Cold chain for Polar Foods!',
    });
  });

  it('takes a typing burst back in one undo, and brings it back with redo', async () => {
    openEditor();
    await selectElement('Cold chain');
    const text = await screen.findByRole('textbox', { name: 'Text' });
    await userEvent.type(text, ' today');
    expect(text).toHaveValue('Cold chain for Polar Foods today');

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveValue('Cold chain for Polar Foods');
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();

    await userEvent.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveValue(
      'Cold chain for Polar Foods today',
    );
  });

  it('shows the quote’s figures on a priced slide without letting them be typed, and says where they change', async () => {
    openEditor();
    await userEvent.click(await screen.findByRole('button', { name: 'Slide 2: Battery Backup' }));
    await selectElement('Unit price');

    const shown = await screen.findByRole('textbox', { name: 'Shows' });
    expect(shown).toHaveValue('Unit price $5,995');
    expect(shown).toHaveAttribute('readonly');
    expect(screen.queryByRole('textbox', { name: 'Text' })).toBeNull();
    expect(
      screen.getByText(/Prices and quantities are the quote’s: change them with Modify\./),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Modify the deck' })).toBeVisible();

    // Its words without figures are the rep's.
    await selectElement('Battery Backup');
    expect(await screen.findByRole('textbox', { name: 'Text' })).not.toHaveAttribute('readonly');
  });

  it('says who else is editing, and that a newer version was saved since the draft began', async () => {
    const calls = openEditor(
      editor({
        currentVersion: 4,
        others: [
          { name: 'Dana Reyes', email: 'dana@example.com', lastSeenAt: '2031-03-10T10:00:00Z' },
        ],
        newerVersion: { number: 4, createdAt: '2031-03-10T09:59:00Z', createdBy: 'Dana Reyes' },
      }),
      {
        'POST /api/decks/d1/editor/versions': { status: 202, body: generation() },
        'GET /api/decks/d1/generation': { body: generation({ status: 'completed', version: 5 }) },
      },
    );
    expect(await screen.findByText('Dana Reyes is also editing this deck.')).toBeVisible();
    expect(
      screen.getByText(
        /Version 4 was saved by Dana Reyes after you began\. Review it before you save yours\./,
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open version 4' })).toHaveAttribute(
      'href',
      '/deck/d1/view?version=4',
    );

    // Saving after that replaces version 4 knowingly.
    await userEvent.click(screen.getByRole('button', { name: 'Save as version 5' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/decks/d1/editor/versions')?.body).toEqual({
        revision: 7,
        replacing: 4,
      }),
    );
  });

  it('saves the draft as the next version, shows its progress and then the deck page', async () => {
    let polls = 0;
    const calls = openEditor(editor(), {
      'POST /api/decks/d1/editor/versions': { status: 202, body: generation() },
      'GET /api/decks/d1/generation': () => {
        polls += 1;
        return {
          body:
            polls < 2
              ? generation()
              : generation({ status: 'completed', progress: null, version: 4 }),
        };
      },
    });
    await selectElement('Cold chain');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Text' }), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save as version 4' }));

    expect(await screen.findByRole('status', { name: 'Generating presentation' })).toBeVisible();
    // What was typed is saved to the draft first, and the version made from that revision.
    const posted = calls.filter(
      (call) =>
        call.method !== 'GET' &&
        call.path.startsWith('/api/decks/d1/editor') &&
        !call.path.endsWith('/preview'),
    );
    expect(posted.map((call) => `${call.method} ${call.path}`)).toEqual([
      'PUT /api/decks/d1/editor',
      'POST /api/decks/d1/editor/versions',
    ]);
    expect(posted[1]!.body).toEqual({ revision: 8 });
    // The deck page, once the version is made.
    await waitFor(() => expect(calls.router.state.location.pathname).toBe('/deck/d1/preview'));
  });

  it('shows the version saved meanwhile when saving is refused as a conflict', async () => {
    let opened = 0;
    openEditor(editor(), {
      'GET /api/decks/d1/editor': () => {
        opened += 1;
        return {
          body:
            opened === 1
              ? editor()
              : editor({
                  currentVersion: 4,
                  newerVersion: {
                    number: 4,
                    createdAt: '2031-03-10T10:02:00Z',
                    createdBy: 'Dana Reyes',
                  },
                }),
        };
      },
      'POST /api/decks/d1/editor/versions': apiError(
        409,
        'edit_conflict',
        'Version 4 was saved after you began this draft.',
      ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save as version 4' }));
    expect(
      await screen.findByText(
        /Version 4 was saved by Dana Reyes after you began\. Review it before you save yours\./,
      ),
    ).toBeVisible();
    expect(screen.queryByText('The version was not saved')).toBeNull();
  });

  it('stops saving when the draft was saved in another tab, and offers to reload it', async () => {
    openEditor(editor(), {
      'PUT /api/decks/d1/editor': apiError(
        409,
        'edit_draft_stale',
        'This draft was saved in another tab or on another device.',
      ),
    });
    await selectElement('Cold chain');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Text' }), '!');
    expect(await screen.findByText('Saved somewhere else')).toBeVisible();
    expect(screen.getByRole('status', { name: 'Draft' })).toHaveTextContent(
      'Not saved: This draft was saved in another tab or on another device.',
    );
    expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible();
  });
});
