import { SEED_MARKETS, SEED_PRICE_LISTS } from '@deck-portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths.ts';
import { adminUser, apiError, approvedUser, mockApi, renderApp } from '../../test/render-app.tsx';

const seeded = {
  'GET /api/auth/session': { body: { user: adminUser } },
  'GET /api/markets': { body: { markets: SEED_MARKETS } },
  'GET /api/price-lists': {
    body: {
      bookCurrency: 'USD',
      lists: SEED_PRICE_LISTS.map((list) => ({ ...list, updatedAt: '2026-11-01T09:00:00.000Z' })),
    },
  },
};

describe('the markets page', () => {
  it('lists each market with its currency, tax, incentives and language', async () => {
    mockApi(seeded);
    renderApp(paths.markets);
    expect(await screen.findByRole('heading', { name: 'Markets' })).toBeVisible();
    const japan = (await screen.findByText('Japan')).closest('tr')!;
    expect(within(japan).getByText('JP')).toBeVisible();
    expect(within(japan).getByText('JPY')).toBeVisible();
    expect(within(japan).getByText('Consumption tax 10 % (added)')).toBeVisible();
    expect(within(japan).getByText('None')).toBeVisible();
    expect(within(japan).getByText('日本語 (Japanese)')).toBeVisible();
    const us = screen.getByText('United States').closest('tr')!;
    expect(within(us).getByText('US investment tax credit')).toBeVisible();
    expect(within(us).getAllByText('None')).toHaveLength(1);
  });

  it('adds a market with an included tax, and names a code already taken', async () => {
    const calls = mockApi({
      ...seeded,
      'PUT /api/admin/markets/FR': ({ body }) => ({ body: { code: 'FR', ...(body as object) } }),
    });
    renderApp(paths.markets);
    await userEvent.click(await screen.findByRole('button', { name: 'New market' }));
    const dialog = await screen.findByRole('dialog', { name: 'New market' });
    const code = within(dialog).getByRole('textbox', { name: /^Country code/ });
    await userEvent.type(code, 'jp');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'France');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add market' }));
    expect(
      await within(dialog).findByText('JP is a market already: change it in the table.'),
    ).toBeVisible();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await userEvent.clear(code);
    await userEvent.type(code, 'fr');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Currency/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'EUR', hidden: true }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Language/ }));
    await userEvent.click(
      await screen.findByRole('option', { name: 'Français (French)', hidden: true }),
    );
    await userEvent.click(within(dialog).getByRole('switch', { name: /^Quotes carry a tax/ }));
    const rate = within(dialog).getByRole('textbox', { name: 'Rate' });
    await userEvent.clear(rate);
    await userEvent.type(rate, '20');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Tax included' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add market' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/api/admin/markets/FR',
    });
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      name: 'France',
      currency: 'EUR',
      tax: { name: 'VAT', percent: 20, inclusive: true },
      incentives: [],
      language: 'fr',
    });
  });

  it('shows why the server would not remove a market decks use', async () => {
    mockApi({
      ...seeded,
      'DELETE /api/admin/markets/JP': apiError(
        409,
        'conflict',
        'Japan is the market of 3 decks: it cannot be removed.',
      ),
    });
    renderApp(paths.markets);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Japan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Japan?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Japan is the market of 3 decks: it cannot be removed.',
    );
  });

  it('is not for reps', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: approvedUser } } });
    const { router } = renderApp(paths.markets);
    await waitFor(() => expect(router.state.location.pathname).not.toBe(paths.markets));
  });
});
