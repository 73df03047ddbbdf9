import type { Locator } from '@playwright/test';
import { createApprovedUser, expect, postJson, signInViaApi, test } from '../fixtures.ts';

// On a phone a deck a client has opened carries a "Viewed …" badge beside its status: the
// client's name must still show, inside its card, in the rep's recent decks and in All decks.
test('a viewed deck shows its client’s name on a phone', async ({ page, browser }) => {
  const manager = await createApprovedUser('phone', 'manager');
  await signInViaApi(page.request, manager);
  const clientName = 'Northwind Pharmacies of the Pacific Northwest';
  const generated = await postJson(page.request, '/api/generate-slides', {
    basicInfo: { deckTitle: 'Phone check', clientName, date: '2031-06-15' },
    productSelection: { selectedProducts: [{ id: 'controller', quantity: 2 }] },
    templateCustomization: { selectedSlides: ['title', 'agenda', 'thank-you'] },
  });
  expect(generated.status(), await generated.text()).toBe(201);
  const { presentationId } = (await generated.json()) as { presentationId: string };
  const created = await postJson(page.request, `/api/decks/${presentationId}/client-links`, {
    recipientName: 'Casey Client',
    recipientEmail: 'casey@client.example',
    sendEmail: false,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { url } = (await created.json()) as { url: string };
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await client.goto(url);
  await expect(client.getByText('Slide 1 of 3')).toBeVisible();
  // A visit counts once the page has been seen for two seconds: the deck list then knows.
  await expect
    .poll(async () => {
      const listed = (await (await page.request.get('/api/recent-decks')).json()) as {
        recentDecks: { id: string; lastViewedAt: string | null }[];
      };
      return listed.recentDecks.find((deck) => deck.id === presentationId)?.lastViewedAt ?? null;
    })
    .not.toBeNull();
  await clientContext.close();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  const inList = (list: string) =>
    page
      .getByRole('region', { name: list })
      .getByRole('listitem', { name: `${clientName}: Phone check` });
  for (const list of ['Recent Decks', 'All decks']) {
    const card = inList(list);
    await expect(card.getByText(/^Viewed /)).toBeVisible();
    const name = card.getByText(clientName, { exact: true });
    await expect(name).toBeVisible();
    await expectInside(name, card);
    await expectInside(card.getByText(/^Viewed /), card);
  }
  if (process.env.E2E_SCREENSHOTS_DIR) {
    await page.screenshot({
      path: `${process.env.E2E_SCREENSHOTS_DIR}/phone-deck-lists.png`,
      fullPage: true,
    });
  }
});

/** `inner` has a width and lies within `outer`'s border box. */
async function expectInside(inner: Locator, outer: Locator) {
  const [box, bounds] = [await inner.boundingBox(), await outer.boundingBox()];
  expect(box && bounds).toBeTruthy();
  expect(box!.width).toBeGreaterThan(0);
  expect(box!.x).toBeGreaterThanOrEqual(bounds!.x);
  expect(box!.x + box!.width).toBeLessThanOrEqual(bounds!.x + bounds!.width + 0.5);
}
