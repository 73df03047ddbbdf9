import {
  SEED_PRICE_LISTS,
  type AdminProducts,
  type PriceList,
  type PriceListImportResult,
} from '@deck-portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths.ts';
import { adminUser, mockApi, renderApp } from '../../test/render-app.tsx';

const updatedAt = '2026-11-01T09:00:00.000Z';
const served = (lists: readonly PriceList[]) => ({
  body: { bookCurrency: 'USD', lists: lists.map((list) => ({ ...list, updatedAt })) },
});
const products: AdminProducts = { products: [] };

const header = 'productId,name,msrp,basePrice,whiteGloveShipping,flatRateShipping';
const euros = (msrp: number) => ({
  msrp,
  basePrice: 1195,
  whiteGloveShipping: 70,
  flatRateShipping: 35,
});

/** What the server answers a file: one change, and the problems given. */
const answer = (
  apply: boolean,
  problems: PriceListImportResult['problems'] = [],
): PriceListImportResult => ({
  currency: 'EUR',
  applied: apply,
  rows: 2,
  changes: [
    { row: 2, productId: 'controller', name: 'Controller', before: euros(185), after: euros(175) },
  ],
  unchanged: 0,
  missing: [{ productId: 'bms', name: 'Battery Management System', priced: false }],
  problems,
});

async function openImport() {
  renderApp(paths.products);
  const section = await screen.findByRole('region', { name: 'Price lists' });
  // Derived lists and the book's own are not imported; every list is exported.
  expect(await within(section).findByRole('link', { name: 'Export the JPY list' })).toHaveAttribute(
    'href',
    '/api/admin/price-lists/JPY/export',
  );
  expect(
    within(section).queryByRole('button', { name: 'Import the JPY list' }),
  ).not.toBeInTheDocument();
  expect(
    within(section).queryByRole('button', { name: 'Import the USD list' }),
  ).not.toBeInTheDocument();
  await userEvent.click(within(section).getByRole('button', { name: 'Import the EUR list' }));
  return screen.findByRole('dialog', { name: 'Import the EUR list' });
}

const upload = (dialog: HTMLElement, text: string) =>
  userEvent.upload(
    dialog.querySelector<HTMLInputElement>('input[type="file"]')!,
    new File([text], 'eur.csv', { type: 'text/csv' }),
  );

describe('importing a price list from a file', () => {
  it('previews the changes and the rows that cannot be used, and applies nothing then', async () => {
    const calls = mockApi({
      'GET /api/auth/session': { body: { user: adminUser } },
      'GET /api/admin/products': { body: products },
      'GET /api/price-lists': served(SEED_PRICE_LISTS),
      'POST /api/admin/price-lists/EUR/import': {
        body: answer(false, [{ row: 3, column: 'basePrice', message: '“abc” is not a price.' }]),
      },
    });
    const dialog = await openImport();
    await upload(dialog, `${header}\ncontroller,,175,1195,70,35\nbms,,1,abc,1,1\n`);
    expect(
      await within(dialog).findByText('Row 3, basePrice: “abc” is not a price.'),
    ).toBeVisible();
    const changes = within(dialog).getByRole('group', { name: 'Prices the file changes' });
    expect(within(changes).getByText('€185.00 → €175.00')).toBeVisible();
    expect(
      within(dialog).getByText(/No row for Battery Management System: they keep their prices/),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Apply 1 change' })).toBeDisabled();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { file: `${header}\ncontroller,,175,1195,70,35\nbms,,1,abc,1,1\n`, apply: false },
    ]);
  });

  it('applies a clean file once previewed', async () => {
    const calls = mockApi({
      'GET /api/auth/session': { body: { user: adminUser } },
      'GET /api/admin/products': { body: products },
      'GET /api/price-lists': served(SEED_PRICE_LISTS),
      'POST /api/admin/price-lists/EUR/import': ({ body }) => ({
        body: answer((body as { apply: boolean }).apply),
      }),
    });
    const dialog = await openImport();
    await upload(dialog, `${header}\ncontroller,,175,1195,70,35\n`);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Apply 1 change' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('The EUR list is imported: 1 product repriced.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { file: `${header}\ncontroller,,175,1195,70,35\n`, apply: false },
      { file: `${header}\ncontroller,,175,1195,70,35\n`, apply: true },
    ]);
  });
});
