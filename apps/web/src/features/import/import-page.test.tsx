import {
  libraryImportMaxBytes,
  libraryImportMessages,
  type ImportCandidate,
  type LibraryDraftResponse,
  type LibraryImportResponse,
} from '@deck-portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths.ts';
import { choose } from '../../test/choose-option.ts';
import { adminUser, apiError, mockApi, renderApp } from '../../test/render-app.tsx';

const pptxType = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

const library: LibraryDraftResponse = {
  publishedVersion: 3,
  changes: [],
  categories: [
    { id: 'company', name: 'Company', color: '#2F6FDE' },
    { id: 'case-studies', name: 'Case studies', color: '#12B886' },
  ],
  palette: [{ value: 'brand.ink', hex: '#172233' }],
  slides: [],
  layouts: [],
};

const candidate = (number: number, extra: Partial<ImportCandidate>): ImportCandidate => ({
  number,
  title: `Slide ${number}`,
  hidden: false,
  thumbnail: `/api/library/imports/imp1/slides/${number}.svg`,
  original: null,
  imported: { text: 2 },
  notImported: [],
  fonts: [],
  fields: [],
  replaces: null,
  ...extra,
});

const reading: LibraryImportResponse = {
  id: 'imp1',
  fileName: 'Acme sales deck.pptx',
  state: 'reading',
  progress: null,
  error: null,
  createdAt: '2026-11-02T09:00:00.000Z',
  slideSize: null,
  candidates: [],
};

const ready: LibraryImportResponse = {
  ...reading,
  state: 'ready',
  slideSize: { width: 960, height: 540 },
  candidates: [
    candidate(1, {
      title: 'Welcome',
      original: '/api/library/imports/imp1/slides/1/original',
      fonts: [{ from: 'Calibri', to: 'Carlito' }],
      fields: [
        { text: '{{Client Name}}', label: 'Client Name', suggestion: 'client.name' },
        { text: '[Date]', label: 'Date', suggestion: 'deck.date' },
      ],
    }),
    candidate(2, {
      title: 'Our results',
      notImported: [
        { kind: 'chart', why: 'A chart, drawn as a picture', count: 2 },
        { kind: 'effect', why: 'A shadow, left out' },
        { kind: 'font', why: 'Georgia is drawn in Tinos: its lines may break in other places' },
      ],
      fonts: [{ from: 'Arial', to: 'Arimo' }],
      fields: [{ text: '<<Rep>>', label: 'Rep' }],
    }),
    candidate(3, { title: 'Old appendix', hidden: true }),
    candidate(4, { title: 'Thank you' }),
  ],
};

const slide = (name: string) => screen.getByRole('listitem', { name });

function fileInput() {
  return document.querySelector('input[type="file"]') as HTMLInputElement;
}

