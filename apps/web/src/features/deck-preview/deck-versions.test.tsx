import type { DeckDetails, DeckVersion } from '@deck-portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../config/paths.ts';
import {
  DECK_DRAFT_STORAGE_KEY,
  loadEditingDeck,
  startModifyingDeck,
} from '../../lib/deck-draft-storage.ts';
import { approvedUser, mockApi, renderApp } from '../../test/render-app.tsx';

const deck: DeckDetails = {
  id: 'd1',
  owner: { id: approvedUser.id, name: approvedUser.name, email: approvedUser.email },
  status: 'completed',
  createdAt: '2031-03-05T12:00:00.000Z',
  updatedAt: '2031-03-06T12:00:00.000Z',
  slideCount: 8,
  warnings: [],
  generationError: null,
  draft: {
    basicInfo: {
      deckTitle: 'Q3 proposal',
      headline: '',
      clientName: 'Polar Foods',
      date: '2031-03-10',
      primaryContact: '',
      mode: 'simple',
      locale: 'en-US',
      market: 'US',
      language: 'en',
    },
    productSelection: {
      selectedProducts: [{ id: 'battery_backup', quantity: 2, customPricing: 900 }],
      includePricing: true,
      customPricing: {},
    },
    templateCustomization: { selectedSlides: ['title'], customSlides: [] },
  },
  editUrl: '/deck/d1/edit',
  pptxUrl: '/api/decks/d1/pptx',
  viewUrl: '/deck/d1/view',
  pdfUrl: '/api/decks/d1/download',
  canManage: true,
  access: 'manage',
  currentVersion: 2,
  archivedAt: null,
  libraryVersion: 1,
  newestLibraryVersion: 1,
  productNames: { data_logger: 'Data Logger' },
};

const version = (number: number, extra: Partial<DeckVersion> = {}): DeckVersion => ({
  number,
  createdAt: `2031-03-0${number + 4}T12:00:00.000Z`,
  createdBy: { id: approvedUser.id, name: 'Robin Rep' },
  title: 'Q3 proposal',
  clientName: 'Polar Foods',
  slideCount: 8,
  changes: [],
  restoredFrom: null,
  isCurrent: false,
  editUrl: `/deck/d1/edit`,
  pptxUrl: `/api/decks/d1/pptx?version=${number}`,
  viewUrl: `/deck/d1/view?version=${number}`,
  pdfUrl: `/api/decks/d1/download?version=${number}`,
  ...extra,
});

const versions = [
  version(2, { isCurrent: true, changes: ['Battery Backup: unit price $1,000.00 → $900.00'] }),
  version(1),
];

function previewApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/auth/session': { body: { user: approvedUser } },
    'GET /api/decks/d1': { body: deck },
    'GET /api/decks/d1/versions': { body: { versions } },
    'GET /api/decks/d1/shares': { body: { shares: [] } },
    'GET /api/template-slides': {
      body: { slides: [], categories: [], pricingSlides: { perProduct: 1, once: 1 } },
    },
    'GET /api/decks/d1/client-links': {
      body: {
        links: [],
        summary: { links: 0, opens: 0, uniqueRecipients: 0, mostViewedSlide: null },
      },
    },
    ...overrides,
  });
}

beforeEach(() => localStorage.clear());

