import type { Page } from '@playwright/test';
import sharp from 'sharp';
import {
  createApprovedUser,
  expect,
  failedResourceError,
  postJson,
  seedPictureDraft,
  signInViaApi,
  test,
} from '../fixtures.ts';

const shots = process.env.E2E_SCREENSHOTS_DIR;
async function snap(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/rep-${name}.png`, fullPage: true });
}

const picture = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

// The passcode screen asks for the deck before the passcode is given (401, by design).
test.use({ allowedConsoleErrors: [failedResourceError(401)] });

test('a rep fills in the profile; the cover and the client link page show who sends the deck', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const rep = await createApprovedUser('presenter');
  await signInViaApi(page.request, rep);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Your profile' }).first().click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();

  await page.getByLabel('Job title').fill('Account Executive');
  await page.getByLabel('Phone').fill('+1 (555) 010-0199');
  await expect(page.getByText(`${rep.email} · +1 (555) 010-0199`)).toBeVisible();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved.')).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: await picture(800, 600, '#1fa9c0'),
  });
  await expect(page.getByRole('button', { name: 'Change photo' })).toBeVisible();
  await snap(page, 'profile-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'profile-phone');

  // A deck made now carries the profile on its cover and its closing slide.
  const generated = await postJson(page.request, '/api/generate-slides', {
    basicInfo: {
      deckTitle: 'Profile deck',
      clientName: 'Northwind Pharmacies',
      date: '2031-06-15',
    },
    productSelection: {
      selectedProducts: [{ id: 'controller', quantity: 2, customPricing: 199 }],
      includePricing: false,
    },
    templateCustomization: { selectedSlides: ['title', 'thank-you'] },
  });
  expect(generated.status(), await generated.text()).toBe(201);
  const { presentationId } = (await generated.json()) as { presentationId: string };
  const cover = await (await page.request.get(`/api/decks/${presentationId}/slides/1`)).text();
  // The cover's details are one text block; its lines are in the block's accessible name.
  const details = /aria-label="(June 15, 2031[^"]*)"/.exec(cover)?.[1];
  expect(details?.split('\n')).toEqual([
    'June 15, 2031',
    `Presented by ${rep.name}, Account Executive`,
    `${rep.email} · +1 (555) 010-0199`,
  ]);

  // The client, before typing the passcode, sees the company and who sent the link.
  const created = await postJson(page.request, `/api/decks/${presentationId}/client-links`, {
    recipientName: 'Pat Procurement',
    recipientEmail: 'pat@client.example',
    passcode: 'blue-harbour',
    allowDownload: false,
    sendEmail: false,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { url } = (await created.json()) as { url: string };
  const clientContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const client = await clientContext.newPage();
  await client.goto(url);
  await expect(client.getByRole('heading', { name: 'This deck is protected' })).toBeVisible();
  const sender = client.getByLabel(`Sent by ${rep.name}`);
  await expect(sender).toContainText('Account Executive');
  await expect(sender.locator('img')).toHaveJSProperty('complete', true);
  expect(
    await sender.locator('img').evaluate((img) => (img as { naturalWidth: number }).naturalWidth),
  ).toBe(512);
  await expect(client.getByText('Frostline', { exact: true })).toBeVisible();
  // Drawn as the small round avatar it is (the page loads only the styles it uses).
  expect(await sender.locator('img').boundingBox()).toMatchObject({ width: 44, height: 44 });
  await snap(client, 'passcode-sender-phone');
  await client.getByRole('textbox', { name: 'Passcode' }).fill('blue-harbour');
  await client.getByRole('button', { name: 'Open deck' }).click();
  await expect(client.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(client.getByLabel(`Sent by ${rep.name}`)).toBeVisible();
  await snap(client, 'client-view-sender-phone');
  await clientContext.close();
});

test('a picture that cannot be used is caught on step 3 and decided on step 4; an uploaded one is used', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const rep = await createApprovedUser('pictures');
  await signInViaApi(page.request, rep);
  await page.goto('/dashboard');
  await seedPictureDraft(page, '');
  await page.goto('/create-deck/customize');
  const slide = page.getByRole('region', { name: 'Custom slide C1' });
  await slide.getByLabel('Picture URL').fill('http://10.0.0.1/team.png');
  await slide.getByLabel('Caption').click();
  await expect(slide.getByText(/^This picture cannot be used: .*private/)).toBeVisible();
  await snap(page, 'picture-refused-step-3');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/create-deck\/generate$/);
  await expect(page.getByRole('heading', { name: 'A picture cannot be used' })).toBeVisible();
  const generate = page.getByRole('button', { name: 'Generate Presentation' });
  await expect(generate).toBeDisabled();
  await snap(page, 'picture-step-4');
  await page.getByRole('button', { name: 'Keep an empty frame' }).click();
  await expect(generate).toBeEnabled();
  await expect(page.getByText(/an empty frame stands in for the missing picture/)).toBeVisible();

  // Better: upload the picture instead.
  await page.getByRole('button', { name: 'Previous' }).click();
  await slide.locator('input[type="file"]').setInputFiles({
    name: 'team.png',
    mimeType: 'image/png',
    buffer: await picture(1200, 800, '#3c8d5a'),
  });
  await expect(slide.getByRole('img', { name: 'Preview of Picture URL' })).toBeVisible();
  await expect(slide.getByText('Picture found (1200 × 800 px).')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'A picture cannot be used' })).toBeHidden();
  await expect(generate).toBeEnabled();
  await generate.click();
  await expect(page.getByRole('heading', { name: 'Your deck is ready!' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText('Heads up')).toBeHidden();
});
