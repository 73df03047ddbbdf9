import AxeBuilder from '@axe-core/playwright';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { createApprovedUser, expect, pdfText, postJson, signInViaApi, test } from '../fixtures.ts';

// An admin raises a product's price in the price book: the wizard offers the new price, a new
// deck prices with it, and a deck made before keeps its figures; restoring the entry before
// takes the raise back for new decks only. The product is one this test
// adds, so no other browser test sees its prices move.

const shots = process.env.E2E_SCREENSHOTS_DIR;

type SellableProduct = { id: string; name: string; msrp: number; defaultQuantity: number };

async function sellable(request: APIRequestContext, name: string) {
  const book = await request.get('/api/price-book');
  expect(book.status()).toBe(200);
  return ((await book.json()) as { products: SellableProduct[] }).products.find(
    (p) => p.name === name,
  );
}

/** A priced deck of one of the product, at the price the price book offers now. */
async function pricedDeck(request: APIRequestContext, name: string) {
  const product = (await sellable(request, name))!;
  const generated = await postJson(request, '/api/generate-slides', {
    basicInfo: { deckTitle: `${name} deck`, clientName: 'Harbor Fresh Foods', date: '2031-06-15' },
    productSelection: {
      selectedProducts: [{ id: product.id, quantity: 1, customPricing: product.msrp }],
      includePricing: true,
    },
    templateCustomization: { selectedSlides: ['title'] },
  });
  expect(generated.status(), await generated.text()).toBe(201);
  return ((await generated.json()) as { presentationId: string }).presentationId;
}

test('an admin raises a price: new decks price with it, a deck made before keeps its figures', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const name = `Walk-in Kit ${Date.now().toString(36)}`;
  const admin = await createApprovedUser('pricing', 'admin');
  const rep = await createApprovedUser('rep');
  await signInViaApi(page.request, admin);
  const created = await postJson(page.request, '/api/admin/products', {
    product: {
      sku: `WIK-${Date.now().toString(36)}`,
      name,
      description: 'Door sensors, a gateway and alarms for one walk-in cold room.',
      features: ['Door sensors', 'Gateway'],
      defaultQuantity: 1,
      msrp: 1000,
      basePrice: 1000,
      whiteGloveShipping: 50,
      flatRateShipping: 25,
      flatRateAboveQuantity: 10,
      warrantyYears: 2,
      creditEligible: true,
      monthsIncluded: '12',
      annualMonitoring: '$40',
      maintenance: 'Twelve months of monitoring included',
      active: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  const repApi = await playwrightRequest.newContext({ baseURL: baseURL! });
  await signInViaApi(repApi, rep);
  const before = await pricedDeck(repApi, name);
  // $1,000 + $50 white-glove = $1,050.00.
  expect(await pdfText(repApi, before)).toContain('$1,050.00');

  // The admin raises it in the portal.
  await page.goto('/admin/library');
  await page.getByRole('link', { name: 'Price book' }).click();
  await expect(page.getByRole('heading', { name: 'Price book' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByText('$1,000.00').first()).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/price-book.png`, fullPage: true });
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await row.getByRole('button', { name: `Change ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Change ${name}` });
  await dialog.getByRole('textbox', { name: /^MSRP/ }).fill('1250');
  await dialog.getByRole('textbox', { name: /^Base price/ }).fill('1250');
  await dialog.getByRole('textbox', { name: 'Note' }).fill('List price 2027');
  if (shots) await page.screenshot({ path: `${shots}/price-book-change.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Save change' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('$1,250.00').first()).toBeVisible();
  await row.getByRole('button', { name: `History of ${name}` }).click();
  const history = page.getByRole('dialog', { name: `History of ${name}` });
  await expect(history.getByText('List price 2027')).toBeVisible();
  await page.keyboard.press('Escape');

  // The wizard offers the new price, from the API.
  const repPage = await page.context().browser()!.newPage({ baseURL: baseURL! });
  await signInViaApi(repPage.request, rep);
  await repPage.goto('/create-deck/basic-info');
  await repPage.getByRole('textbox', { name: 'Deck Title' }).fill('Walk-in proposal');
  await repPage.getByRole('textbox', { name: 'Client Name' }).fill('Harbor Fresh Foods');
  await repPage.getByRole('button', { name: 'Continue' }).click();
  const card = repPage.getByRole('region', { name });
  await expect(card.getByText('$1,250.00')).toBeVisible();
  await repPage.close();

  // A new deck prices with it; the deck made before keeps its figures.
  const after = await pricedDeck(repApi, name);
  expect(await pdfText(repApi, after)).toContain('$1,300.00');
  const old = await pdfText(repApi, before);
  expect(old).toContain('$1,050.00');
  expect(old).not.toContain('$1,300.00');

  // The raise is taken back: the previous entry restored from the history, as a new entry.
  await row.getByRole('button', { name: `History of ${name}` }).click();
  const again = page.getByRole('dialog', { name: `History of ${name}` });
  await again.getByRole('button', { name: /^Restore the entry of / }).click();
  await expect(page.getByText(new RegExp(`${name} is as it was from .* again\\.`))).toBeVisible();
  await expect(row.getByText('$1,000.00').first()).toBeVisible();
  const restored = await pricedDeck(repApi, name);
  expect(await pdfText(repApi, restored)).toContain('$1,050.00');
  expect(await pdfText(repApi, after)).toContain('$1,300.00');
  await repApi.dispose();
});