describe('the versions of a deck on its preview page', () => {
  it('lists every version, newest first, with who made it, what changed and its files', async () => {
    previewApi();
    renderApp(paths.deckPreview('d1'));
    const list = await screen.findByRole('list', { name: 'Versions, newest first' });
    const [newest, first] = within(list).getAllByRole('listitem', { name: /^Version/ });
    expect(newest).toHaveTextContent('Version 2');
    expect(newest).toHaveTextContent('Newest');
    expect(newest).toHaveTextContent('Robin Rep');
    expect(newest).toHaveTextContent('Battery Backup: unit price $1,000.00 → $900.00');
    expect(within(newest!).queryByRole('button', { name: 'Restore version 2' })).toBeNull();
    expect(first).toHaveTextContent('First version');
    expect(within(first!).getByRole('link', { name: 'PDF' })).toHaveAttribute(
      'href',
      '/api/decks/d1/download?version=1',
    );
    expect(within(first!).getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      '/deck/d1/view?version=1',
    );
    expect(screen.getByText(/8 slides · version 2 ·/)).toBeVisible();
  });

  it('says when the slide library is newer, and regenerates the deck from it', async () => {
    let current = { ...deck, libraryVersion: 1, newestLibraryVersion: 3 };
    const calls = previewApi({
      'GET /api/decks/d1': () => ({ body: current }),
      'POST /api/decks/d1/versions': () => {
        current = { ...current, currentVersion: 3, libraryVersion: 3 };
        return {
          status: 201,
          body: {
            presentationId: 'd1',
            editUrl: '/deck/d1/edit',
            pptxUrl: '/api/decks/d1/pptx',
            viewUrl: '/deck/d1/view',
            pdfUrl: '/api/decks/d1/download',
            version: 3,
            warnings: [],
          },
        };
      },
    });
    renderApp(paths.deckPreview('d1'));
    const notice = await screen.findByRole('alert', { name: /The slide library has changed/ });
    expect(notice).toHaveTextContent('made with library version 1; reps now build from version 3');
    await userEvent.click(
      within(notice).getByRole('button', { name: 'Regenerate with the current library' }),
    );
    await waitFor(() =>
      expect(screen.queryByText('The slide library has changed')).not.toBeInTheDocument(),
    );
    const post = calls.find((call) => call.method === 'POST');
    expect(post).toMatchObject({ path: '/api/decks/d1/versions', body: deck.draft });
  });

  it('says nothing of the library when the deck was made from the newest one', async () => {
    previewApi();
    renderApp(paths.deckPreview('d1'));
    await screen.findByRole('list', { name: 'Versions, newest first' });
    expect(screen.queryByText('The slide library has changed')).not.toBeInTheDocument();
  });

  it('restores an earlier version only after confirming', async () => {
    const calls = previewApi({
      'POST /api/decks/d1/versions/1/restore': {
        status: 201,
        body: {
          presentationId: 'd1',
          editUrl: '/deck/d1/edit',
          pptxUrl: '/api/decks/d1/pptx',
          viewUrl: '/deck/d1/view',
          pdfUrl: '/api/decks/d1/download',
          version: 3,
          warnings: [],
        },
      },
    });
    renderApp(paths.deckPreview('d1'));
    await userEvent.click(await screen.findByRole('button', { name: 'Restore version 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore version 1' });
    expect(dialog).toHaveTextContent('Nothing is deleted');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore version 1' }));
    expect(await screen.findByText('Version 1 was restored as version 3.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({ path: '/api/decks/d1/versions/1/restore' }),
    ]);
  });

  it('offers no restore on a deck a client accepted (the server would refuse it)', async () => {
    previewApi({
      'GET /api/decks/d1': { body: { ...deck, acceptedAt: '2031-03-07T12:00:00.000Z' } },
    });
    renderApp(paths.deckPreview('d1'));
    const list = await screen.findByRole('list', { name: 'Versions, newest first' });
    expect(
      within(list).getByRole('button', { name: 'Duplicate version 1 as a new deck' }),
    ).toBeVisible();
    expect(within(list).queryByRole('button', { name: 'Restore version 1' })).toBeNull();
  });

  it('duplicates a version as a new deck and opens it', async () => {
    const calls = previewApi({
      'POST /api/decks/d1/duplicate': {
        status: 201,
        body: {
          presentationId: 'd2',
          editUrl: '/deck/d2/edit',
          pptxUrl: '/api/decks/d2/pptx',
          viewUrl: '/deck/d2/view',
          pdfUrl: '/api/decks/d2/download',
          version: 1,
          warnings: [],
        },
      },
      'GET /api/decks/d2': {
        body: { ...deck, id: 'd2', currentVersion: 1, draft: { ...deck.draft } },
      },
      'GET /api/decks/d2/versions': { body: { versions: [version(1, { isCurrent: true })] } },
      'GET /api/decks/d2/shares': { body: { shares: [] } },
      'GET /api/decks/d2/client-links': {
        body: {
          links: [],
          summary: { links: 0, opens: 0, uniqueRecipients: 0, mostViewedSlide: null },
        },
      },
    });
    renderApp(paths.deckPreview('d1'));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Duplicate version 1 as a new deck' }),
    );
    expect(await screen.findByText(/A copy was made as a new deck of yours/)).toBeVisible();
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        path: '/api/decks/d1/duplicate',
        body: { version: 1 },
      }),
    );
    await waitFor(() =>
      expect(calls).toContainEqual(expect.objectContaining({ path: '/api/decks/d2' })),
    );
  });

  it('archives the deck, and says what archiving keeps', async () => {
    let archived = false;
    const calls = previewApi({
      'GET /api/decks/d1': () => ({
        body: archived
          ? { ...deck, status: 'archived', archivedAt: '2031-03-07T10:00:00.000Z' }
          : deck,
      }),
      'POST /api/decks/d1/archive': () => {
        archived = true;
        return { body: { ok: true } };
      },
    });
    renderApp(paths.deckPreview('d1'));
    await userEvent.click(await screen.findByRole('button', { name: 'Archive' }));
    expect(
      await screen.findByText(/Its client links keep working until you revoke them/),
    ).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Restore from archive' })).toBeVisible();
    expect(screen.getByText(/Archived on Mar 7, 2031/)).toBeVisible();
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/api/decks/d1/archive' }),
    );
  });
});

