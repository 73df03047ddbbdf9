import { DEFAULT_DEAL_DESK, type DealDeskSettings } from '@deck-portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUser, apiError, approvedUser, mockApi, renderApp } from '../../test/render-app.tsx';

const saved: DealDeskSettings = {
  ...DEFAULT_DEAL_DESK,
  products: { controller: { floorPrice: 150, maxDiscountPercent: { sales_rep: 10 } } },
  deck: { maxTotalDiscountPercent: 25, maxTotalValue: null },
  acceptanceTerms: 'Prices hold for 30 days.',
};

function settingsApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/auth/session': { body: { user: adminUser } },
    'GET /api/admin/deal-desk': { body: saved },
    ...overrides,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the deal desk settings', () => {
  it('on a phone, sets each product’s limits as a card with its boxes labelled', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 48em)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    settingsApi();
    renderApp('/admin/deal-desk');
    const list = await screen.findByRole('list', { name: 'Limits per product' });
    expect(screen.queryByRole('table', { name: 'Limits per product' })).toBeNull();
    const controller = within(list)
      .getAllByRole('listitem')
      .find((item) => item.textContent?.startsWith('Controller'))!;
    expect(within(controller).getByText('List $199.00')).toBeVisible();
    expect(within(controller).getByLabelText('Floor price')).toHaveValue('$150');
    expect(within(controller).getByLabelText('Reps’ max. discount')).toHaveValue('10%');
    expect(within(controller).getByLabelText('Managers’ max. discount')).toHaveValue('');
  });

  it('shows the saved limits, a row per product of the price book, and the terms', async () => {
    settingsApi();
    renderApp('/admin/deal-desk');
    expect(await screen.findByLabelText(/Sales reps, max\. discount/)).toHaveValue('15%');
    expect(screen.getByLabelText(/Sales managers, max\. discount/)).toHaveValue('30%');
    const table = screen.getByRole('table', { name: 'Limits per product' });
    const controller = within(table).getByRole('row', { name: /Controller/ });
    expect(within(controller).getByText('$199.00')).toBeVisible();
    expect(within(controller).getByLabelText('Controller, floor price')).toHaveValue('$150');
    expect(within(controller).getByLabelText('Controller, reps’ max. discount')).toHaveValue('10%');
    expect(within(controller).getByLabelText('Controller, managers’ max. discount')).toHaveValue(
      '',
    );
    expect(within(table).getByRole('row', { name: /Battery Backup/ })).toBeVisible();
    expect(screen.getByLabelText('Max. discount on the whole quote')).toHaveValue('25%');
    expect(screen.getByLabelText('Max. quote total')).toHaveValue('');
    expect(screen.getByLabelText(/^Terms/)).toHaveValue('Prices hold for 30 days.');
  });

  it('saves every setting at once; an empty box is the role’s default or no rule', async () => {
    const calls = settingsApi({
      'PUT /api/admin/deal-desk': ({ body }) => ({ body }),
    });
    renderApp('/admin/deal-desk');
    const rep = await screen.findByLabelText(/Sales reps, max\. discount/);
    await userEvent.clear(rep);
    await userEvent.type(rep, '20');
    await userEvent.type(screen.getByLabelText('Battery Backup, floor price'), '4000');
    await userEvent.clear(screen.getByLabelText('Controller, floor price'));
    await userEvent.clear(screen.getByLabelText('Controller, reps’ max. discount'));
    await userEvent.type(screen.getByLabelText('Max. quote total'), '50000');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The deal desk settings were saved.')).toBeVisible();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      roleLimits: { sales_rep: 20, manager: 30 },
      products: { battery_backup: { floorPrice: 4000, maxDiscountPercent: {} } },
      deck: { maxTotalDiscountPercent: 25, maxTotalValue: 50000 },
      acceptanceTerms: 'Prices hold for 30 days.',
    });
  });

  it('names a field the server refuses, and one left empty before sending', async () => {
    const calls = settingsApi({
      'PUT /api/admin/deal-desk': apiError(
        422,
        'validation_failed',
        'Some fields are missing or invalid.',
        { 'roleLimits.manager': 'A manager’s limit cannot be below a rep’s.' },
      ),
    });
    renderApp('/admin/deal-desk');
    const terms = await screen.findByLabelText(/^Terms/);
    await userEvent.clear(terms);
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter the terms a client accepts')).toBeVisible();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await userEvent.type(terms, 'Prices hold for 30 days.');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('A manager’s limit cannot be below a rep’s.')).toBeVisible();
    expect(screen.getByLabelText(/Sales managers, max\. discount/)).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByText('Some fields are missing or invalid.')).toBeVisible();
  });

  it('is for administrators only', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: { ...approvedUser, role: 'manager' } } } });
    const { router } = renderApp('/admin/deal-desk');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
