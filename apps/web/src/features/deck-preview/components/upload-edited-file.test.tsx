import type { DeckDetails, EditedFile } from '@deck-portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths.ts';
import { deckDetails } from '../../../test/deck-details-fixture.ts';
import { apiError, approvedUser, mockApi, renderApp } from '../../../test/render-app.tsx';
import { UploadEditedFileButton } from './upload-edited-file.tsx';

const pptxType = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
const filePath = '/api/decks/d1/edited-files/f1';
const foreignFile =
  'This file is not a version of this deck: its slides were not made by the portal for it. Upload the PowerPoint you downloaded from this deck and changed.';

const reading: EditedFile = {
  id: 'f1',
  fileName: 'Q3 proposal (edited).pptx',
  state: 'reading',
  error: null,
  progress: null,
  baseVersion: 3,
  slideCount: null,
  changes: [],
  figureChanges: [],
};

const compared: EditedFile = {
  ...reading,
  state: 'ready',
  slideCount: 6,
  changes: [
    {
      kind: 'changed',
      number: 2,
      from: 2,
      title: 'Why Polar Foods',
      wordsRemoved: ['cold chain'],
      wordsAdded: ['frozen logistics'],
    },
    { kind: 'added', number: 4, title: 'Our team', wordsRemoved: [], wordsAdded: [] },
    { kind: 'moved', number: 5, from: 3, title: 'Roadmap', wordsRemoved: [], wordsAdded: [] },
    { kind: 'removed', number: 6, title: 'Case study', wordsRemoved: [], wordsAdded: [] },
  ],
  figureChanges: [
    {
      slideTitle: 'Your investment',
      label: 'Battery Backup unit price',
      inFile: '$4,500',
      inQuote: '$5,995',
      product: { id: 'battery_backup', field: 'unitPrice', value: 4500 },
    },
  ],
};

/** What `POST …/versions` answers when the version was made within its wait. */
const made = {
  presentationId: 'd1',
  editUrl: '/deck/d1/edit',
  pptxUrl: '/api/decks/d1/pptx',
  viewUrl: '/deck/d1/view',
  pdfUrl: '/api/decks/d1/download',
  version: 4,
  warnings: [],
};

function renderButton(handlers: Parameters<typeof mockApi>[0]) {
  const calls = mockApi({
    'GET /api/auth/session': { body: { user: approvedUser } },
    'POST /api/decks/d1/edited-files': { status: 202, body: reading },
    [`GET ${filePath}`]: { body: compared },
    [`POST ${filePath}/versions`]: { status: 201, body: made },
    ...handlers,
  });
  renderApp('/deck', [
    {
      path: '/deck',
      element: <UploadEditedFileButton deck={deckDetails({ currentVersion: 3 })} />,
    },
  ]);
  return calls;
}

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;

async function uploadFile(user: ReturnType<typeof userEvent.setup>, name = reading.fileName) {
  await user.click(await screen.findByRole('button', { name: 'Upload edited PowerPoint' }));
  await screen.findByRole('dialog', { name: 'Upload edited PowerPoint' });
  const file = new File(['PK…'], name, { type: '' });
  await user.upload(fileInput(), file);
  return file;
}

