import type { Locator, Page } from '@playwright/test';
import { createApprovedUser, expect, signInViaApi, test, violations } from '../fixtures.ts';

// An admin prices a new currency and opens a market in it (issue 50): a Swiss franc list
// derived from the euro one, then Switzerland quoting in it with its VAT and German decks. Both
// are removed at the end, so no other browser test sees them.

const shots = process.env.E2E_SCREENSHOTS_DIR;

/** Chooses `option` in the Mantine select labelled `label`, typing to narrow it first. */
async function choose(page: Page, label: string | RegExp, option: string, typed?: string) {
  const select = page.getByRole('dialog').getByRole('combobox', { name: label });
  if (typed) await select.fill(typed);
  else await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The page at a desktop's width and a phone's; `scrolledTo` is brought into view first. */
async function screenshots(page: Page, name: string, scrolledTo?: Locator) {
  if (!shots) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await scrolledTo?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: !scrolledTo });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an admin adds a derived price list and a market that quotes in it', async ({ page }) => {
  test.setTimeout(120_000);
  const admin = await createApprovedUser('markets', 'admin');
  await signInViaApi(page.request, admin);

  // The price list, on the price book page.
  await page.goto('/admin/products');
  const lists = page.getByRole('region', { name: 'Price lists' });
  await expect(lists.getByRole('row').filter({ hasText: 'JPY' })).toContainText(
    'Derived from USD at 150, rounded to hundreds',
  );
  await lists.getByRole('button', { name: 'New price list' }).click();
  await choose(page, 'Currency', 'CHF · Swiss Franc', 'CHF');
  await choose(page, 'From', 'EUR');
  await page.getByRole('dialog').getByRole('textbox', { name: 'Rate' }).fill('0.94');
  await choose(page, 'Rounding', 'To ten (10)');
  await page.getByRole('button', { name: 'Add list' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(lists.getByRole('row').filter({ hasText: 'CHF' })).toContainText(
    'Derived from EUR at 0.94, rounded to tens',
  );
  // Battery Backup's €5,495 list price × 0.94 = 5,165.30, to tens.
  await expect(
    page
      .getByRole('table', { name: 'Products' })
      .getByRole('row')
      .filter({ hasText: 'Battery Backup' }),
  ).toContainText('CHF 5,170.00 (derived)');
  await screenshots(page, 'price-book');
  expect(await violations(page)).toEqual([]);
  // Its editor has the euro prices to enter and the franc ones as the list computes them.
  await page.getByRole('button', { name: 'Change Battery Backup' }).click();
  const editor = page.getByRole('dialog', { name: 'Change Battery Backup' });
  await expect(editor.getByRole('textbox', { name: 'EUR MSRP' })).toHaveValue('5,495');
  await expect(editor.getByText('CHF MSRP').locator('..')).toContainText('CHF 5,170.00');
  await screenshots(page, 'product-editor', editor.getByText('Prices in other currencies'));
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor).toBeHidden();

  // The market, from the admin portal.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  await screenshots(page, 'admin-navigation');
  await page.getByRole('link', { name: 'Markets' }).click();
  await expect(page.getByRole('heading', { name: 'Markets' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Japan' })).toContainText(
    'Consumption tax 10 % (added)',
  );
  await page.getByRole('button', { name: 'New market' }).click();
  const dialog = page.getByRole('dialog', { name: 'New market' });
  await dialog.getByRole('textbox', { name: 'Country code' }).fill('CH');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Switzerland');
  await choose(page, 'Currency', 'CHF');
  await choose(page, 'Language', 'Deutsch (German)', 'Deu');
  await dialog.getByRole('switch', { name: 'Quotes carry a tax' }).check();
  await dialog.getByRole('textbox', { name: 'Rate' }).fill('8.1');
  await dialog.getByRole('button', { name: 'Add market' }).click();
  await expect(dialog).toBeHidden();
  const switzerland = page.getByRole('row').filter({ hasText: 'Switzerland' });
  await expect(switzerland).toContainText('CHF');
  await expect(switzerland).toContainText('VAT 8.1 % (added)');
  await expect(switzerland).toContainText('Deutsch (German)');
  await screenshots(page, 'markets');
  expect(await violations(page)).toEqual([]);

  // Removed again: the market first, as the list cannot go while a market quotes in it.
  await switzerland.getByRole('button', { name: 'Remove Switzerland' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(switzerland).toBeHidden();
  const removed = await page.request.delete('/api/admin/price-lists/CHF');
  expect(removed.status(), await removed.text()).toBe(204);
});
