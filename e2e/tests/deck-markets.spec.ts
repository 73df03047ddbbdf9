import type { Page } from '@playwright/test';
import { createApprovedUser, expect, signInViaApi, test } from '../fixtures.ts';

// Issue 50: a rep makes a deck for a client in Japan. Step 1 takes the market and the deck's
// language; step 2 prices the products in yen from the Japan price list, with consumption tax.

const shots = process.env.E2E_SCREENSHOTS_DIR;
async function snap(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/deck-markets-${name}.png`, fullPage: true });
}

/** Picks `option` in the Mantine select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a rep picks Japan and Japanese in step 1 and sees yen in step 2’s totals', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const rep = await createApprovedUser('japanrep');
  await signInViaApi(page.request, rep);

  await page.goto('/create-deck/basic-info');
  await page.getByLabel('Deck Title').fill('Osaka cold chain');
  await page.getByLabel('Client Name').fill('Kansai Reefer Logistics');
  await page.getByLabel('Presentation Date').fill('2031-06-15');
  await choose(page, 'Market', 'Japan · JPY');
  // The language follows the market; the rep confirms it.
  await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('Japanese');
  await choose(page, 'Language', 'Japanese');
  await expect(page.getByRole('combobox', { name: 'Dates and figures' })).toHaveValue(
    'Japanese (Japan)',
  );
  await expect(page.getByText(/Written as: 2031年6月15日 · ￥1,235/)).toBeVisible();
  await snap(page, 'step-1-japan');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Select Products' })).toBeVisible();
  await page.getByLabel('Include pricing in presentation').check();
  await page.getByRole('checkbox', { name: 'Controller' }).check();
  const controller = page.getByRole('region', { name: 'Controller' });
  // $199 at the seeded ¥150 a dollar, rounded to hundreds.
  await expect(controller.getByText('￥29,900')).toBeVisible();
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals.getByText('Consumption tax (10 %)')).toBeVisible();
  await expect(totals.getByText(/^￥[\d,]+$/).first()).toBeVisible();
  await expect(totals.getByText('$')).toHaveCount(0);
  await snap(page, 'step-2-japan');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Customize Your Deck', level: 1 })).toBeVisible();
  const draft = await page.evaluate(() =>
    (
      globalThis as unknown as { localStorage: { getItem(key: string): string | null } }
    ).localStorage.getItem('deckCreationData'),
  );
  expect(JSON.parse(draft!)).toMatchObject({
    basicInfo: { market: 'JP', language: 'ja', locale: 'ja-JP' },
    productSelection: { selectedProducts: [{ id: 'controller', customPricing: 29900 }] },
  });
});