describe('deleting a deck', () => {
  const link = (id: string, name: string, status: string, opens: number) => ({
    id,
    recipientName: name,
    recipientEmail: `${name.split(' ')[0]!.toLowerCase()}@client.example`,
    createdAt: '2031-03-06T12:00:00.000Z',
    createdBy: 'Robin Rep',
    expiresAt: null,
    revokedAt: status === 'revoked' ? '2031-03-07T12:00:00.000Z' : null,
    status,
    hasPasscode: false,
    allowDownload: true,
    pinnedVersion: null,
    opens,
    lastOpenedAt: null,
    totalViewMs: 0,
  });

  it('names the active client links that stop working, with their opens, before deleting', async () => {
    const calls = previewApi({
      'GET /api/decks/d1/client-links': {
        body: {
          links: [
            link('l1', 'Casey Client', 'active', 3),
            link('l2', 'Jo Buyer', 'active', 0),
            link('l3', 'Old Contact', 'revoked', 9),
          ],
          summary: { links: 3, opens: 12, uniqueRecipients: 3, mostViewedSlide: null },
        },
      },
      'DELETE /api/decks/d1': { body: { ok: true } },
    });
    renderApp(paths.deckPreview('d1'));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Deck' });
    expect(within(dialog).getByText('2 active client links stop working:')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Casey Client (casey@client.example), opened by 3 viewers'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Jo Buyer (jo@client.example), not opened yet'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/Old Contact/)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Deck' }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ method: 'DELETE', path: '/api/decks/d1' }),
      ),
    );
  });

  it('says nothing of links when the deck has none active', async () => {
    previewApi();
    renderApp(paths.deckPreview('d1'));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Deck' });
    // The dialog fades in: on a busy machine it may still be transparent when first found.
    await waitFor(() =>
      expect(
        within(dialog).getByText(/with all its versions\? This action cannot be undone/),
      ).toBeVisible(),
    );
    expect(within(dialog).queryByText(/active client link/)).toBeNull();
  });
});