describe('bringing an edited PowerPoint back', () => {
  // The toast store outlives a test's render; the next test starts with none.
  afterEach(() => notifications.clean());

  it('sends the file as a PowerPoint with its name, and shows how far reading got', async () => {
    let isRead = false;
    renderButton({
      [`GET ${filePath}`]: () => ({
        body: isRead ? compared : { ...reading, progress: { done: 3, total: 6 } },
      }),
    });
    const user = userEvent.setup();
    await uploadFile(user);

    expect(await screen.findByText('Reading your file… (3 of 6)')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Slides read' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    const [url, sent] = vi.mocked(fetch).mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(new URL(String(url), 'http://localhost').searchParams.get('name')).toBe(
      reading.fileName,
    );
    // The browser gave the file no type: it is sent as what it is.
    expect(sent?.headers).toMatchObject({ 'Content-Type': pptxType });
    expect((sent?.body as Blob).size).toBe(new Blob(['PK…']).size);

    isRead = true;
    expect(
      await screen.findByRole('heading', { name: 'What changed since version 3' }),
    ).toBeVisible();
  });

  it('says the file is being read while the reader has not counted its slides', async () => {
    renderButton({ [`GET ${filePath}`]: { body: reading } });
    const user = userEvent.setup();
    await uploadFile(user);

    expect(await screen.findByRole('status')).toHaveTextContent(/^Reading your file…$/);
    expect(screen.getByRole('heading', { name: reading.fileName })).toBeVisible();
    // The moving bar tells no figure: nothing reads as a share of the slides done.
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('lists each slide added, removed, moved and changed, with the words struck and added', async () => {
    renderButton({});
    const user = userEvent.setup();
    await uploadFile(user);

    const changes = await screen.findByRole('list', { name: 'Slides changed' });
    const items = within(changes).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'ChangedSlide 2 “Why Polar Foods” has other words.Words removed: cold chain Words added: frozen logistics ',
      'AddedSlide 4 “Our team” is new in the file.',
      'MovedSlide 5 “Roadmap” was slide 3.',
      'RemovedSlide 6 “Case study” of the version is not in the file.',
    ]);
    expect(within(items[0]!).getByText('cold chain').tagName).toBe('DEL');
    expect(within(items[0]!).getByText('frozen logistics').tagName).toBe('INS');
    expect(
      screen.getByText('Battery Backup unit price: $4,500 in the file, $5,995 in the quote'),
    ).toBeVisible();
  });

  it('saves only once the rep chose whose figures stand, and sends that choice', async () => {
    const calls = renderButton({});
    const user = userEvent.setup();
    await uploadFile(user);

    const save = await screen.findByRole('button', { name: 'Save as version 4' });
    expect(save).toBeDisabled();
    await user.click(
      screen.getByRole('radio', {
        name: 'Keep the file’s figures (a discount past your limits needs approval)',
      }),
    );
    await user.click(save);

    expect(await screen.findByText('Version 4 is saved from your PowerPoint file.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.path === `${filePath}/versions`)).toEqual([
      { method: 'POST', path: `${filePath}/versions`, body: { figures: 'file' } },
    ]);
  });

  it('keeps the quote’s figures when the rep says so', async () => {
    const calls = renderButton({});
    const user = userEvent.setup();
    await uploadFile(user);

    await user.click(await screen.findByRole('radio', { name: 'Keep the quote’s figures' }));
    await user.click(screen.getByRole('button', { name: 'Save as version 4' }));

    await screen.findByText('Version 4 is saved from your PowerPoint file.');
    expect(calls.find((call) => call.path === `${filePath}/versions`)?.body).toEqual({
      figures: 'quote',
    });
  });

  it('names what the file had that could not be kept', async () => {
    renderButton({
      [`GET ${filePath}`]: {
        body: {
          ...compared,
          leftOut: ['Slide 2: a SmartArt diagram was left out: its drawing was not saved.'],
        },
      },
    });
    await uploadFile(userEvent.setup());
    const list = await screen.findByRole('list', { name: 'Not kept from the file' });
    expect(list).toHaveTextContent(
      'Slide 2: a SmartArt diagram was left out: its drawing was not saved.',
    );
  });

  it('says so when nothing changed, and saves without asking about figures', async () => {
    const calls = renderButton({
      [`GET ${filePath}`]: { body: { ...compared, changes: [], figureChanges: [] } },
    });
    const user = userEvent.setup();
    await uploadFile(user);

    expect(
      await screen.findByText(
        'Nothing changed: the file has the same slides, in the same order and with the same words, as version 3.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('radio')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save as version 4' }));
    await screen.findByText('Version 4 is saved from your PowerPoint file.');
    expect(calls.find((call) => call.path === `${filePath}/versions`)?.body).toEqual({
      figures: 'file',
    });
  });

  it('follows a version being generated until it is made', async () => {
    let isMade = false;
    const generating = { ...made, status: 'generating', progress: null, error: null };
    renderButton({
      [`POST ${filePath}/versions`]: { status: 202, body: generating },
      'GET /api/decks/d1/generation': () => ({
        body: isMade
          ? { ...generating, status: 'completed', version: 4 }
          : { ...generating, progress: { stage: 'pdf' } },
      }),
    });
    const user = userEvent.setup();
    await uploadFile(user);
    await user.click(await screen.findByRole('radio', { name: 'Keep the quote’s figures' }));
    await user.click(screen.getByRole('button', { name: 'Save as version 4' }));

    expect(await screen.findByRole('status', { name: 'Generating presentation' })).toBeVisible();
    expect(await screen.findByText('Writing the PDF')).toBeVisible();
    isMade = true;
    expect(
      await screen.findByText('Version 4 is saved from your PowerPoint file.', undefined, {
        timeout: 3000,
      }),
    ).toBeVisible();
  });

  it('shows why a save was refused, and lets the rep choose again', async () => {
    const refused =
      'The file’s figures for a product cannot be a quote (a unit price is at least 0). Correct the file, or keep the quote’s figures.';
    const calls = renderButton({
      [`POST ${filePath}/versions`]: apiError(422, 'validation_failed', refused),
    });
    const user = userEvent.setup();
    await uploadFile(user);
    await user.click(
      await screen.findByRole('radio', {
        name: 'Keep the file’s figures (a discount past your limits needs approval)',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Save as version 4' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The version could not be saved');
    expect(alert).toHaveTextContent(refused);
    await user.click(screen.getByRole('radio', { name: 'Keep the quote’s figures' }));
    expect(screen.getByRole('button', { name: 'Save as version 4' })).toBeEnabled();
    expect(calls.filter((call) => call.path === `${filePath}/versions`)).toHaveLength(1);
  });

  it('shows the server’s sentence for a file it could not take, and lets the rep choose another', async () => {
    renderButton({
      [`GET ${filePath}`]: { body: { ...reading, state: 'failed', error: foreignFile } },
    });
    const user = userEvent.setup();
    await uploadFile(user);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This file cannot become a version');
    expect(alert).toHaveTextContent(foreignFile);
    expect(screen.queryByRole('button', { name: /Save as version/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Choose another file' }));
    expect(screen.getByRole('button', { name: 'Choose a .pptx file' })).toBeVisible();
  });

  it('shows the server’s sentence when the upload itself is refused', async () => {
    renderButton({
      'POST /api/decks/d1/edited-files': apiError(422, 'not_this_deck', foreignFile),
    });
    const user = userEvent.setup();
    await uploadFile(user);

    expect(await screen.findByText(foreignFile)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Choose another file' })).toBeVisible();
  });

  it('refuses a file that is not a .pptx before sending it', async () => {
    const calls = renderButton({});
    const user = userEvent.setup({ applyAccept: false });
    await uploadFile(user, 'Q3 proposal.key');

    expect(
      await screen.findByText(
        'Choose the deck’s PowerPoint file (.pptx), as PowerPoint or Keynote saved it.',
      ),
    ).toBeVisible();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});

describe('Upload edited PowerPoint on the deck page', () => {
  // The page's panels ask for more (versions, approval, answers); unanswered, they show errors.
  function renderDeckPage(deck: DeckDetails) {
    mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
      'GET /api/decks/d1': { body: deck },
    });
    renderApp(paths.deckPreview('d1'));
  }
  const owner = { id: 'u9', name: 'Oona Owner', email: 'oona@example.com' };

  it.each([
    ['manage', 1],
    ['edit', 1],
    ['view', 0],
  ] as const)('is offered to a person with %s access (%i button)', async (access, buttons) => {
    renderDeckPage(deckDetails({ access, canManage: access === 'manage', owner }));
    // The deck's own buttons are there: the page is drawn.
    expect(await screen.findByRole('link', { name: 'View Deck' })).toBeVisible();
    expect(screen.queryAllByRole('button', { name: 'Upload edited PowerPoint' })).toHaveLength(
      buttons,
    );
  });

  it('is not offered on a deck a client accepted', async () => {
    renderDeckPage(deckDetails({ acceptedAt: '2031-03-06T12:00:00.000Z' }));
    expect(await screen.findByRole('button', { name: 'Duplicate to edit' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Upload edited PowerPoint' })).toBeNull();
  });
});
