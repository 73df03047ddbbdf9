import type { ClientLinksResponse } from '@deck-portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { clientLink } from '../../../test/client-link-fixture.ts';
import { apiError, approvedUser, mockApi, renderApp } from '../../../test/render-app.tsx';
import { deckDetails } from '../../../test/deck-details-fixture.ts';

const deck = deckDetails();

const noLinks: ClientLinksResponse = {
  links: [],
  summary: { links: 0, opens: 0, uniqueRecipients: 0, mostViewedSlide: null },
};

function previewApi(
  links: ClientLinksResponse | (() => ClientLinksResponse),
  overrides: Parameters<typeof mockApi>[0] = {},
) {
  return mockApi({
    'GET /api/auth/session': { body: { user: approvedUser } },
    'GET /api/decks/d1': { body: deck },
    'GET /api/decks/d1/shares': { body: { shares: [] } },
    'GET /api/decks/d1/versions': {
      body: {
        versions: [2, 1].map((number) => ({
          number,
          createdAt: '2031-03-05T12:00:00.000Z',
          createdBy: null,
          title: 'Q3 proposal',
          clientName: 'Polar Foods',
          slideCount: 12,
          changes: [],
          restoredFrom: null,
          isCurrent: number === 2,
          editUrl: `/deck/d1/edit`,
          pptxUrl: `/api/decks/d1/pptx?version=${number}`,
          viewUrl: `/deck/d1/view?version=${number}`,
          pdfUrl: `/api/decks/d1/download?version=${number}`,
        })),
      },
    },
    'GET /api/template-slides': {
      body: { slides: [], categories: [], pricingSlides: { perProduct: 1, once: 1 } },
    },
    'GET /api/decks/d1/client-links': () => ({
      body: typeof links === 'function' ? links() : links,
    }),
    ...overrides,
  });
}

async function openCreateForm() {
  await userEvent.click(await screen.findByRole('button', { name: 'Create client link' }));
  return screen.findByRole('dialog', { name: 'Create client link' });
}

