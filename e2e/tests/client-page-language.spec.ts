import { createApprovedUser, expect, postJson, signInViaApi, test } from '../fixtures.ts';

// The client's page in the deck's language (issue 50): a client opens the link of an Arabic
// deck and reads the page right to left, in Arabic.

const shots = process.env.E2E_SCREENSHOTS_DIR ?? '/tmp/shots';

test('a client opens the link of an Arabic deck: the page is right to left, in Arabic', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const rep = await createApprovedUser('arabic-deck');
  await signInViaApi(page.request, rep);
  const generated = await postJson(page.request, '/api/generate-slides', {
    basicInfo: {
      deckTitle: 'Gulf cold chain (internal)',
      headline: 'Cold chain proposal',
      clientName: 'Gulf Pharmacies',
      date: '2031-06-15',
      language: 'ar',
    },
    productSelection: {
      selectedProducts: [{ id: 'controller', quantity: 2, customPricing: 199 }],
      includePricing: false,
    },
    templateCustomization: { selectedSlides: ['title', 'agenda', 'thank-you'] },
  });
  expect(generated.status(), await generated.text()).toBe(201);
  const { presentationId } = (await generated.json()) as { presentationId: string };
  const made = await postJson(page.request, `/api/decks/${presentationId}/client-links`, {
    recipientName: 'Layla Haddad',
    recipientEmail: `layla-${Date.now().toString(36)}@gulf.example`,
    sendEmail: false,
    acceptance: { enabled: true, optionalProductIds: [] },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { url } = (await made.json()) as { url: string };

  // The client's browser is an English one: the page follows the deck, not the browser.
  const clientContext = await browser.newContext({ locale: 'en-US' });
  const client = await clientContext.newPage();
  await client.goto(new URL(url).pathname);
  await expect(
    client.getByRole('heading', { level: 1, name: 'Cold chain proposal' }),
  ).toBeVisible();
  await expect(client.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(client.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(client.getByText('أُعِدّ خصيصًا لـ Gulf Pharmacies')).toBeVisible();
  await expect(client.getByRole('button', { name: 'بدء العرض' })).toBeVisible();
  await expect(client.getByRole('link', { name: 'تنزيل ملف PDF' })).toBeVisible();
  await expect(client.getByText('الشريحة 1 من 3')).toBeVisible();

  // Mirrored: "previous" sits to the right of "next", the deck's heading starts at the right.
  const previous = await client.getByRole('button', { name: 'الشريحة السابقة' }).boundingBox();
  const next = await client.getByRole('button', { name: 'الشريحة التالية' }).boundingBox();
  expect(previous!.x).toBeGreaterThan(next!.x);
  const heading = await client.getByRole('heading', { level: 1 }).boundingBox();
  const width = client.viewportSize()!.width;
  expect(heading!.x + heading!.width).toBeGreaterThan(width / 2);
  await client.screenshot({ path: `${shots}/client-page-ar.png`, fullPage: true });

  // The left arrow moves forward through slides that run right to left.
  await client.keyboard.press('ArrowLeft');
  await expect(client.getByText('الشريحة 2 من 3')).toBeVisible();
  await client.getByRole('button', { name: 'الشريحة السابقة' }).click();
  await expect(client.getByText('الشريحة 1 من 3')).toBeVisible();

  // The accept step speaks Arabic too, its figures' column on the left.
  const step = client.getByRole('region', { name: 'قبول العرض' });
  await client.getByRole('link', { name: 'قبول العرض' }).click();
  await expect(step.getByRole('row', { name: /^الإجمالي المستحق/ })).toBeVisible();
  await step.getByRole('button', { name: 'قبول العرض' }).click();
  await expect(step.getByText('أدخل اسمك الكامل.')).toBeVisible();
  const label = await step.getByRole('columnheader', { name: 'المنتج' }).boundingBox();
  const amount = await step.getByRole('columnheader', { name: 'المبلغ' }).boundingBox();
  expect(label!.x).toBeGreaterThan(amount!.x);
  await step.screenshot({ path: `${shots}/client-page-ar-accept.png` });
  await clientContext.close();
});
