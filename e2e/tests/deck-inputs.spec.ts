import type { Page } from '@playwright/test';
import { createApprovedUser, expect, pdfTextAt, signInViaApi, test } from '../fixtures.ts';

const shots = process.env.E2E_SCREENSHOTS_DIR;
async function snap(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/deck-inputs-${name}.png`, fullPage: true });
}

type BrowserStorage = { setItem(key: string, value: string): void };

/** Step 3 as a rep reaches it: a priced order for 11 stores, the cover and the ROI slide chosen. */
async function seedDraft(page: Page) {
  await page.evaluate(
    (draft) =>
      (globalThis as unknown as { localStorage: BrowserStorage }).localStorage.setItem(
        'deckCreationData',
        JSON.stringify(draft),
      ),
    {
      basicInfo: {
        deckTitle: 'Harbor Fresh ROI',
        clientName: 'Harbor Fresh Foods',
        date: '2031-06-15',
        primaryContact: '',
        mode: 'simple',
      },
      productSelection: {
        selectedProducts: [
          { id: 'controller', quantity: 11, customPricing: 199 },
          { id: 'battery_backup', quantity: 1, customPricing: 5995 },
          { id: 'data_logger', quantity: 110, customPricing: 29.99 },
        ],
        includePricing: true,
        customPricing: {},
      },
      templateCustomization: {
        selectedSlides: ['title', 'return-on-investment'],
        customSlides: [],
      },
    },
  );
}

test('a rep enters the deck inputs the ROI slide needs and sees the ROI follow', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const rep = await createApprovedUser('roi');
  await signInViaApi(page.request, rep);
  await page.goto('/dashboard');
  await seedDraft(page);
  await page.goto('/create-deck/customize');

  const inputs = page.getByRole('region', { name: 'Deck inputs' });
  const sites = inputs.getByLabel('Sites in this proposal');
  // The library's defaults, and what the ROI says with them: one typical site.
  await expect(sites).toHaveValue('1');
  await expect(inputs.getByLabel('Spoiled stock a year')).toHaveValue('12000');
  const roi = inputs.getByRole('status', { name: 'Return on investment with these inputs' });
  await expect(roi).toContainText('Saved every year: $6,480');

  // The client's own figures: 11 stores of 20 cold spaces and their yearly costs.
  await sites.fill('11');
  await inputs.getByLabel('Cold spaces per site').fill('20');
  await inputs.getByLabel('Spoiled stock a year').fill('100,000');
  await inputs.getByLabel('Refrigeration energy a year').fill('200000');
  await inputs.getByLabel('Stock lost to power outages a year').fill('30000');
  await expect(roi).toContainText('Saved every year: $42,227');
  await expect(roi).toContainText(/Payback: \d+ months/);
  await expect(page.getByText('Check these figures before a client reads them')).toBeHidden();
  await snap(page, 'told');

  // A value out of bounds is said at once; a number no client would believe is flagged.
  await sites.fill('0');
  await expect(inputs.getByText('Sites in this proposal must be at least 1')).toBeVisible();
  await sites.fill('500');
  const warning = page.getByRole('alert').filter({
    hasText: 'Check these figures before a client reads them',
  });
  await expect(warning).toContainText('Return on investment: The payback comes out at');
  await expect(warning).toContainText('over ten years');
  await snap(page, 'implausible');
  await sites.fill('11');
  await expect(warning).toBeHidden();
  await expect(roi).toContainText('Saved every year: $42,227');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/create-deck\/generate$/);
  await page.getByRole('button', { name: 'Generate Presentation' }).click();
  await expect(page.getByRole('heading', { name: 'Your deck is ready!' })).toBeVisible({
    timeout: 90_000,
  });
  const pdfHref = await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
  const text = await pdfTextAt(page.request, pdfHref!);
  expect(text).toContain('Sites: 11');
  expect(text).toContain('$42,227');
  expect(text).toContain('$330,000');
});

test('an editor sees the ROI slide’s inputs and an implausible figure flagged in the preview', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const editor = await createApprovedUser('roi-editor', 'content_editor');
  await signInViaApi(page.request, editor);
  await page.goto('/admin/library/slides/return-on-investment');
  await expect(page.getByRole('textbox', { name: 'Input 1 label' })).toHaveValue(
    'Sites in this proposal',
  );
  await expect(page.getByRole('textbox', { name: 'Input 3 default' })).toHaveValue('12,000');
  // The preview draws the sample deck with the defaults: nothing to flag.
  await expect(page.getByRole('group', { name: 'Slide canvas' })).toBeVisible();
  const findings = page
    .getByRole('alert')
    .filter({ hasText: 'Figures a client would not believe' });
  await expect(findings).toBeHidden();

  // An edit that makes the saving negative is flagged before it is saved or published.
  await page.getByRole('textbox', { name: 'Figure 8 formula' }).fill('0 - figure.costs');
  await expect(findings).toContainText('"saving" comes out negative');
  if (shots) await page.screenshot({ path: `${shots}/deck-inputs-editor.png`, fullPage: true });

  await page.getByRole('button', { name: 'Add an input' }).click();
  await expect(page.getByRole('textbox', { name: 'Input 6 label' })).toHaveValue('New input');
  await page.getByRole('button', { name: 'Remove input input6' }).click();
  await expect(page.getByRole('textbox', { name: 'Input 6 label' })).toHaveCount(0);
});
