import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SEED_PRICE_BOOK } from '@deck-portal/domain/seed-price-book';
import { DECK_DRAFT_STORAGE_KEY, loadDeckDraft } from '../../lib/deck-draft-storage.ts';
import { choose } from '../../test/choose-option.ts';
import { approvedUser, mockApi, renderApp } from '../../test/render-app.tsx';

const basicInfo = {
  deckTitle: 'Osaka pitch',
  clientName: 'Kansai Cold Chain',
  date: '2031-05-02',
  primaryContact: '',
  mode: 'simple',
};

/** The rep's profile, with their default market and language for new decks. */
const profile = (market: string | null, language: string | null) => ({
  body: {
    name: 'Robin Rep',
    email: 'rep@example.com',
    jobTitle: null,
    phone: null,
    photoUrl: null,
    hasUploadedPhoto: false,
    market,
    language,
  },
});

function signedIn(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/auth/session': { body: { user: approvedUser } },
    'GET /api/profile': profile(null, null),
    ...extra,
  });
}

const field = (label: string) => screen.findByLabelText(label, { selector: 'input' });

describe('step 1, the deck’s market and language', () => {
  it('start in the rep’s market; the language follows the market and the formats both, until the rep picks', async () => {
    signedIn({ 'GET /api/profile': profile('JP', null) });
    const user = userEvent.setup();
    const { router } = renderApp('/create-deck/basic-info');
    const market = await field('Market');
    await waitFor(() => expect(market).toHaveValue('Japan · JPY'));
    const language = await field('Language');
    expect(language).toHaveValue('Japanese');
    expect(await field('Dates and figures')).toHaveValue('Japanese (Japan)');
    expect(screen.getByText(/Written as: .* · ￥1,235$/)).toBeVisible();

    await choose(user, market, 'Germany · EUR');
    expect(language).toHaveValue('German');
    expect(await field('Dates and figures')).toHaveValue('German (Germany)');
    expect(screen.getByText(/Written as: .* · 1\.234,56 €$/)).toBeVisible();

    // A language the rep picks stays when the market changes.
    await choose(user, language, 'English');
    await choose(user, market, 'Japan · JPY');
    expect(language).toHaveValue('English');
    expect(await field('Dates and figures')).toHaveValue('English (United States)');

    await user.type(screen.getByLabelText(/Deck Title/), 'Osaka pitch');
    await user.type(screen.getByLabelText(/Client Name/), 'Kansai Cold Chain');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/create-deck/product-selection'),
    );
    expect(loadDeckDraft().basicInfo).toMatchObject({
      market: 'JP',
      language: 'en',
      locale: 'en-US',
    });
  });

  it('take the market and language of the rep’s last deck for a client, unless the rep chose', async () => {
    const calls = signedIn({
      'GET /api/decks/client-defaults': ({ url }) => ({
        body:
          url.searchParams.get('client') === 'Gulf Foods'
            ? { market: 'AE', language: 'ar', from: 'deck' }
            : { market: 'US', language: 'en', from: 'portal' },
      }),
    });
    const user = userEvent.setup();
    renderApp('/create-deck/basic-info');
    const market = await field('Market');
    await waitFor(() => expect(market).toHaveValue('United States · USD'));
    await user.type(screen.getByLabelText(/Client Name/), 'Gulf Foods');
    await user.tab();
    await waitFor(() => expect(market).toHaveValue('United Arab Emirates · AED'));
    expect(await field('Language')).toHaveValue('Arabic');
    expect(await field('Dates and figures')).toHaveValue('Arabic (United Arab Emirates)');
    expect(calls.find((call) => call.path === '/api/decks/client-defaults')).toBeDefined();

    // Once the rep picked a market, another client's defaults leave it.
    await choose(user, market, 'Germany · EUR');
    const client = screen.getByLabelText(/Client Name/);
    await user.clear(client);
    await user.type(client, 'Someone New');
    await user.tab();
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/decks/client-defaults').length).toBe(2),
    );
    expect(market).toHaveValue('Germany · EUR');
  });
});

