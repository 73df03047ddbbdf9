import { request as playwrightRequest, type Page } from '@playwright/test';
import {
  createApprovedUser,
  expect,
  readLatestMailTo,
  signInViaApi,
  test,
  uniqueUser,
} from '../fixtures.ts';

const shots = process.env.E2E_SCREENSHOTS_DIR;

/** Screenshots for a person to look at (set E2E_SCREENSHOTS_DIR); nothing is compared. */
async function snap(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

async function signInPage(page: Page, account: { email: string; password: string }) {
  await signInViaApi(page.request, account);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
}

test('a rep builds, generates, views, shares and deletes a deck', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const rep = await createApprovedUser('rep');
  const recipient = await createApprovedUser('recipient');
  const client = `Polar Foods ${uniqueUser().name.slice(-4)}`;
  const title = 'Q3 cold-chain <b>proposal</b>';

  await signInPage(page, rep);
  // Without TUTORIAL_URL the tutorial card opens the portal's own guide.
  await expect(page.getByRole('link', { name: 'Read the guide' })).toHaveAttribute('href', '/help');
  await expect(page.getByText('No recent decks found')).toBeVisible();
  await snap(page, '01-dashboard-empty');

  // Step 1: every validation message, then real values.
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/create-deck\/basic-info$/);
  await page.getByLabel('Deck Title').fill('   ');
  await page.getByLabel('Presentation Date').fill('');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Deck title is required')).toBeVisible();
  await expect(page.getByText('Client name is required')).toBeVisible();
  await expect(page.getByText('Date is required')).toBeVisible();
  await snap(page, '02-basic-info-errors');
  await page.getByLabel('Deck Title').fill(title);
  await expect(page.getByText('Deck title is required')).toBeHidden();
  await page.getByLabel('Client Name').fill(client);
  // Empty, the client's headline defaults to "Proposal for {client}", which the field shows.
  await expect(page.getByLabel('Headline for the client')).toHaveAttribute(
    'placeholder',
    `Proposal for ${client}`,
  );
  await page.getByLabel('Headline for the client').fill(`Cold chain plan for ${client}`);
  await page.getByLabel('Presentation Date').fill('2031-06-15');
  await page.getByLabel('Primary Contact').fill('Jordan Lee');
  const mode = page.getByRole('radiogroup', { name: 'Creation Mode' });
  await mode.getByText('Advanced', { exact: true }).click();
  await expect(mode.getByRole('radio', { name: 'Advanced' })).toBeChecked();
  await expect(page.getByText('Date is required')).toBeHidden();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 2: products with quantities and prices.
  await expect(page).toHaveURL(/\/create-deck\/product-selection$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please select at least one product')).toBeVisible();
  await page.getByLabel('Include pricing in presentation').check();
  await page.getByRole('checkbox', { name: 'Battery Backup' }).check();
  await page.getByRole('checkbox', { name: 'Data Logger' }).check();
  const battery = page.getByRole('region', { name: 'Battery Backup' });
  await expect(battery.getByLabel('Quantity')).toHaveValue('1');
  await expect(battery.getByLabel('Unit Price')).toHaveValue('5,995');
  await battery.getByLabel('Quantity').fill('0');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Quantity must be at least 1')).toBeVisible();
  await battery.getByLabel('Quantity').fill('2');
  await battery.getByLabel('Unit Price').fill('5500');
  await snap(page, '03-products');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 3: pricing texts, slides, a custom slide.
  await expect(page).toHaveURL(/\/create-deck\/customize$/);
  const counter = page.getByText(/^\d+ of \d+ selected$/);
  await expect(counter).toBeVisible();
  const defaultCount = Number((await counter.textContent())!.split(' ')[0]);
  expect(defaultCount).toBeGreaterThan(5);
  await expect(page.getByLabel('Battery Backup Total')).toHaveValue('$11,250.00');
  await page.getByLabel('Battery Backup Delivery method').fill('White-glove delivery and install');
  await page
    .getByRole('list', { name: 'Selected slides' })
    .getByRole('button', { name: /^Remove / })
    .last()
    .click();
  await expect(page.getByText(`${defaultCount - 1} of `)).toBeVisible();
  await page.getByRole('button', { name: 'Add Custom Slide' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose a layout' });
  await picker.getByRole('button', { name: 'Load Layouts' }).click();
  await expect(picker.getByRole('button', { name: 'Refresh' })).toBeVisible();
  await snap(page, '04-layout-picker');
  await picker.getByRole('button', { name: 'Use layout Title and body' }).click();
  await expect(picker).toBeHidden();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByText('Please fill in at least one field for this custom slide'),
  ).toBeVisible();
  const custom = page.getByRole('region', { name: 'Custom slide C1' });
  await custom.getByLabel('Title').fill(`Why ${client} chooses us`);
  await custom.getByLabel('Body text').fill('Zero spoilage last winter.\n\nAudit-ready in a day.');
  await snap(page, '05-customize');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 4: summary and generation.
  await expect(page).toHaveURL(/\/create-deck\/generate$/);
  const details = page.getByRole('region', { name: 'Deck details' });
  await expect(details.getByText(client, { exact: true })).toBeVisible();
  await expect(details.getByText('Advanced')).toBeVisible();
  await expect(details.getByText(`Cold chain plan for ${client}`)).toBeVisible();
  await expect(details.getByText('Jun 15, 2031')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Products' }).getByText('Qty 2')).toBeVisible();
  await snap(page, '06-generate-summary');
  await page.getByRole('button', { name: 'Generate Presentation' }).click();
  await expect(page.getByRole('heading', { name: 'Your deck is ready!' })).toBeVisible({
    timeout: 90_000,
  });
  await snap(page, '07-deck-ready');

  const pdfHref = await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
  const pptxHref = await page
    .getByRole('link', { name: 'Download PowerPoint' })
    .getAttribute('href');
  const deckId = /\/api\/decks\/([^/]+)\/download$/.exec(pdfHref!)![1]!;
  const pdf = await page.request.get(pdfHref!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pptx = await page.request.get(pptxHref!);
  expect((await pptx.body()).subarray(0, 2).toString('latin1')).toBe('PK');
  const stored = await page.request.get(`/api/decks/${deckId}`);
  expect(
    ((await stored.json()) as { draft: { basicInfo: { clientName: string } } }).draft,
  ).toMatchObject({ basicInfo: { clientName: client } });

  // The web view: arrows and present mode.
  await page.getByRole('link', { name: 'View Deck' }).click();
  await expect(page).toHaveURL(new RegExp(`/deck/${deckId}/view$`));
  const position = page.getByText(/^Slide \d+ of \d+$/);
  await expect(position).toHaveText(/^Slide 1 of \d+$/);
  await expect(page.getByRole('img', { name: /^Slide 1 of/ })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(position).toHaveText(/^Slide 2 of \d+$/);
  await snap(page, '08-view');
  await page.getByRole('button', { name: 'Present' }).click();
  const presentation = page.getByRole('dialog', { name: 'Presentation' });
  await expect(presentation).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(presentation.getByRole('img', { name: /^Slide 3 of/ })).toBeVisible();
  await snap(page, '08b-present');
  await page.getByRole('button', { name: 'Exit presentation' }).click();
  await expect(page.getByRole('dialog', { name: 'Presentation' })).toBeHidden();

  // Recent Decks lists it (and the used-up draft is gone); its preview.
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  const item = page.getByRole('listitem', { name: `${client}: ${title}` });
  await expect(item).toBeVisible();
  await expect(item.getByText('Completed')).toBeVisible();
  await expect(item.getByText('Battery Backup, Data Logger')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
  await snap(page, '09-dashboard-with-deck');
  await item.getByRole('link', { name: 'Preview' }).click();
  await expect(page).toHaveURL(new RegExp(`/deck/${deckId}/preview$`));
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText('Primary Contact')).toBeVisible();
  await expect(page.getByText('Jordan Lee')).toBeVisible();
  await expect(page.getByText('Pricing included in presentation')).toBeVisible();
  await expect(page.getByText('C1', { exact: true })).toBeVisible();
  await expect(page.getByText(`Why ${client} chooses us`)).toBeVisible();

  // Share with a second user, who then opens it.
  await page.getByLabel('Email address').fill(recipient.email.toUpperCase());
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(
    page.getByRole('list', { name: 'Shared with' }).getByText(recipient.email),
  ).toBeVisible();
  await expect(page.getByText('Shared', { exact: true })).toBeVisible();
  await snap(page, '10-preview-shared');

  const recipientContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    // The recipient follows the mailed link while signed out, signs in, and lands on the deck.
    let viewLink = '';
    await expect
      .poll(async () => {
        viewLink = (await readLatestMailTo(recipient.email)).link;
        return viewLink;
      })
      .toContain(`/deck/${deckId}/view`);
    const recipientPage = await recipientContext.newPage();
    await recipientPage.goto(new URL(viewLink).pathname);
    await expect(recipientPage).toHaveURL(/\/auth$/);
    await recipientPage.getByLabel(/^Email/).fill(recipient.email);
    await recipientPage.getByLabel(/^Password/).fill(recipient.password);
    await recipientPage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(recipientPage).toHaveURL(new RegExp(`/deck/${deckId}/view$`));
    await expect(recipientPage.getByRole('heading', { name: title })).toBeVisible();
    await expect(recipientPage.getByRole('img', { name: /^Slide 1 of/ })).toBeVisible();
    const recipientPdf = await recipientPage.request.get(pdfHref!);
    expect(recipientPdf.status()).toBe(200);
  } finally {
    await recipientContext.close();
  }

  // Delete, after the dialog that shows the title as text.
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Deck' });
  await expect(dialog).toContainText(
    `Are you sure you want to delete "${title}" with all its versions? This action cannot be undone.`,
  );
  await snap(page, '11-delete-dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Deck' })
    .getByRole('button', { name: 'Delete Deck' })
    .click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('listitem', { name: `${client}: ${title}` })).toHaveCount(0);
  const gone = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    await signInViaApi(gone, rep);
    expect((await gone.get(`/api/decks/${deckId}`)).status()).toBe(404);
    expect((await gone.get(pdfHref!)).status()).toBe(404);
  } finally {
    await gone.dispose();
  }
});