describe('the client links panel', () => {
  it('is not shown to someone who cannot manage the deck', async () => {
    const calls = mockApi({
      'GET /api/auth/session': { body: { user: approvedUser } },
      'GET /api/decks/d1': { body: { ...deck, canManage: false } },
      'GET /api/template-slides': {
        body: { slides: [], categories: [], pricingSlides: { perProduct: 1, once: 1 } },
      },
    });
    renderApp('/deck/d1/preview');
    expect(await screen.findByRole('heading', { name: 'Q3 proposal' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Client links' })).toBeNull();
    expect(calls.some((call) => call.path.endsWith('/client-links'))).toBe(false);
  });

  it('says there are no links yet, and the summary shows a dash for the most-viewed slide', async () => {
    previewApi(noLinks);
    renderApp('/deck/d1/preview');
    expect(
      await screen.findByText(
        'No client links yet. Create one to send this deck to a client and see what they view.',
      ),
    ).toBeVisible();
    const summary = screen.getByRole('region', { name: 'Client activity' });
    expect(within(summary).getByText('Most-viewed slide').nextSibling).toHaveTextContent('—');
  });

  it('lists each link with its status, opens, last open and time viewed, and sums them up', async () => {
    previewApi({
      links: [
        clientLink({
          id: 'l3',
          recipientName: 'Ann Active',
          recipientEmail: 'ann@client.com',
          expiresAt: '2031-04-30T23:59:59.999Z',
          opens: 3,
          lastOpenedAt: '2031-03-06T14:15:00.000Z',
          totalViewMs: 125_000,
        }),
        clientLink({ id: 'l2', recipientName: 'Ed Expired', status: 'expired' }),
        clientLink({
          id: 'l1',
          recipientName: 'Rita Revoked',
          status: 'revoked',
          revokedAt: '2031-03-06T10:00:00.000Z',
        }),
      ],
      summary: {
        links: 3,
        opens: 3,
        uniqueRecipients: 1,
        mostViewedSlide: {
          slide: 4,
          title: 'Battery Backup: your investment',
          version: 1,
          totalMs: 200_000,
        },
      },
    });
    renderApp('/deck/d1/preview');
    const table = await screen.findByRole('table', { name: 'Client links' });
    const [header, active, expired, revoked] = within(table).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Recipient',
      'Created',
      'Expires',
      'Status',
      'Opens',
      'Last opened',
      'Time viewed',
      'Actions',
    ]);
    const cells = within(active!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 7)).toEqual([
      'Ann Activeann@client.com',
      dayjs('2031-03-05T12:00:00.000Z').format('MMM D, YYYY'),
      dayjs('2031-04-30T23:59:59.999Z').format('MMM D, YYYY'),
      'Active',
      '3',
      dayjs('2031-03-06T14:15:00.000Z').format('MMM D, YYYY [at] h:mm A'),
      '2m 05s',
    ]);
    expect(
      within(active!).getByRole('link', { name: 'View analytics for Ann Active' }),
    ).toHaveAttribute('href', '/deck/d1/links/l3');
    expect(within(active!).getByRole('button', { name: /Revoke/ })).toBeVisible();

    expect(expired).toHaveTextContent('Never');
    expect(expired).toHaveTextContent('Expired');
    expect(expired).toHaveTextContent('Not opened yet');
    expect(expired).toHaveTextContent('0s');

    expect(revoked).toHaveTextContent('Revoked');
    // A revoked link cannot be revoked again.
    expect(within(revoked!).queryByRole('button', { name: /Revoke/ })).toBeNull();

    const summary = screen.getByRole('region', { name: 'Client activity' });
    const figure = (label: string) => within(summary).getByText(label).nextSibling;
    expect(figure('Links')).toHaveTextContent('3');
    expect(figure('Opens')).toHaveTextContent('3');
    expect(figure('Unique recipients')).toHaveTextContent('1');
    expect(figure('Most-viewed slide')).toHaveTextContent(
      'Battery Backup: your investment · 3m 20s',
    );
  });

  it('says which links let the client accept the proposal on the page', async () => {
    previewApi({
      ...noLinks,
      links: [
        clientLink({
          id: 'l1',
          recipientName: 'Jane Client',
          acceptance: { enabled: true, optionalProductIds: ['controller'] },
        }),
        clientLink({ id: 'l2', recipientName: 'Joe Other' }),
      ],
    });
    renderApp('/deck/d1/preview');
    const jane = (await screen.findByText('Jane Client')).closest('tr')!;
    expect(
      within(jane).getByText('The client can accept it on the page (1 optional item)'),
    ).toBeVisible();
    const joe = screen.getByText('Joe Other').closest('tr')!;
    expect(within(joe).queryByText(/can accept it/)).toBeNull();
  });

  it('says, per link, which version the client can accept, or that accepting waits for approval', async () => {
    const offered = { enabled: true, optionalProductIds: [] };
    previewApi({
      ...noLinks,
      links: [
        clientLink({
          id: 'l1',
          recipientName: 'Jane Client',
          shownVersion: 2,
          acceptance: { ...offered, state: 'open' },
        }),
        clientLink({
          id: 'l2',
          recipientName: 'Joe Other',
          shownVersion: 2,
          acceptance: { ...offered, state: 'awaiting_approval' },
        }),
        clientLink({
          id: 'l3',
          recipientName: 'Pia Pinned',
          pinnedVersion: 3,
          shownVersion: null,
          acceptance: { ...offered, state: 'awaiting_approval' },
        }),
      ],
    });
    renderApp('/deck/d1/preview');
    const row = async (name: string) => (await screen.findByText(name)).closest('tr')!;
    expect(await row('Jane Client')).toHaveTextContent(
      'The client can accept version 2 on the page',
    );
    expect(await row('Joe Other')).toHaveTextContent(
      'The newest version awaits price approval: the client sees version 2 and cannot accept until it is approved',
    );
    expect(await row('Pia Pinned')).toHaveTextContent(
      'Version 3 awaits price approval: the client cannot accept it until it is approved',
    );
    expect(await row('Joe Other')).not.toHaveTextContent('can accept version');
  });

  it('revokes a link only after confirming, then reloads the list', async () => {
    let link = clientLink();
    const calls = previewApi(() => ({ links: [link], summary: { ...noLinks.summary, links: 1 } }), {
      'POST /api/decks/d1/client-links/l1/revoke': () => {
        link = { ...link, status: 'revoked', revokedAt: '2031-03-06T10:00:00.000Z' };
        return { body: { link } };
      },
    });
    renderApp('/deck/d1/preview');
    const table = await screen.findByRole('table', { name: 'Client links' });
    await userEvent.click(
      within(table).getByRole('button', { name: 'Revoke the link for Jane Client' }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Revoke client link' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.path.endsWith('/revoke'))).toBe(false);

    await userEvent.click(
      within(table).getByRole('button', { name: 'Revoke the link for Jane Client' }),
    );
    const again = await screen.findByRole('dialog', { name: 'Revoke client link' });
    expect(again).toHaveTextContent('Jane Client will no longer be able to open this deck');
    await userEvent.click(within(again).getByRole('button', { name: 'Revoke link' }));

    await waitFor(() => expect(within(table).getByText('Revoked')).toBeVisible());
    expect(
      calls.filter((call) => call.path === '/api/decks/d1/client-links/l1/revoke'),
    ).toHaveLength(1);
    expect(within(table).queryByRole('button', { name: /Revoke/ })).toBeNull();
  });
});

describe('creating a client link', () => {
  it('sends the fields, with the expiry at the end of the chosen day, and shows the link once', async () => {
    const user = userEvent.setup();
    let links = noLinks;
    const url = 'https://portal.example.com/v/secret-token';
    const calls = previewApi(() => links, {
      'POST /api/decks/d1/client-links': ({ body }) => {
        const request = body as { recipientName: string; recipientEmail: string };
        const link = clientLink({
          recipientName: request.recipientName,
          recipientEmail: request.recipientEmail,
          hasPasscode: true,
        });
        links = { links: [link], summary: { ...noLinks.summary, links: 1 } };
        return { status: 201, body: { link, url, emailed: true } };
      },
    });
    renderApp('/deck/d1/preview');
    const form = await openCreateForm();

    await user.type(within(form).getByLabelText(/Recipient name/), 'Jane Client');
    await user.type(within(form).getByLabelText(/Recipient e-mail/), 'jane@client.com');

    // Any day next month: always after today, so the picker allows it.
    const day = dayjs().add(1, 'month').date(15);
    await user.click(within(form).getByLabelText('Expiry date'));
    // happy-dom lays nothing out, so Mantine takes the calendar's anchor for scrolled away and
    // hides the calendar: its buttons are found among hidden elements.
    const calendar = { hidden: true } as const;
    await user.click(await screen.findByRole('button', { name: 'Next month', ...calendar }));
    await user.click(screen.getByRole('button', { name: day.format('D MMMM YYYY'), ...calendar }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Expiry date')).toHaveTextContent(
        day.format('MMM D, YYYY'),
      ),
    );

    await user.type(within(form).getByLabelText('Passcode'), 'blue-harbour');
    expect(within(form).getByText(/give it to the client separately/)).toBeVisible();
    await user.click(within(form).getByRole('switch', { name: 'Allow PDF download' }));
    // Pinned to the first version: the client keeps seeing it whatever comes later.
    await user.click(within(form).getByRole('combobox', { name: 'Version the client sees' }));
    await user.click(await screen.findByRole('option', { name: 'Only version 1', hidden: true }));
    expect(within(form).getByRole('checkbox', { name: 'Send the link by e-mail' })).toBeChecked();
    await user.type(within(form).getByLabelText('Message'), 'Looking forward to your thoughts.');
    await user.click(within(form).getByRole('button', { name: 'Create link' }));

    const created = await screen.findByRole('dialog', { name: 'Client link created' });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      recipientName: 'Jane Client',
      recipientEmail: 'jane@client.com',
      expiresAt: day.endOf('day').toISOString(),
      passcode: 'blue-harbour',
      allowDownload: false,
      pinnedVersion: 1,
      sendEmail: true,
      message: 'Looking forward to your thoughts.',
    });
    // The modal fades in.
    await waitFor(() => expect(within(created).getByText(/shown only now/)).toBeVisible());
    expect(within(created).getByText('Sent to jane@client.com.')).toBeVisible();
    expect(within(created).getByLabelText('Client link')).toHaveValue(url);
    await user.click(within(created).getByRole('button', { name: 'Copy' }));
    expect(await within(created).findByRole('button', { name: 'Copied' })).toBeVisible();
    await expect(navigator.clipboard.readText()).resolves.toBe(url);

    // The new link appears in the list.
    expect(await screen.findByRole('table', { name: 'Client links' })).toHaveTextContent(
      'Jane Client',
    );
  });

  it('sends no expiry, passcode or message when left empty or not mailing', async () => {
    const calls = previewApi(noLinks, {
      'POST /api/decks/d1/client-links': {
        status: 201,
        body: { link: clientLink(), url: 'https://portal.example.com/v/t', emailed: false },
      },
    });
    renderApp('/deck/d1/preview');
    const form = await openCreateForm();
    await userEvent.type(within(form).getByLabelText(/Recipient name/), 'Jane Client');
    await userEvent.type(within(form).getByLabelText(/Recipient e-mail/), 'jane@client.com');
    await userEvent.type(within(form).getByLabelText('Message'), 'Dropped: not mailing.');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Send the link by e-mail' }));
    expect(within(form).queryByLabelText('Message')).toBeNull();
    await userEvent.click(within(form).getByRole('button', { name: 'Create link' }));

    const created = await screen.findByRole('dialog', { name: 'Client link created' });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      recipientName: 'Jane Client',
      recipientEmail: 'jane@client.com',
      expiresAt: null,
      allowDownload: true,
      sendEmail: false,
    });
    expect(within(created).queryByText(/Sent to/)).toBeNull();
  });

  it("asks for the viewer's e-mail, only at the domains named, checked before sending", async () => {
    const calls = previewApi(noLinks, {
      'POST /api/decks/d1/client-links': {
        status: 201,
        body: { link: clientLink(), url: 'https://portal.example.com/v/t', emailed: false },
      },
    });
    renderApp('/deck/d1/preview');
    const form = await openCreateForm();
    await userEvent.type(within(form).getByLabelText(/Recipient name/), 'Jane Client');
    await userEvent.type(within(form).getByLabelText(/Recipient e-mail/), 'jane@client.com');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Send the link by e-mail' }));
    expect(within(form).queryByLabelText('Only these domains')).toBeNull();
    await userEvent.click(
      within(form).getByRole('switch', { name: /^Ask for the viewer's e-mail/ }),
    );
    const domains = within(form).getByLabelText('Only these domains');
    await userEvent.type(domains, 'client.com, jane@client');
    await userEvent.click(within(form).getByRole('button', { name: 'Create link' }));
    expect(
      await within(form).findByText('"jane@client" is not a domain such as acme.com.'),
    ).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await userEvent.clear(domains);
    await userEvent.type(domains, '@Client.com, eu.client.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Create link' }));
    await screen.findByRole('dialog', { name: 'Client link created' });
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      requireEmail: true,
      allowedDomains: ['@Client.com', 'eu.client.com'],
    });
  });

  it('offers acceptance on the page, with the products the rep marks optional', async () => {
    const calls = previewApi(noLinks, {
      'GET /api/decks/d1': {
        body: {
          ...deck,
          draft: {
            ...deck.draft,
            productSelection: {
              selectedProducts: [
                { id: 'battery_backup', quantity: 2, customPricing: 5995 },
                { id: 'controller', quantity: 3, customPricing: 199 },
              ],
              includePricing: true,
              customPricing: {},
            },
          },
          productNames: { battery_backup: 'Battery Backup', controller: 'Controller' },
        },
      },
      'POST /api/decks/d1/client-links': {
        status: 201,
        body: { link: clientLink(), url: 'https://portal.example.com/v/t', emailed: false },
      },
    });
    renderApp('/deck/d1/preview');
    const form = await openCreateForm();
    const offer = within(form).getByRole('switch', {
      name: 'Let the client accept this proposal on the page',
    });
    expect(offer).not.toBeChecked();
    // The optional items show only once acceptance is on.
    expect(within(form).queryByRole('checkbox', { name: /Optional/ })).toBeNull();
    await userEvent.click(offer);
    expect(
      within(form).getByRole('checkbox', {
        name: 'Optional — the client chooses: Battery Backup',
      }),
    ).not.toBeChecked();
    await userEvent.click(
      within(form).getByRole('checkbox', { name: 'Optional — the client chooses: Controller' }),
    );
    await userEvent.type(within(form).getByLabelText(/Recipient name/), 'Jane Client');
    await userEvent.type(within(form).getByLabelText(/Recipient e-mail/), 'jane@client.com');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Send the link by e-mail' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Create link' }));

    await screen.findByRole('dialog', { name: 'Client link created' });
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      acceptance: { enabled: true, optionalProductIds: ['controller'] },
    });
  });

  it('shows the server’s refusal of the optional items under them', async () => {
    previewApi(noLinks, {
      'POST /api/decks/d1/client-links': apiError(
        422,
        'validation_failed',
        'Optional items must be products of this deck.',
        { 'acceptance.optionalProductIds': 'Optional items must be products of this deck.' },
      ),
    });
    renderApp('/deck/d1/preview');
    const form = await openCreateForm();
    await userEvent.click(
      within(form).getByRole('switch', { name: 'Let the client accept this proposal on the page' }),
    );
    await userEvent.type(within(form).getByLabelText(/Recipient name/), 'Jane Client');
    await userEvent.type(within(form).getByLabelText(/Recipient e-mail/), 'jane@client.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Create link' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Optional items must be products of this deck.',
    );
  });

  it('checks the required fields before calling the server', async () => {
    const calls = previewApi(noLinks);
    renderApp('/deck/d1/preview');
    const form = await openCreateForm();
    await userEvent.type(within(form).getByLabelText('Passcode'), 'abc');
    await userEvent.click(within(form).getByRole('button', { name: 'Create link' }));
    expect(await within(form).findByText('Recipient name is required.')).toBeVisible();
    expect(within(form).getByText('Email is required.')).toBeVisible();
    expect(within(form).getByText('The passcode must be at least 4 characters.')).toBeVisible();
    // Announced with the field, as with the others.
    const passcode = within(form).getByLabelText('Passcode');
    expect(passcode).toHaveAttribute('aria-invalid', 'true');
    expect(passcode).toHaveAccessibleDescription(
      expect.stringContaining('The passcode must be at least 4 characters.'),
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("shows the server's field errors on their fields and other failures in an alert", async () => {
    let reply = apiError(400, 'validation_failed', 'Invalid request', {
      expiresAt: 'The expiry date must be in the future.',
    });
    previewApi(noLinks, { 'POST /api/decks/d1/client-links': () => reply });
    renderApp('/deck/d1/preview');
    const form = await openCreateForm();
    await userEvent.type(within(form).getByLabelText(/Recipient name/), 'Jane Client');
    await userEvent.type(within(form).getByLabelText(/Recipient e-mail/), 'jane@client.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Create link' }));

    expect(await within(form).findByText('The expiry date must be in the future.')).toBeVisible();
    expect(within(form).getByLabelText('Expiry date')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).queryByRole('alert')).toBeNull();

    reply = apiError(500, 'internal_error', 'Something went wrong on our side.');
    await userEvent.click(within(form).getByRole('button', { name: 'Create link' }));
    expect(await within(form).findByText('Something went wrong on our side.')).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Client link created' })).toBeNull();
  });
});
