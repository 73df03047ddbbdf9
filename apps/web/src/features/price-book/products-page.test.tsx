import { SEED_PRICE_LISTS, type AdminProducts, type PriceBookEntry } from '@deck-portal/domain';
import { SEED_PRICE_BOOK } from '@deck-portal/domain/seed-price-book';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths.ts';
import { adminUser, apiError, approvedUser, mockApi, renderApp } from '../../test/render-app.tsx';

const entry = (index: number, extra: Partial<PriceBookEntry> = {}): PriceBookEntry => {
  const product = SEED_PRICE_BOOK.products[index]!;
  return {
    id: `seed-${product.id}`,
    productId: product.id,
    product: { ...product, kind: product.kind ?? 'goods', features: [...product.features] },
    effectiveFrom: '2000-01-01T00:00:00.000Z',
    note: 'The built-in price book',
    createdAt: '2026-11-01T09:00:00.000Z',
    createdBy: null,
    ...extra,
  };
};

/** The seeded lists as `GET /api/price-lists` serves them. */
const priceLists = {
  body: {
    bookCurrency: 'USD',
    lists: SEED_PRICE_LISTS.map((list) => ({ ...list, updatedAt: '2026-11-01T09:00:00.000Z' })),
  },
};

const products: AdminProducts = {
  products: [
    { current: entry(0), scheduled: [] },
    {
      current: entry(2),
      scheduled: [
        entry(2, {
          id: 'e2',
          effectiveFrom: '2026-12-01T08:00:00.000Z',
          product: { ...entry(2).product, msrp: 219 },
        }),
      ],
    },
  ],
};

describe('the price book page', () => {
  it('lists each product with its prices, credit, status and scheduled change', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: adminUser } },
      'GET /api/price-lists': priceLists,
      'GET /api/admin/products': { body: products },
    });
    renderApp(paths.products);
    expect(await screen.findByRole('heading', { name: 'Price book' })).toBeVisible();
    await screen.findByText('Battery Backup');
    const table = screen.getByRole('table', { name: 'Products' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Battery Backup')).toBeVisible();
    expect(within(rows[0]!).getAllByText('$5,995.00')).toHaveLength(2);
    // Its list price in each other currency: euros entered, yen and dirhams derived.
    expect(within(rows[0]!).getByText('€5,495.00')).toBeVisible();
    expect(within(rows[0]!).getByText('¥899,300 (derived)')).toBeVisible();
    expect(within(rows[0]!).getByText('AED 22,017.00 (derived)')).toBeVisible();
    expect(within(rows[0]!).getByText('30%')).toBeVisible();
    expect(within(rows[1]!).getByText('$219.00 MSRP from Dec 1, 2026')).toBeVisible();
  });

  it('saves a change with its note, and shows what the server refused by field', async () => {
    let attempt = 0;
    const calls = mockApi({
      'GET /api/auth/session': { body: { user: adminUser } },
      'GET /api/price-lists': priceLists,
      'GET /api/admin/products': { body: products },
      'POST /api/admin/products/controller/changes': () =>
        (attempt += 1) === 1
          ? apiError(400, 'validation_failed', 'Some fields are missing or invalid.', {
              'product.sku': 'The SKU BB-10 is Battery Backup’s.',
            })
          : { status: 201, body: entry(2, { id: 'e3' }) },
    });
    renderApp(paths.products);
    await userEvent.click(await screen.findByRole('button', { name: 'Change Controller' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Controller' });
    const msrp = within(dialog).getByRole('textbox', { name: /^MSRP/ });
    await userEvent.clear(msrp);
    await userEvent.type(msrp, '249');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'List 2027');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save change' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'sku: The SKU BB-10 is Battery Backup’s.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save change' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.at(-1)?.body).toMatchObject({
      product: { msrp: 249, sku: 'SC-1', name: 'Controller' },
      note: 'List 2027',
    });
  });

  it('sells a product as a yearly subscription, not shipped', async () => {
    const calls = mockApi({
      'GET /api/auth/session': { body: { user: adminUser } },
      'GET /api/price-lists': priceLists,
      'GET /api/admin/products': { body: products },
      'POST /api/admin/products/controller/changes': { status: 201, body: entry(2, { id: 'e4' }) },
    });
    renderApp(paths.products);
    expect(await screen.findByText('SKU SC-1 · One-off')).toBeVisible();
    await userEvent.click(await screen.findByRole('button', { name: 'Change Controller' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Controller' });
    const shipping = within(dialog).getByRole('textbox', { name: 'White-glove shipping' });
    expect(shipping).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Sold as/ }));
    await userEvent.click(
      await screen.findByRole('option', {
        name: 'Subscription (not shipped, paid every year)',
        hidden: true,
      }),
    );
    expect(shipping).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save change' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toMatchObject({ product: { kind: 'subscription', name: 'Controller' } });
  });

  it('restores an older entry of a product as a new one, from its history', async () => {
    const raised = entry(2, {
      id: 'e5',
      effectiveFrom: '2026-11-20T08:00:00.000Z',
      note: 'List 2027',
      product: { ...entry(2).product, msrp: 249 },
    });
    const calls = mockApi({
      'GET /api/auth/session': { body: { user: adminUser } },
      'GET /api/price-lists': priceLists,
      'GET /api/admin/products': {
        body: { products: [{ current: raised, scheduled: [] }] },
      },
      'GET /api/admin/products/controller/history': { body: { entries: [raised, entry(2)] } },
      'POST /api/admin/products/controller/changes': { status: 201, body: entry(2, { id: 'e6' }) },
    });
    renderApp(paths.products);
    await userEvent.click(await screen.findByRole('button', { name: 'History of Controller' }));
    const history = await screen.findByRole('dialog', { name: 'History of Controller' });
    await within(history).findByText('List 2027');
    // The entry in force has nothing to restore; the one before it does.
    expect(within(history).getAllByRole('button', { name: /^Restore/ })).toHaveLength(1);
    await userEvent.click(
      within(history).getByRole('button', { name: 'Restore the entry of Jan 1, 2000' }),
    );
    expect(
      await screen.findByText('Controller is as it was from Jan 1, 2000 again.'),
    ).toBeVisible();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toMatchObject({
      product: { msrp: 199, sku: 'SC-1', name: 'Controller' },
      note: 'Restored the entry of Jan 1, 2000',
    });
    expect(post.body).not.toHaveProperty('product.id');
  });

  it('is not for reps', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: approvedUser } } });
    const { router } = renderApp(paths.products);
    await waitFor(() => expect(router.state.location.pathname).not.toBe(paths.products));
  });
});
