import {
  SEED_PRICE_LISTS,
  type AdminProducts,
  type PriceBookEntry,
  type PriceList,
} from '@deck-portal/domain';
import { SEED_PRICE_BOOK } from '@deck-portal/domain/seed-price-book';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths.ts';
import { adminUser, apiError, mockApi, renderApp } from '../../test/render-app.tsx';

const updatedAt = '2026-11-01T09:00:00.000Z';

/** `GET /api/price-lists` as the server answers it. */
const served = (lists: readonly PriceList[]) => ({
  body: { bookCurrency: 'USD', lists: lists.map((list) => ({ ...list, updatedAt })) },
});

const controller = SEED_PRICE_BOOK.products[2]!;
const entry: PriceBookEntry = {
  id: 'seed-controller',
  productId: controller.id,
  product: { ...controller, kind: 'goods', features: [...controller.features] },
  effectiveFrom: '2000-01-01T00:00:00.000Z',
  note: 'The built-in price book',
  createdAt: updatedAt,
  createdBy: null,
};
const products: AdminProducts = { products: [{ current: entry, scheduled: [] }] };

const signedIn = (user: object = adminUser) => ({
  'GET /api/auth/session': { body: { user } },
  'GET /api/admin/products': { body: products },
});

describe('the price lists on the price book page', () => {
  it('says how each list is priced', async () => {
    mockApi({ ...signedIn(), 'GET /api/price-lists': served(SEED_PRICE_LISTS) });
    renderApp(paths.products);
    const section = await screen.findByRole('region', { name: 'Price lists' });
    const row = async (currency: string) =>
      (await within(section).findByText(currency)).closest('tr')!;
    expect(within(await row('USD')).getByText('Entered (the book’s own)')).toBeVisible();
    expect(within(await row('EUR')).getByText('Entered')).toBeVisible();
    expect(
      within(await row('JPY')).getByText('Derived from USD at 150, rounded to hundreds'),
    ).toBeVisible();
    expect(
      within(await row('AED')).getByText('Derived from USD at 3.6725, rounded to whole units'),
    ).toBeVisible();
    // The book's own list is the products' prices: nothing to change or remove.
    expect(
      within(section).queryByRole('button', { name: 'Remove the USD list' }),
    ).not.toBeInTheDocument();
  });

  it('adds a list derived from another at a rate and a rounding', async () => {
    let lists: PriceList[] = [...SEED_PRICE_LISTS];
    const calls = mockApi({
      ...signedIn(),
      'GET /api/price-lists': () => served(lists),
      'PUT /api/admin/price-lists/GBP': ({ body }) => {
        const list = { currency: 'GBP', ...(body as Pick<PriceList, 'derived'>) };
        lists = [...lists, list];
        return { body: { ...list, updatedAt } };
      },
    });
    renderApp(paths.products);
    const section = await screen.findByRole('region', { name: 'Price lists' });
    await userEvent.click(within(section).getByRole('button', { name: 'New price list' }));
    const dialog = await screen.findByRole('dialog', { name: 'New price list' });
    await userEvent.type(within(dialog).getByRole('combobox', { name: /^Currency/ }), 'GBP');
    await userEvent.click(
      await screen.findByRole('option', { name: 'GBP · British Pound', hidden: true }),
    );
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'From' }));
    await userEvent.click(await screen.findByRole('option', { name: 'EUR', hidden: true }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Rate/ }), '0.86');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Rounding' }));
    await userEvent.click(await screen.findByRole('option', { name: 'To ten (10)', hidden: true }));
    expect(within(dialog).getByText('Derived from EUR at 0.86, rounded to tens')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add list' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      derived: { from: 'EUR', rate: 0.86, rounding: 'ten' },
    });
    expect(await within(section).findByText('GBP')).toBeVisible();
  });

  it('shows why the server would not remove a list a market quotes in', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/price-lists': served(SEED_PRICE_LISTS),
      'DELETE /api/admin/price-lists/JPY': apiError(
        409,
        'conflict',
        'Japan quotes in JPY: give it another currency first.',
      ),
    });
    renderApp(paths.products);
    const section = await screen.findByRole('region', { name: 'Price lists' });
    await userEvent.click(
      await within(section).findByRole('button', { name: 'Remove the JPY list' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove the JPY list?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Japan quotes in JPY: give it another currency first.',
    );
  });

  it('is read only for content editors', async () => {
    mockApi({
      ...signedIn({ ...adminUser, role: 'content_editor' }),
      'GET /api/price-lists': served(SEED_PRICE_LISTS),
    });
    renderApp(paths.products);
    const section = await screen.findByRole('region', { name: 'Price lists' });
    expect(await within(section).findByText('JPY')).toBeVisible();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe("a product's prices in other currencies", () => {
  it('saves its entered euro prices and shows its derived yen prices as computed', async () => {
    const calls = mockApi({
      ...signedIn(),
      'GET /api/price-lists': served(SEED_PRICE_LISTS),
      'POST /api/admin/products/controller/changes': { status: 201, body: entry },
    });
    renderApp(paths.products);
    await userEvent.click(await screen.findByRole('button', { name: 'Change Controller' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Controller' });
    const euros = within(dialog).getByRole('textbox', { name: 'EUR MSRP' });
    expect(euros).toHaveValue(String(controller.prices!.EUR!.msrp));
    await userEvent.clear(euros);
    await userEvent.type(euros, '209');
    // Yen follow the dollar MSRP as it is typed: 249 × 150, to hundreds.
    const msrp = within(dialog).getByRole('textbox', { name: /^MSRP/ });
    await userEvent.clear(msrp);
    await userEvent.type(msrp, '249');
    const yen = within(dialog).getByText('JPY MSRP').parentElement!;
    expect(yen).toHaveTextContent('¥37,400');
    expect(within(dialog).getAllByText('derived')).toHaveLength(2);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save change' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toMatchObject({
      product: { msrp: 249, prices: { EUR: { ...controller.prices!.EUR, msrp: 209 } } },
    });
    // Derived prices are the list's to compute: they are not saved with the product.
    expect(post.body).not.toHaveProperty('product.prices.JPY');
  });

  it('leaves a currency unpriced when its fields are emptied', async () => {
    const calls = mockApi({
      ...signedIn(),
      'GET /api/price-lists': served(SEED_PRICE_LISTS),
      'POST /api/admin/products/controller/changes': { status: 201, body: entry },
    });
    renderApp(paths.products);
    await userEvent.click(await screen.findByRole('button', { name: 'Change Controller' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Controller' });
    for (const name of [
      'EUR MSRP',
      'EUR base price',
      'EUR white-glove shipping',
      'EUR flat-rate shipping',
    ]) {
      await userEvent.clear(within(dialog).getByRole('textbox', { name }));
    }
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save change' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')!.body).not.toHaveProperty('product.prices');
  });
});