describe('the PowerPoint import page', () => {
  // The toast store outlives a test's render; the next test starts with none.
  afterEach(() => notifications.clean());

  it('sends the chosen file, shows how far reading got, then every slide as a candidate', async () => {
    let answerUpload = () => {};
    let isRead = false;
    mockApi({
      'GET /api/auth/session': { body: { user: adminUser } },
      'GET /api/library': { body: library },
      'POST /api/library/imports': () =>
        new Promise((resolve) => {
          answerUpload = () => resolve({ status: 202, body: reading });
        }),
      'GET /api/library/imports/imp1': () => ({
        body: isRead ? ready : { ...reading, progress: { done: 1, total: 4 } },
      }),
    });
    const user = userEvent.setup();
    const { router } = renderApp(paths.libraryImport);
    await screen.findByRole('heading', { name: 'Import PowerPoint' });

    const file = new File(['PK…'], 'Acme sales deck.pptx', { type: pptxType });
    await user.upload(fileInput(), file);
    expect(await screen.findByText('Uploading…')).toBeVisible();
    const [, sent] = vi.mocked(fetch).mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(sent?.body).toBe(file);
    expect(sent?.headers).toMatchObject({
      'Content-Type': pptxType,
      'X-File-Name': 'Acme%20sales%20deck.pptx',
    });

    answerUpload();
    expect(await screen.findByText('Reading slides… (1 of 4)')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Slides read' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(router.state.location.search).toBe('?id=imp1');

    isRead = true;
    expect(
      await screen.findByRole('heading', { name: '4 slides in Acme sales deck.pptx' }),
    ).toBeVisible();
    expect(screen.getByRole('list', { name: 'Slides found' })).toBeVisible();

    const welcome = slide('Slide 1: Welcome');
    expect(within(welcome).getByRole('img', { name: 'Slide 1 as imported' })).toHaveAttribute(
      'src',
      '/api/library/imports/imp1/slides/1.svg',
    );
    // Beside our drawing, the original as the office renderer drew it.
    expect(within(welcome).getByRole('img', { name: 'Slide 1 in the original' })).toHaveAttribute(
      'src',
      '/api/library/imports/imp1/slides/1/original',
    );
    expect(
      within(welcome).getByText('Everything on this slide imported as editable elements.'),
    ).toBeVisible();
    expect(within(welcome).getByText('Calibri is drawn in Carlito')).toBeVisible();
    expect(within(welcome).getByRole('combobox', { name: '{{Client Name}}' })).toHaveValue(
      'Client name',
    );
    expect(within(welcome).getByRole('combobox', { name: '[Date]' })).toHaveValue(
      'Presentation date',
    );
    expect(within(welcome).getByRole('textbox', { name: 'Title' })).toHaveValue('Welcome');
    expect(within(welcome).getByRole('combobox', { name: 'Category' })).toHaveValue('Company');

    const results = slide('Slide 2: Our results');
    const notImported = within(results).getByRole('list', { name: 'Not imported' });
    expect(
      within(notImported)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['A chart, drawn as a picture ×2', 'A shadow, left out']);
    // A font drawn in another is imported all the same: said apart from what was left out.
    const fontsReplaced = within(results).getByRole('list', { name: 'Fonts replaced' });
    expect(fontsReplaced).toHaveTextContent(
      'Georgia is drawn in Tinos: its lines may break in other places',
    );
    expect(within(results).getByText('Arial is drawn in Arimo')).toBeVisible();
    expect(within(results).getByRole('combobox', { name: '<<Rep>>' })).toHaveValue(
      'Keep as written',
    );

    // A slide hidden in the original show is offered, not chosen.
    expect(within(slide('Slide 3: Old appendix')).getByText('Hidden in the show')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Import slide 3' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Import 3 slides into the draft' })).toBeEnabled();
  });

  it('imports exactly the slides chosen, with their titles, categories and fields', async () => {
    let attempt = 0;
    const calls = mockApi({
      'GET /api/auth/session': { body: { user: adminUser } },
      'GET /api/library': { body: library },
      'GET /api/library/imports/imp1': { body: ready },
      'POST /api/library/imports/imp1/slides': () =>
        (attempt += 1) === 1
          ? apiError(400, 'validation_failed', 'Some fields are missing or invalid.', {
              'slides.1.title': 'A slide called Our results is already in the library.',
            })
          : { body: { created: ['welcome-to-acme', 'results'], replaced: [] } },
    });
    const user = userEvent.setup();
    const { router } = renderApp(`${paths.libraryImport}?id=imp1`);
    await screen.findByRole('list', { name: 'Slides found' });

    await user.click(screen.getByRole('button', { name: 'Choose none' }));
    expect(screen.getByRole('button', { name: 'Import 0 slides into the draft' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Choose all' }));
    expect(screen.getByRole('button', { name: 'Import 4 slides into the draft' })).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Import slide 3' }));
    await user.click(screen.getByRole('checkbox', { name: 'Import slide 4' }));
    expect(screen.getByRole('button', { name: 'Import 2 slides into the draft' })).toBeEnabled();

    const welcome = slide('Slide 1: Welcome');
    const title = within(welcome).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Welcome to Acme');
    await choose(
      user,
      within(welcome).getByRole('combobox', { name: '{{Client Name}}' }),
      'Primary contact',
    );
    await choose(
      user,
      within(welcome).getByRole('combobox', { name: '[Date]' }),
      'Keep as written',
    );
    expect(within(welcome).getByRole('combobox', { name: '{{Client Name}}' })).toHaveValue(
      'Primary contact',
    );

    const results = slide('Slide 2: Our results');
    await choose(user, within(results).getByRole('combobox', { name: '<<Rep>>' }), 'Rep’s name');
    await choose(user, within(results).getByRole('combobox', { name: 'Category' }), 'Case studies');

    await user.click(screen.getByRole('button', { name: 'Import 2 slides into the draft' }));
    expect(
      await screen.findByRole('alert', { name: 'Some fields are missing or invalid.' }),
    ).toHaveTextContent('Slide 2: A slide called Our results is already in the library.');
    expect(within(results).getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription(
      'A slide called Our results is already in the library.',
    );
    const resultsTitle = within(results).getByRole('textbox', { name: 'Title' });
    await user.clear(resultsTitle);
    await user.type(resultsTitle, 'Results');
    await user.click(screen.getByRole('button', { name: 'Import 2 slides into the draft' }));

    expect(await screen.findByText('2 slides imported into the draft.')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.library));
    const posts = calls.filter((call) => call.path === '/api/library/imports/imp1/slides');
    expect(posts).toHaveLength(2);
    expect(posts[1]!.body).toEqual({
      slides: [
        {
          number: 1,
          title: 'Welcome to Acme',
          category: 'company',
          fields: { '{{Client Name}}': 'contact.name', '[Date]': null },
        },
        {
          number: 2,
          title: 'Results',
          category: 'case-studies',
          fields: { '<<Rep>>': 'rep.name' },
        },
      ],
    });
  });

  it('replaces the library slides imported from the same slides before, unless told to add them', async () => {
    const again: LibraryImportResponse = {
      ...ready,
      candidates: [
        candidate(1, {
          title: 'Welcome',
          replaces: { id: 'welcome', title: 'Welcome to Acme', category: 'case-studies' },
        }),
        candidate(2, {
          title: 'Our results',
          replaces: { id: 'results', title: 'Results', category: 'company' },
        }),
        candidate(3, { title: 'New this quarter' }),
      ],
    };
    let attempt = 0;
    const calls = mockApi({
      'GET /api/auth/session': { body: { user: adminUser } },
      'GET /api/library': { body: library },
      'GET /api/library/imports/imp1': { body: again },
      'POST /api/library/imports/imp1/slides': () =>
        (attempt += 1) === 1
          ? apiError(400, 'validation_failed', 'Some fields are missing or invalid.', {
              'slides.0.replace': libraryImportMessages.replacedGone,
            })
          : { body: { created: ['results-2', 'new-this-quarter'], replaced: ['welcome'] } },
    });
    const user = userEvent.setup();
    renderApp(`${paths.libraryImport}?id=imp1`);
    await screen.findByRole('list', { name: 'Slides found' });
    expect(screen.getByText(/^2 slides were imported from this presentation before/)).toBeVisible();

    // Under the library slide's own title and category, replacing it.
    const welcome = slide('Slide 1: Welcome');
    const replacing = within(welcome).getByRole('radiogroup', {
      name: 'Imported before as “Welcome to Acme”',
    });
    expect(within(replacing).getByRole('radio', { name: 'Replace it' })).toBeChecked();
    expect(within(welcome).getByRole('textbox', { name: 'Title' })).toHaveValue('Welcome to Acme');
    expect(within(welcome).getByRole('combobox', { name: 'Category' })).toHaveValue('Case studies');
    // The second is added beside the one imported before; the third was never imported.
    const results = slide('Slide 2: Our results');
    expect(within(results).getByRole('textbox', { name: 'Title' })).toHaveValue('Results');
    await user.click(within(results).getByRole('radio', { name: 'Add as a new slide' }));
    // A new slide goes by the file's title, not the library slide's.
    expect(within(results).getByRole('textbox', { name: 'Title' })).toHaveValue('Our results');
    expect(within(slide('Slide 3: New this quarter')).queryByRole('radiogroup')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Import 3 slides into the draft' }));
    expect(
      await screen.findByRole('alert', { name: 'Some fields are missing or invalid.' }),
    ).toHaveTextContent(`Slide 1: ${libraryImportMessages.replacedGone}`);
    expect(replacing).toHaveAccessibleDescription(
      expect.stringContaining(libraryImportMessages.replacedGone),
    );
    await user.click(screen.getByRole('button', { name: 'Import 3 slides into the draft' }));
    expect(
      await screen.findByText(
        '3 slides imported into the draft; 1 of them replaced the library slide imported from it before.',
      ),
    ).toBeVisible();
    const posts = calls.filter((call) => call.path === '/api/library/imports/imp1/slides');
    expect(posts[1]!.body).toEqual({
      slides: [
        {
          number: 1,
          title: 'Welcome to Acme',
          category: 'case-studies',
          fields: {},
          replace: 'welcome',
        },
        { number: 2, title: 'Our results', category: 'company', fields: {} },
        { number: 3, title: 'New this quarter', category: 'company', fields: {} },
      ],
    });
  });

  it('says why a file could not be read, and lets the editor choose another', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: adminUser } },
      'GET /api/library/imports/imp1': {
        body: {
          ...reading,
          state: 'failed',
          error: 'This presentation is password-protected. Save it without a password.',
        },
      },
    });
    const user = userEvent.setup();
    renderApp(`${paths.libraryImport}?id=imp1`);
    const alert = await screen.findByRole('alert', { name: libraryImportMessages.failed });
    expect(alert).toHaveTextContent('This presentation is password-protected.');
    await user.click(screen.getByRole('button', { name: 'Choose another file' }));
    expect(await screen.findByRole('button', { name: 'Choose a .pptx file' })).toBeVisible();
  });

  it('refuses a file over 100 MB before sending anything', async () => {
    const calls = mockApi({
      'GET /api/auth/session': { body: { user: adminUser } },
      'POST /api/library/imports': apiError(
        415,
        'unsupported_media_type',
        libraryImportMessages.notPptx,
      ),
    });
    const user = userEvent.setup();
    renderApp(paths.libraryImport);
    await screen.findByRole('button', { name: 'Choose a .pptx file' });

    const huge = new File(['PK'], 'Everything.pptx', { type: pptxType });
    Object.defineProperty(huge, 'size', { value: libraryImportMaxBytes + 1 });
    await user.upload(fileInput(), huge);
    const refused = { name: libraryImportMessages.failed };
    expect(await screen.findByRole('alert', refused)).toHaveTextContent(
      libraryImportMessages.tooLarge,
    );
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    // What the server refuses is said the same way.
    await user.upload(fileInput(), new File(['x'], 'Renamed.pptx', { type: pptxType }));
    await waitFor(() =>
      expect(screen.getByRole('alert', refused)).toHaveTextContent(libraryImportMessages.notPptx),
    );
  });
});
