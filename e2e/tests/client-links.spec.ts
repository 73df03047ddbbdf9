import type { APIRequestContext, Page } from '@playwright/test';
import {
  createApprovedUser,
  expect,
  failedResourceError,
  postJson,
  readLatestMailTo,
  signInViaApi,
  test,
} from '../fixtures.ts';

const shots = process.env.E2E_SCREENSHOTS_DIR;
async function snap(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/client-links-${name}.png`, fullPage: true });
}

/**
 * A three-slide deck made through the API by the signed-in `request`, whose client headline is
 * `headline`; its internal deck title ends in "(internal only)", which no client ever sees.
 */
async function generateDeck(request: APIRequestContext, headline: string) {
  const generated = await postJson(request, '/api/generate-slides', {
    basicInfo: {
      deckTitle: `${headline} (internal only)`,
      headline,
      clientName: 'Northwind Pharmacies',
      date: '2031-06-15',
    },
    productSelection: {
      selectedProducts: [{ id: 'controller', quantity: 2, customPricing: 199 }],
      includePricing: false,
    },
    templateCustomization: { selectedSlides: ['title', 'agenda', 'thank-you'] },
  });
  expect(generated.status(), await generated.text()).toBe(201);
  return ((await generated.json()) as { presentationId: string }).presentationId;
}

// The client's viewer reports slide views; the revoked link's requests are refused on purpose,
// and so is a second mail of the link to the same address (429).
test.use({ allowedConsoleErrors: [failedResourceError(401, 404, 429)] });

test('a rep sends a client link, the client views it, the rep reads the analytics and revokes it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const rep = await createApprovedUser('linker');
  await signInViaApi(page.request, rep);
  const deckId = await generateDeck(page.request, 'Cold chain proposal');
  const clientEmail = `jane-${Date.now().toString(36)}@client.example`;

  // The rep makes a link for one recipient, and mails it.
  await page.goto(`/deck/${deckId}/preview`);
  await page.getByRole('button', { name: 'Create client link' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Recipient name').fill('Jane Client');
  await form.getByLabel('Recipient e-mail').fill(clientEmail);
  await form.getByLabel('Message').fill('Here is the proposal we discussed.');
  await form.getByRole('button', { name: 'Create link' }).click();
  const created = page.getByRole('dialog');
  await expect(created.getByText(`Sent to ${clientEmail}`)).toBeVisible();
  const link = await created.getByRole('textbox').inputValue();
  expect(link).toMatch(/\/v\/[\w-]{43}$/);
  const mail = await readLatestMailTo(clientEmail);
  expect(mail.link).toBe(link);
  expect(mail.text).toContain('Here is the proposal we discussed.');
  await snap(page, 'created');
  await created.getByRole('button', { name: 'Done' }).click();

  // Mailing the same address this deck's link again within the hour is refused, and says why.
  await page.getByRole('button', { name: 'Create client link' }).click();
  const again = page.getByRole('dialog');
  await again.getByLabel('Recipient name').fill('Jane Client');
  await again.getByLabel('Recipient e-mail').fill(clientEmail);
  await again.getByRole('button', { name: 'Create link' }).click();
  await expect(again.getByRole('alert')).toContainText(
    'A link to this deck was e-mailed to this address less than an hour ago.',
  );
  await snap(page, 'mailed-recently');
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const panel = page.getByRole('region', { name: 'Client links' });
  await expect(panel.getByText('Jane Client')).toBeVisible();
  await expect(panel.getByText('Active')).toBeVisible();
  await expect(panel.getByText('Not opened yet')).toBeVisible();

  // The client, in a browser that knows nothing of the portal, pages through three slides.
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await client.clock.install();
  const visitStarted = client.waitForResponse(
    (response) => response.url().endsWith('/visits') && response.status() === 201,
  );
  const opened = await client.goto(link);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
  expect(opened?.headers()['x-robots-tag']).toMatch(/noindex/);
  await expect(
    client.getByRole('heading', { level: 1, name: 'Cold chain proposal' }),
  ).toBeVisible();
  await expect(client.getByText('(internal only)')).toHaveCount(0);
  await expect(client.getByText('Slide 1 of 3')).toBeVisible();
  await expect(client.getByRole('link', { name: 'Download PDF' })).toBeVisible();
  // Nothing of the portal: no way back to it, no sign-in.
  await expect(client.getByRole('button', { name: 'Back to Dashboard' })).toHaveCount(0);
  await expect(client.getByRole('link', { name: /sign in/i })).toHaveCount(0);
  await snap(client, 'client-view');
  // From here on the page's time moves only when the test says. The pause is set a second
  // ahead of the page's own time: this side's clock, or a moment closer, can be in the page's
  // past by the time the call arrives on a busy machine.
  await client.clock.pauseAt((await client.evaluate(() => Date.now())) + 1_000);
  // The visit begins once the deck has been seen 2 s (a mail scanner is gone by then).
  await client.clock.runFor(2_000);
  await visitStarted;

  await client.clock.runFor(2_000);
  await client.keyboard.press('ArrowRight');
  await expect(client.getByText('Slide 2 of 3')).toBeVisible();
  // The longest look, across a periodic report of what was seen so far.
  await client.clock.runFor(20_000);
  await client.keyboard.press('ArrowRight');
  await expect(client.getByText('Slide 3 of 3')).toBeVisible();
  await client.clock.runFor(4_000);
  // Leaving the page sends what is left.
  await client.goto('about:blank');

  // The rep's analytics show the visit, the slides reached and the longest time on slide 2.
  // Slides 2 and 3 hold exactly the time the page's clock ran for them. Slide 1 holds the 2 s
  // before the visit began, the 2 s after, and the real moments between the page loading and
  // its clock being paused: more on a busy machine, so it is read rather than guessed.
  const linksApi = `/api/decks/${deckId}/client-links`;
  const linkId = ((await (await page.request.get(linksApi)).json()) as { links: { id: string }[] })
    .links[0]!.id;
  const slideTimes = async () => {
    const response = await page.request.get(`${linksApi}/${linkId}/analytics`);
    const body = (await response.json()) as { slides: { slide: number; totalMs: number }[] };
    return body.slides.map((slide) => slide.totalMs);
  };
  // Until the last report (the page's goodbye) is in.
  await expect
    .poll(async () => (await slideTimes()).slice(1), { timeout: 30_000 })
    .toEqual([20_000, 4_000]);
  const [slideOneMs] = await slideTimes();
  expect(slideOneMs).toBeGreaterThanOrEqual(4_000);
  const seconds = (ms: number) => `${Math.round(ms / 1000)}s`;
  await panel.getByRole('link', { name: 'View analytics' }).click();
  await expect(page).toHaveURL(new RegExp(`/deck/${deckId}/links/`));
  await expect(page.getByRole('heading', { level: 1, name: 'Jane Client' })).toBeVisible();
  const slideRow = (n: number) =>
    page
      .getByRole('list', { name: 'Time per slide' })
      .getByRole('listitem')
      .filter({ has: page.getByText(`Slide ${n}`, { exact: true }) });
  await expect(slideRow(1)).toContainText(seconds(slideOneMs!));
  await expect(slideRow(2)).toContainText('20s');
  await expect(slideRow(2)).toContainText('Most viewed');
  await expect(slideRow(3)).toContainText('4s');
  const visits = page.getByRole('table', { name: 'Visits' });
  await expect(visits.getByRole('row')).toHaveCount(2);
  await expect(visits).toContainText(seconds(slideOneMs! + 24_000));
  await expect(visits).toContainText('1, 2, 3');
  await snap(page, 'analytics');

  // The dashboard shows the deck was viewed, and the rep was told of the first open.
  await page.goto('/dashboard');
  await expect(page.getByText(/^Viewed /)).toBeVisible();
  await page.getByRole('button', { name: /Notifications/ }).click();
  // The rep's own notice names the deck by its internal title.
  await expect(
    page.getByText('Jane Client opened “Cold chain proposal (internal only)” for the first time.'),
  ).toBeVisible();
  await snap(page, 'notifications');
  const ownerMail = await readLatestMailTo(rep.email);
  expect(ownerMail.text).toContain('Jane Client');
  expect(ownerMail.link).toMatch(new RegExp(`/deck/${deckId}/links/[0-9a-f-]{36}$`));

  // Revoked, the client's next load is the unavailable page.
  await page.goto(`/deck/${deckId}/preview`);
  await panel.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke link' }).click();
  await expect(panel.getByText('Revoked')).toBeVisible();
  const refused = await client.goto(link);
  expect(refused?.status()).toBe(404);
  await expect(
    client.getByText('This link is no longer available. Ask the sender for a new one.'),
  ).toBeVisible();
  await snap(client, 'unavailable');
  await clientContext.close();
});

test('a passcode link asks for its passcode first, in a browser of its own', async ({
  page,
  browser,
}) => {
  const rep = await createApprovedUser('passcoder');
  await signInViaApi(page.request, rep);
  const deckId = await generateDeck(page.request, 'Protected proposal');
  const created = await postJson(page.request, `/api/decks/${deckId}/client-links`, {
    recipientName: 'Pat Procurement',
    recipientEmail: 'pat@client.example',
    passcode: 'blue-harbour',
    allowDownload: false,
    sendEmail: false,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { url } = (await created.json()) as { url: string };

  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await client.goto(url);
  await expect(
    client.getByText('Enter the passcode the sender gave you to open this deck.'),
  ).toBeVisible();
  await client.getByRole('textbox', { name: 'Passcode' }).fill('red-harbour');
  await client.getByRole('button', { name: 'Open deck' }).click();
  await expect(
    client.getByText('That passcode is not right. Please check it and try again.'),
  ).toBeVisible();
  await snap(client, 'passcode');
  await client.getByRole('textbox', { name: 'Passcode' }).fill('blue-harbour');
  await client.getByRole('button', { name: 'Open deck' }).click();
  await expect(client.getByRole('heading', { level: 1, name: 'Protected proposal' })).toBeVisible();
  await expect(client.getByText('Slide 1 of 3')).toBeVisible();
  // The rep did not allow the download.
  await expect(client.getByRole('link', { name: 'Download PDF' })).toHaveCount(0);
  await expect(client.getByText('Slide 1 of 3')).toBeVisible();
  // A reload keeps the browser in: the passcode is asked once.
  await client.reload();
  await expect(client.getByText('Slide 1 of 3')).toBeVisible();
  await clientContext.close();
});
