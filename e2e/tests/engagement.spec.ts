import type { APIRequestContext, Page } from '@playwright/test';
import { request as playwrightRequest } from '@playwright/test';
import { createApprovedUser, expect, postJson, signInViaApi, test } from '../fixtures.ts';

const shots = process.env.E2E_SCREENSHOTS_DIR;
async function snap(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/engagement-${name}.png`, fullPage: true });
}

/**
 * A deck priced at list for two products, made through the API by the signed-in `request`: the cover,
 * the battery's product slide, then the controller's and the battery's pricing slides and the
 * quote summary.
 */
async function pricedDeck(request: APIRequestContext) {
  const generated = await postJson(request, '/api/generate-slides', {
    basicInfo: {
      deckTitle: 'Outage-proof cold chain',
      clientName: 'Northwind Pharmacies',
      date: '2031-06-15',
    },
    productSelection: {
      selectedProducts: [
        { id: 'controller', quantity: 2, customPricing: 199 },
        { id: 'battery_backup', quantity: 1, customPricing: 5995 },
      ],
      includePricing: true,
      customPricing: {},
    },
    templateCustomization: { selectedSlides: ['title', 'product-battery-bms'] },
  });
  expect(generated.status(), await generated.text()).toBe(201);
  return ((await generated.json()) as { presentationId: string }).presentationId;
}

test('a rep sees which product held the client, after a visit, on the link and on the deck', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const rep = await createApprovedUser('engaged');
  await signInViaApi(page.request, rep);
  const deckId = await pricedDeck(page.request);
  const created = await postJson(page.request, `/api/decks/${deckId}/client-links`, {
    recipientName: 'Jane Client',
    recipientEmail: 'jane@northwind.example',
    sendEmail: false,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { url, link } = (await created.json()) as { url: string; link: { id: string } };
  const token = /\/v\/([\w-]+)$/.exec(url)![1]!;

  // The client's visit, as the client page reports it: 30 s on the battery's slide, 12 s on its
  // pricing, 8 s on the quote summary (shared by the two products), 4 s on the cover.
  const client = await playwrightRequest.newContext();
  try {
    const started = await client.post(`/api/client-view/${token}/visits`);
    expect(started.status(), await started.text()).toBe(201);
    const { visitId } = (await started.json()) as { visitId: string };
    const events = await postJson(client, `/api/client-view/${token}/visits/${visitId}/events`, {
      sequence: 1,
      events: [
        { slide: 1, ms: 4_000, view: 0 },
        { slide: 2, ms: 30_000, view: 1 },
        { slide: 4, ms: 12_000, view: 2 },
        { slide: 5, ms: 8_000, view: 3 },
      ],
    });
    expect(events.status(), await events.text()).toBe(204);
  } finally {
    await client.dispose();
  }

  await page.goto(`/deck/${deckId}/links/${link.id}`);
  const onLink = page.getByRole('region', { name: 'Time per product' });
  await expect(
    onLink.getByText('Most attention: Battery Backup, 46 s; pricing viewed 1×'),
  ).toBeVisible();
  const products = onLink.getByRole('list', { name: 'Products by time' }).getByRole('listitem');
  await expect(products).toHaveText(['Battery Backup46 s', 'Controller4 s', 'General4 s']);
  await snap(page, 'link');

  await page.goto(`/deck/${deckId}/preview`);
  const onDeck = page.getByRole('region', { name: 'Time per product' });
  await expect(
    onDeck.getByText('Most attention: Battery Backup, 46 s; pricing viewed 1×'),
  ).toBeVisible();

  // Readable on a phone: the card fits the screen's width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/deck/${deckId}/links/${link.id}`);
  const card = page.getByRole('region', { name: 'Time per product' });
  await expect(card.getByText(/^Most attention: Battery Backup/)).toBeVisible();
  const box = await card.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await card.scrollIntoViewIfNeeded();
  await snap(page, 'phone');
  if (shots) await card.screenshot({ path: `${shots}/engagement-phone-card.png` });
});