describe('generation notes', () => {
  it('lists each note on its own line', async () => {
    previewApi({
      'GET /api/decks/d1': {
        body: {
          ...deck,
          warnings: [
            'Custom slide c1: the picture at https://pictures.example.com/a/very/long/path/that/goes/on/and/on.png could not be fetched.',
            'The deck’s font has no characters for ☃.',
          ],
        },
      },
    });
    renderApp(paths.deckPreview('d1'));
    const notes = (await screen.findByText('Generation notes')).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    expect(within(notes).getAllByRole('listitem')).toHaveLength(2);
  });
});

describe('Modify', () => {
  it('loads the draft into the wizard as the next version of the same deck', async () => {
    previewApi();
    renderApp(paths.deckPreview('d1'));
    await userEvent.click(await screen.findByRole('button', { name: 'Modify' }));
    expect(await screen.findByText('Modifying “Q3 proposal”')).toBeVisible();
    expect(screen.getByText(/Generating makes version 3 of this deck/)).toBeVisible();
    expect(loadEditingDeck()).toEqual({
      deckId: 'd1',
      version: 2,
      title: 'Q3 proposal',
      slidesEdited: false,
    });
    expect(screen.queryByText(/slides were edited/)).toBeNull();
    expect(JSON.parse(localStorage.getItem(DECK_DRAFT_STORAGE_KEY)!).basicInfo.deckTitle).toBe(
      'Q3 proposal',
    );
    // The rep may make it a new deck instead.
    await userEvent.click(screen.getByRole('button', { name: 'Make it a new deck instead' }));
    expect(screen.queryByText('Modifying “Q3 proposal”')).toBeNull();
    expect(loadEditingDeck()).toBeNull();
  });

  it('says that edits made to the slides of the version modified are left out', async () => {
    previewApi({ 'GET /api/decks/d1': { body: { ...deck, editKind: 'online' } } });
    renderApp(paths.deckPreview('d1'));
    await userEvent.click(await screen.findByRole('button', { name: 'Modify' }));
    expect(
      await screen.findByText(
        /Version 2's slides were edited after they were generated: the new version is drawn from the choices here, without those edits\./,
      ),
    ).toBeVisible();
  });

  it('generates the next version of the deck, not a new deck', async () => {
    startModifyingDeck(deck.draft, { deckId: 'd1', version: 2, title: 'Q3 proposal' });
    const calls = mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
      'GET /api/template-slides': {
        body: { slides: [], categories: [], pricingSlides: { perProduct: 1, once: 1 } },
      },
      'GET /api/template-layouts': { body: { layouts: [] } },
      'POST /api/decks/preflight': { body: { missingPictures: [], warnings: [] } },
      'POST /api/decks/d1/versions': {
        status: 201,
        body: {
          presentationId: 'd1',
          editUrl: '/deck/d1/edit',
          pptxUrl: '/api/decks/d1/pptx',
          viewUrl: '/deck/d1/view',
          pdfUrl: '/api/decks/d1/download',
          version: 3,
          warnings: [],
        },
      },
    });
    renderApp(paths.createDeck.generate);
    // Step 4's summary totals the quote: 2 × $900.00 + $250.00 white-glove delivery, and the
    // battery's 30% credit as an estimate after it.
    const products = await screen.findByRole('region', { name: 'Products' });
    // Priced once the price book has arrived from the server.
    await waitFor(() =>
      expect(products).toHaveTextContent('Total you pay, shipping included$2,050.00'),
    );
    expect(products).toHaveTextContent('Your cost after the estimated credit$1,435.00');
    expect(screen.getByRole('region', { name: 'Slides' })).toHaveTextContent('2Pricing slides');
    await userEvent.click(await screen.findByRole('button', { name: 'Generate Presentation' }));
    expect(await screen.findByText(/^Version 3 of Q3 proposal for Polar Foods/)).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({ path: '/api/decks/preflight' }),
      expect.objectContaining({ path: '/api/decks/d1/versions' }),
    ]);
    // The deck now lives on the server: the wizard forgets the draft and the deck it modified.
    expect(loadEditingDeck()).toBeNull();
  });
});
