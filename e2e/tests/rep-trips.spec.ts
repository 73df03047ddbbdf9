import type { Page } from '@playwright/test';
import {
  createApprovedUser,
  expect,
  failedResourceError,
  firstAdmin,
  generateDeckViaApi,
  postJson,
  signInViaApi,
  signUpViaApi,
  test,
  uniqueUser,
} from '../fixtures.ts';
import { request as playwrightRequest } from '@playwright/test';

// Refused shares answer 400 and 422 on purpose.
test.use({ allowedConsoleErrors: [failedResourceError(400, 422)] });

const shots = process.env.E2E_SCREENSHOTS_DIR;
async function snap(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/trips-${name}.png`, fullPage: true });
}

test('step 2 refuses a number it cannot read at once, and a reload keeps the choices', async ({
  page,
}) => {
  const rep = await createApprovedUser('numbers');
  await signInViaApi(page.request, rep);
  await page.goto('/create-deck/basic-info');
  await page.getByLabel('Deck Title').fill('Numbers deck');
  await page.getByLabel('Client Name').fill('Northwind Pharmacies');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/create-deck\/product-selection$/);
  await page.getByLabel('Include pricing in presentation').check();
  await page.getByRole('checkbox', { name: 'Battery Backup' }).check();
  const battery = page.getByRole('region', { name: 'Battery Backup' });
  const price = battery.getByLabel('Unit Price');
  for (const [text, message] of [
    ['1e9', 'Enter the price in digits, like 1,250.00'],
    ['-10', 'Price must be at least 0'],
    ['12.345', 'Use at most 2 decimals (cents)'],
  ] as const) {
    await price.fill(text);
    await expect(battery.getByText(message)).toBeVisible();
    await expect(price).toHaveValue(text);
  }
  await battery.getByLabel('Quantity').fill('99,999,999,999');
  await expect(battery.getByText('Quantity must be at most 100,000')).toBeVisible();
  await snap(page, 'numbers');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/create-deck\/product-selection$/);

  await battery.getByLabel('Quantity').fill('3');
  await price.fill('5,250.50');
  await page.reload();
  const reloaded = page.getByRole('region', { name: 'Battery Backup' });
  await expect(reloaded.getByLabel('Quantity')).toHaveValue('3');
  await expect(reloaded.getByLabel('Unit Price')).toHaveValue('5,250.5');
});

test('sharing refuses the rep’s own address and one without an account; deleting names the active links', async ({
  page,
}) => {
  const rep = await createApprovedUser('sharer');
  await signInViaApi(page.request, rep);
  const deckId = await generateDeckViaApi(page.request, 'Shared deck');
  const link = await postJson(page.request, `/api/decks/${deckId}/client-links`, {
    recipientName: 'Casey Client',
    recipientEmail: 'casey@client.example',
    allowDownload: true,
    sendEmail: false,
  });
  expect(link.status(), await link.text()).toBe(201);

  await page.goto(`/deck/${deckId}/preview`);
  await page.getByLabel('Email address').fill(rep.email);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(
    page.getByText('That is your own address: you can already open this deck.'),
  ).toBeVisible();
  await page.getByLabel('Email address').fill('nobody-here@example.com');
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByText('An invitation is needed first')).toBeVisible();
  await expect(page.getByText(/can now view/)).toBeHidden();
  await snap(page, 'share-refused');

  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Deck' });
  await expect(dialog).toContainText('1 active client link stops working:');
  await expect(dialog).toContainText('Casey Client (casey@client.example), not opened yet');
  await snap(page, 'delete-dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('an admin finds declined sign-ups and the outbox, and has a way back to the dashboard', async ({
  page,
}) => {
  const visitor = await playwrightRequest.newContext();
  const account = uniqueUser('reconsidered');
  const declined = await signUpViaApi(visitor, account);
  await visitor.dispose();
  await signInViaApi(page.request, firstAdmin());
  expect(
    (await postJson(page.request, `/api/admin/users/${declined.id}/decline`, {})).status(),
  ).toBe(200);

  await page.goto('/admin');
  const section = page.getByRole('region', { name: /^Declined/ });
  await section.getByRole('button', { name: 'Show' }).click();
  const row = section.getByRole('listitem', { name: account.name });
  await row.getByRole('button', { name: 'Approve after all' }).click();
  await expect(
    page.getByText(`${account.name} was approved as Sales Representative.`),
  ).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.getByRole('link', { name: 'Outbox' }).click();
  await expect(page).toHaveURL(/\/admin\/outbox$/);
  const approval = page
    .getByRole('article', {
      name: `Mail to ${account.email.toLowerCase()}: Your Deck Portal account is approved`,
    })
    .first();
  await expect(approval).toBeVisible();
  await expect(approval.getByRole('link').first()).toHaveAttribute('href', /^http/);
  await snap(page, 'outbox');
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('on a phone the client swipes between slides and is told to; present mode takes and gives back focus', async ({
  page,
  browser,
}) => {
  const rep = await createApprovedUser('swiper');
  await signInViaApi(page.request, rep);
  const deckId = await generateDeckViaApi(page.request, 'Swipe deck');
  const created = await postJson(page.request, `/api/decks/${deckId}/client-links`, {
    recipientName: 'Pat Phone',
    recipientEmail: 'pat@client.example',
    allowDownload: false,
    sendEmail: false,
  });
  const { url } = (await created.json()) as { url: string };

  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const client = await phone.newPage();
  await client.goto(url);
  await expect(client.getByText('Slide 1 of 3', { exact: true })).toBeVisible();
  await expect(client.getByText(/Swipe left or right to move between slides/)).toBeVisible();
  await expect(client.getByText(/arrow keys/)).toBeHidden();
  const stage = client.getByRole('img', { name: 'Slide 1 of 3' });
  const box = (await stage.boundingBox())!;
  const y = box.y + box.height / 2;
  await stage.dispatchEvent('pointerdown', {
    pointerType: 'touch',
    pointerId: 7,
    clientX: box.x + box.width - 20,
    clientY: y,
  });
  await stage.dispatchEvent('pointerup', {
    pointerType: 'touch',
    pointerId: 7,
    clientX: box.x + 20,
    clientY: y,
  });
  await expect(client.getByText('Slide 2 of 3', { exact: true })).toBeVisible();
  await snap(client, 'client-phone');

  const present = client.getByRole('button', { name: 'Present' });
  await present.focus();
  await present.press('Enter');
  const dialog = client.getByRole('dialog', { name: 'Presentation' });
  await expect(dialog).toBeVisible();
  // Focus moves into the dialog once it has been drawn: wait for it rather than look once.
  await expect
    .poll(() => dialog.evaluate((node) => node.contains(node.ownerDocument.activeElement)))
    .toBe(true);
  await client.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(present).toBeFocused();
  await phone.close();
});