test('a reload mid-wizard keeps the draft, and Continue resumes at the right step', async ({
  page,
}) => {
  const rep = await createApprovedUser('drafter');
  await signInPage(page, rep);
  await page.getByRole('button', { name: 'Get Started' }).click();
  await page.getByLabel('Deck Title').fill('Draft deck');
  await page.getByLabel('Client Name').fill('Glacier Logistics');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/create-deck\/product-selection$/);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Select Products' })).toBeVisible();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByLabel('Client Name')).toHaveValue('Glacier Logistics');
  await page.reload();
  await expect(page.getByLabel('Deck Title')).toHaveValue('Draft deck');

  // Only basic info: Continue goes to product-selection.
  await page.goto('/dashboard');
  const draft = page.getByRole('listitem', { name: 'Glacier Logistics: Draft deck' });
  await expect(draft.getByText('Draft', { exact: true })).toBeVisible();
  await expect(draft.getByText('None')).toBeVisible();
  await snap(page, '12-dashboard-draft');
  await draft.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/create-deck\/product-selection$/);

  // Products chosen: Continue goes to customize.
  await page.getByRole('checkbox', { name: 'Controller' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/create-deck\/customize$/);
  await page.goto('/dashboard');
  await expect(draft.getByText('Controller')).toBeVisible();
  await draft.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/create-deck\/customize$/);

  // Customization saved: Continue goes to generate.
  await expect(page.getByText(/^\d+ of \d+ selected$/)).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/create-deck\/generate$/);
  await page.goto('/dashboard');
  await draft.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/create-deck\/generate$/);
  await expect(page.getByRole('button', { name: 'Generate Presentation' })).toBeVisible();

  // Get Started clears it.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByLabel('Deck Title')).toHaveValue('');
  await page.goto('/dashboard');
  await expect(page.getByText('No recent decks found')).toBeVisible();
});
