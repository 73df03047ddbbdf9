import type { ClientAcceptance, ClientView } from '@deck-portal/domain';
import { acceptanceMessages } from '@deck-portal/domain';
import { screen, waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../../test/render-app.tsx';
import { renderClientView } from '../../../test/render-client-view.tsx';

const api = '/api/client-view/tok';

const summaryLine = {
  quantity: 2,
  shippingCents: 50_000,
  creditsCents: 0,
};

const acceptance: ClientAcceptance = {
  state: 'open',
  version: 1,
  isUpdating: false,
  termsText: 'By accepting, I confirm the order.',
  termsSha256: 'a'.repeat(64),
  summary: {
    lines: [
      {
        ...summaryLine,
        productId: 'battery_backup',
        name: 'Battery Backup',
        unitPriceCents: 599_500,
        amountCents: 1_199_000,
        creditsCents: 374_700,
        optional: false,
        included: true,
      },
      {
        ...summaryLine,
        productId: 'controller',
        name: 'Controller',
        quantity: 3,
        unitPriceCents: 19_900,
        amountCents: 59_700,
        shippingCents: 22_500,
        creditsCents: 24_660,
        optional: true,
        included: false,
      },
    ],
    subtotalCents: 1_199_000,
    shippingCents: 50_000,
    totalCents: 1_249_000,
    yearlyCents: 0,
    creditsCents: 374_700,
    netCents: 874_300,
  },
  accepted: null,
  declinedAt: null,
};

const deck = (overrides: Partial<ClientAcceptance> = {}): ClientView => ({
  title: 'Winter proposal',
  clientName: 'Polar Foods',
  recipientName: 'Casey Client',
  senderName: 'Robin Rep',
  slides: [1, 2].map((index) => ({ index, url: `${api}/slides/${index}` })),
  pdfUrl: null,
  updatedAt: null,
  acceptance: { ...acceptance, ...overrides },
  language: 'en',
  direction: 'ltr',
  locale: 'en-US',
  currency: 'USD',
});

const visit = { status: 201, body: { visitId: null, isTracked: false, untrackedReason: 'team' } };

const total = (label: string) =>
  screen.getByRole('row', { name: new RegExp(`^${label} `) }).querySelector('td')!.textContent;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the accept step on the client page', () => {
  it('shows the priced summary; ticking an optional item updates the totals at once; accepting sends the choice and shows the confirmation', async () => {
    const user = userEvent.setup();
    const accepted = {
      id: 'r1',
      fullName: 'Casey Client',
      jobTitle: 'CFO',
      acceptedAt: '2031-03-05T12:00:00.000Z',
      summary: {
        ...acceptance.summary,
        lines: acceptance.summary.lines.map((line) => ({ ...line, included: true })),
        subtotalCents: 1_258_700,
        shippingCents: 72_500,
        totalCents: 1_331_200,
        creditsCents: 399_360,
        netCents: 931_840,
      },
    };
    const calls = mockApi({
      [`GET ${api}`]: { body: deck() },
      [`POST ${api}/visits`]: visit,
      [`POST ${api}/accept`]: { body: { accepted } },
    });
    renderClientView('tok');

    const step = await screen.findByRole('region', { name: 'Accept proposal' });
    expect(screen.getByRole('link', { name: 'Accept proposal' })).toHaveAttribute(
      'href',
      '#accept-proposal',
    );
    expect(within(step).getByRole('rowheader', { name: /^Battery Backup/ })).toBeVisible();
    expect(total('Total you pay')).toBe('$12,490.00');
    expect(total('Your cost after the estimated credit')).toBe('$8,743.00');
    expect(within(step).getByText(acceptanceMessages.notASignature)).toBeVisible();
    expect(within(step).getByText('By accepting, I confirm the order.')).toBeVisible();

    await user.click(screen.getByRole('checkbox', { name: 'Optional — include Controller' }));
    expect(total('Total you pay')).toBe('$13,312.00');
    expect(
      total(
        'Estimated investment tax credit on Battery Backup and Controller, subject to tax advice',
      ),
    ).toBe('−$3,993.60');
    expect(total('Your cost after the estimated credit')).toBe('$9,318.40');

    await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Casey Client');
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'CFO');
    await user.click(screen.getByRole('checkbox', { name: 'I accept' }));
    await user.click(screen.getByRole('button', { name: 'Accept proposal' }));

    expect(await screen.findByRole('heading', { name: 'Proposal accepted' })).toBeVisible();
    expect(
      screen.getByText(/Accepted on March 5, 2031 at 12:00 PM \(UTC\) by Casey Client, CFO\./),
    ).toBeVisible();
    expect(calls.find((call) => call.path === `${api}/accept`)?.body).toEqual({
      fullName: 'Casey Client',
      jobTitle: 'CFO',
      agree: true,
      optionalProductIds: ['controller'],
      totalCents: 1_331_200,
      termsSha256: 'a'.repeat(64),
      version: 1,
    });
  });

  it('keeps a yearly fee out of the total the client accepts, as the deck does', async () => {
    const user = userEvent.setup();
    const monitoring = {
      productId: 'battery_monitoring',
      name: 'Battery monitoring',
      kind: 'subscription' as const,
      quantity: 2,
      unitPriceCents: 7_500,
      amountCents: 15_000,
      shippingCents: 0,
      creditsCents: 0,
      optional: false,
      included: true,
    };
    const [battery] = acceptance.summary.lines;
    const summary = {
      ...acceptance.summary,
      lines: [{ ...battery!, kind: 'goods' as const }, monitoring],
      yearlyCents: 15_000,
    };
    const calls = mockApi({
      [`GET ${api}`]: { body: deck({ summary }) },
      [`POST ${api}/visits`]: visit,
      [`POST ${api}/accept`]: apiError(409, 'prices_changed', acceptanceMessages.pricesChanged),
    });
    renderClientView('tok');

    const step = await screen.findByRole('region', { name: 'Accept proposal' });
    const row = within(step).getByRole('row', { name: /^Battery monitoring · per year/ });
    expect(row).toHaveTextContent('$150.00 a year');
    expect(total('Total you pay')).toBe('$12,490.00');
    expect(total('Yearly fees, not in the total')).toBe('$150.00 a year');

    await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Casey Client');
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'CFO');
    await user.click(screen.getByRole('checkbox', { name: 'I accept' }));
    await user.click(screen.getByRole('button', { name: 'Accept proposal' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === `${api}/accept`)?.body).toMatchObject({
        totalCents: 1_249_000,
      }),
    );
  });

  it('says what is missing, next to each field, and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = mockApi({ [`GET ${api}`]: { body: deck() }, [`POST ${api}/visits`]: visit });
    renderClientView('tok');
    await user.click(await screen.findByRole('button', { name: 'Accept proposal' }));

    const name = screen.getByRole('textbox', { name: /Full name/ });
    expect(name).toHaveAccessibleDescription('Enter your full name.');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveAccessibleDescription(
      'Enter your title.',
    );
    expect(screen.getByRole('checkbox', { name: 'I accept' })).toHaveAccessibleDescription(
      'Tick “I accept” to accept the proposal.',
    );
    expect(calls.some((call) => call.path === `${api}/accept`)).toBe(false);

    // Each message goes as soon as its field is put right.
    await user.type(name, 'Casey Client');
    expect(name).not.toHaveAccessibleDescription('Enter your full name.');
    expect(screen.getByText('Enter your title.')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: 'I accept' }));
    expect(screen.queryByText('Tick “I accept” to accept the proposal.')).toBeNull();
  });

  it('announces a refusal in the server’s words (prices changed) and loads the page again', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      [`GET ${api}`]: { body: deck() },
      [`POST ${api}/visits`]: visit,
      [`POST ${api}/accept`]: apiError(409, 'prices_changed', acceptanceMessages.pricesChanged),
    });
    renderClientView('tok');
    await user.type(await screen.findByRole('textbox', { name: /Full name/ }), 'Casey Client');
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'CFO');
    await user.click(screen.getByRole('checkbox', { name: 'I accept' }));
    await user.click(screen.getByRole('button', { name: 'Accept proposal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(acceptanceMessages.pricesChanged);
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'GET' && call.path === api)).toHaveLength(2),
    );
  });

  it('declines with a reason ("Not now") and still offers accepting', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      [`GET ${api}`]: { body: deck() },
      [`POST ${api}/visits`]: visit,
      [`POST ${api}/decline`]: { status: 204 },
    });
    renderClientView('tok');
    await user.click(await screen.findByRole('button', { name: 'Not now' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason (optional)' }), 'Next quarter.');
    await user.click(screen.getByRole('button', { name: 'Send “Not now”' }));
    expect(await screen.findByText(/your answer was sent/)).toBeVisible();
    expect(calls.find((call) => call.path === `${api}/decline`)?.body).toEqual({
      reason: 'Next quarter.',
    });
    expect(screen.getByRole('button', { name: 'Accept proposal' })).toBeVisible();
  });

  it('shows the confirmation on reload once accepted, and says the proposal is being updated while its new version awaits approval', async () => {
    mockApi({
      [`GET ${api}`]: {
        body: deck({
          state: 'accepted',
          accepted: {
            id: 'r1',
            fullName: 'Casey Client',
            jobTitle: 'CFO',
            acceptedAt: '2031-03-05T12:00:00.000Z',
            summary: acceptance.summary,
          },
        }),
      },
      [`POST ${api}/visits`]: visit,
    });
    const first = renderClientView('tok');
    expect(await screen.findByRole('heading', { name: 'Proposal accepted' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Accept proposal' })).toBeNull();
    first.unmount();

    mockApi({
      [`GET ${api}`]: { body: deck({ isUpdating: true }) },
      [`POST ${api}/visits`]: visit,
    });
    renderClientView('tok');
    const step = await screen.findByRole('region', { name: 'Accept proposal' });
    expect(within(step).getByRole('status')).toHaveTextContent(acceptanceMessages.updating);
    // Nothing green that would then refuse: no button in the step, no link to it above the deck.
    expect(screen.queryByRole('button', { name: 'Accept proposal' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Accept proposal' })).toBeNull();
  });

  it('offers the version the page shows, a new one included, with the link to the accept step', async () => {
    const calls = mockApi({
      [`GET ${api}`]: { body: { ...deck({ version: 3 }), updatedAt: '2031-03-07T10:00:00.000Z' } },
      [`POST ${api}/visits`]: visit,
      [`POST ${api}/accept`]: {
        body: {
          accepted: {
            id: 'r2',
            fullName: 'Casey Client',
            jobTitle: 'CFO',
            acceptedAt: '2031-03-08T12:00:00.000Z',
            summary: acceptance.summary,
          },
        },
      },
    });
    const user = userEvent.setup();
    renderClientView('tok');
    expect(await screen.findByRole('link', { name: 'Accept proposal' })).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Casey Client');
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'CFO');
    await user.click(screen.getByRole('checkbox', { name: 'I accept' }));
    await user.click(screen.getByRole('button', { name: 'Accept proposal' }));
    expect(await screen.findByRole('heading', { name: 'Proposal accepted' })).toBeVisible();
    expect(calls.find((call) => call.path === `${api}/accept`)?.body).toMatchObject({
      version: 3,
    });
  });

  it('offers the way to the accept step on the last slide, while the proposal may be accepted', async () => {
    const user = userEvent.setup();
    mockApi({
      [`GET ${api}`]: { body: deck() },
      [`POST ${api}/visits`]: visit,
    });
    const page = renderClientView('tok');
    await screen.findByRole('region', { name: 'Accept proposal' });
    expect(screen.queryByText('That is the whole proposal. Ready to go ahead?')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(screen.getByText('That is the whole proposal. Ready to go ahead?')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Review and accept' })).toHaveAttribute(
      'href',
      '#accept-proposal',
    );
    await user.click(screen.getByRole('link', { name: 'Review and accept' }));
    expect(document.activeElement).toHaveAccessibleName('Accept proposal');
    page.unmount();

    mockApi({
      [`GET ${api}`]: { body: deck({ isUpdating: true }) },
      [`POST ${api}/visits`]: visit,
    });
    renderClientView('tok');
    await screen.findByText(acceptanceMessages.updating);
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(screen.queryByRole('link', { name: 'Review and accept' })).toBeNull();
  });
});