describe('step 2 in the deck’s currency', () => {
  it('prices in yen with consumption tax, and resets the custom prices entered in dollars', async () => {
    localStorage.setItem(
      DECK_DRAFT_STORAGE_KEY,
      JSON.stringify({
        basicInfo: { ...basicInfo, market: 'JP', language: 'ja' },
        productSelection: {
          selectedProducts: [{ id: 'controller', quantity: 1, customPricing: 150 }],
          includePricing: true,
          customPricing: { controller: { total: '$999.00' } },
        },
        pricedFor: 'US',
      }),
    );
    signedIn();
    renderApp('/create-deck/product-selection');
    expect(
      await screen.findByText(
        'Prices are now in Japanese yen (JPY): your custom prices were reset to the Japan price list.',
      ),
    ).toBeVisible();
    const card = screen.getByRole('region', { name: 'Controller' });
    // $199 at ¥150 a dollar, rounded to hundreds.
    expect(within(card).getByLabelText('Unit Price')).toHaveValue('29,900');
    expect(within(card).getByText('￥29,900')).toBeVisible();
    const totals = screen.getByRole('region', { name: 'Totals' });
    // ¥29,900 and ¥11,300 white-glove shipping, 10 % consumption tax added.
    expect(within(totals).getByText('Consumption tax (10 %)')).toBeVisible();
    expect(within(totals).getByText('￥4,120')).toBeVisible();
    expect(within(totals).getByText('￥45,320')).toBeVisible();
    expect(within(totals).queryByText(/tax credit/)).toBeNull();
    await waitFor(() => expect(loadDeckDraft().pricedFor).toBe('JP'));
    expect(loadDeckDraft().productSelection).toMatchObject({
      selectedProducts: [{ id: 'controller', quantity: 1, customPricing: 29900 }],
      customPricing: {},
    });
  });

  it('keeps prices entered in the same currency, and shows a product with no price there as such', async () => {
    const [first, ...others] = SEED_PRICE_BOOK.products;
    const book = { ...SEED_PRICE_BOOK, products: [{ ...first!, prices: undefined }, ...others] };
    localStorage.setItem(
      DECK_DRAFT_STORAGE_KEY,
      JSON.stringify({
        basicInfo: { ...basicInfo, market: 'DE', language: 'de' },
        productSelection: {
          selectedProducts: [{ id: 'controller', quantity: 2, customPricing: 170 }],
          includePricing: true,
          customPricing: {},
        },
        pricedFor: 'DE',
      }),
    );
    signedIn({ 'GET /api/price-book': { body: book } });
    renderApp('/create-deck/product-selection');
    const card = await screen.findByRole('region', { name: 'Controller' });
    expect(within(card).getByLabelText('Unit Price')).toHaveValue('170');
    expect(screen.queryByText(/Prices are now in/)).toBeNull();
    const unpriced = screen.getByRole('region', { name: first!.name });
    expect(within(unpriced).getByText('No price in EUR')).toBeVisible();
    expect(within(unpriced).getByRole('checkbox')).toBeDisabled();
  });
});

describe('step 4 in the deck’s currency', () => {
  it('names the market and gives the quote in yen with its consumption tax', async () => {
    localStorage.setItem(
      DECK_DRAFT_STORAGE_KEY,
      JSON.stringify({
        basicInfo: { ...basicInfo, market: 'JP', language: 'ja' },
        productSelection: {
          selectedProducts: [{ id: 'controller', quantity: 1, customPricing: 29900 }],
          includePricing: true,
          customPricing: {},
        },
        pricedFor: 'JP',
        templateCustomization: { selectedSlides: ['title'], customSlides: [] },
      }),
    );
    signedIn({ 'POST /api/decks/preflight': { body: { missingPictures: [], warnings: [] } } });
    renderApp('/create-deck/generate');
    const details = await screen.findByRole('region', { name: 'Deck details' });
    expect(await within(details).findByText('Japan · JPY')).toBeVisible();
    expect(within(details).getByText('Japanese')).toBeVisible();
    const products = screen.getByRole('region', { name: 'Products' });
    expect(within(products).getByText('Qty 1 × ￥29,900')).toBeVisible();
    expect(within(products).getByText('Consumption tax (10 %)')).toBeVisible();
    expect(within(products).getByText('￥45,320')).toBeVisible();
    expect(within(products).queryByText(/tax credit/)).toBeNull();
  });
});

describe('step 3’s deck inputs in the deck’s currency', () => {
  it('asks for the client’s costs in yen, starting from the library’s dollars converted', async () => {
    localStorage.setItem(
      DECK_DRAFT_STORAGE_KEY,
      JSON.stringify({
        basicInfo: { ...basicInfo, market: 'JP', language: 'ja' },
        productSelection: {
          selectedProducts: [{ id: 'controller', quantity: 1, customPricing: 29900 }],
          includePricing: true,
          customPricing: {},
        },
        pricedFor: 'JP',
        templateCustomization: { selectedSlides: ['return-on-investment'], customSlides: [] },
      }),
    );
    const calls = signedIn({
      'GET /api/template-slides': {
        body: {
          slides: [
            {
              id: 'return-on-investment',
              index: 0,
              title: 'Return on investment',
              description: 'What the order saves',
              category: 'intro',
              thumbnail: '/api/template-slides/return-on-investment/thumbnail',
              inputs: [
                {
                  name: 'spoilage',
                  label: 'Spoiled stock a year',
                  type: 'money',
                  unit: 'per year',
                  default: 12_000,
                  min: 0,
                  max: 100_000,
                },
              ],
            },
          ],
          categories: [{ id: 'intro', name: 'Introduction', color: '#1FA9C0' }],
          pricingSlides: { perProduct: 1, once: 1 },
        },
      },
      'GET /api/template-layouts': { body: { layouts: [] } },
      'POST /api/template-slides/figures': { body: { slides: [], findings: [] } },
    });
    renderApp('/create-deck/customize');
    const spoilage = await field('Spoiled stock a year');
    // $12,000 at the Japan list's ¥150 to the dollar; its bounds in yen too.
    await waitFor(() => expect(spoilage).toHaveValue('1800000'));
    expect(screen.getByText(/From ¥0 to ¥15,000,000\./)).toBeVisible();
    await waitFor(() =>
      expect(
        calls.find((call) => call.path === '/api/template-slides/figures')?.body,
      ).toMatchObject({ market: 'JP', inputValues: { spoilage: 1_800_000 } }),
    );
  });
});
