import type { Page } from '@playwright/test';
import {
  createApprovedUser,
  expect,
  pdfText,
  postJson,
  signInViaApi,
  test,
  violations,
} from '../fixtures.ts';

// Issue 49, "Edit online": a rep opens the deck's editor from its page, types a word into the
// title slide's headline (one typing burst, taken back by one undo and brought back by redo),
// and saves the draft as version 2. The new version's PDF has the word, and the client's link
// shows it with its "updated" note.

const shots = process.env.E2E_SCREENSHOTS_DIR;
async function snap(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/deck-editor-${name}.png`, fullPage: true });
}

/** Every slide's text as the client's page is served it (each slide an SVG with its text). */
async function clientSlideTexts(client: Page) {
  const token = new URL(client.url()).pathname.split('/').at(-1)!;
  const view = await client.request.get(`/api/client-view/${token}`);
  expect(view.status()).toBe(200);
  const { slides } = (await view.json()) as { slides: { url: string }[] };
  const texts = await Promise.all(
    slides.map(async (slide) => (await client.request.get(slide.url)).text()),
  );
  return texts.join('\n');
}

test('a rep edits a heading online and saves it as the next version: its PDF and the client’s link show the new words, and one undo takes a typing burst back', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const rep = await createApprovedUser('editorrep');
  await signInViaApi(page.request, rep);
  const suffix = Math.random().toString(36).slice(2, 6).toUpperCase();
  const title = `Harbor proposal ${suffix}`;
  const made = await postJson(page.request, '/api/generate-slides', {
    basicInfo: {
      deckTitle: title,
      headline: `Harbor rollout ${suffix}`,
      clientName: 'Northwind Pharmacies',
      date: '2031-06-15',
    },
    productSelection: {
      selectedProducts: [{ id: 'battery_backup', quantity: 1, customPricing: 5995 }],
      includePricing: true,
      customPricing: {},
    },
    templateCustomization: { selectedSlides: ['title', 'thank-you'] },
  });
  expect(made.status(), await made.text()).toBe(201);
  const deckId = ((await made.json()) as { presentationId: string }).presentationId;
  const link = await postJson(page.request, `/api/decks/${deckId}/client-links`, {
    recipientName: 'Jane Client',
    recipientEmail: 'jane@northwind.example',
    sendEmail: false,
  });
  expect(link.status(), await link.text()).toBe(201);
  const clientUrl = ((await link.json()) as { url: string }).url;

  // The client looks once before the edit (the visit counts after 2 s on the deck).
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  const visitCounted = client.waitForResponse(
    (r) => r.url().endsWith('/visits') && r.status() === 201,
  );
  await client.goto(clientUrl);
  await expect(client.getByRole('heading', { level: 1 })).toBeVisible();
  await visitCounted;

  // The deck page opens the editor.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/deck/${deckId}/preview`);
  await page.getByRole('link', { name: 'Open editor' }).click();
  await expect(page).toHaveURL(new RegExp(`/deck/${deckId}/edit$`));
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByRole('list', { name: 'Slides' }).getByRole('listitem')).not.toHaveCount(0);

  // The headline, selected on the slide; a word typed key by key.
  await page
    .getByRole('button', { name: new RegExp(`^Text: Harbor rollout ${suffix}`, 'i') })
    .first()
    .click();
  const text = page.getByRole('textbox', { name: 'Text', exact: true });
  await expect(text).toHaveValue(new RegExp(`Harbor rollout ${suffix}`, 'i'));
  const before = await text.inputValue();
  await text.click();
  await text.press('End');
  await text.pressSequentially(' Zephyr', { delay: 40 });
  await expect(text).toHaveValue(`${before} Zephyr`);

  // One undo takes the burst back; redo brings it back.
  await page.keyboard.press('Control+z');
  await expect(text).toHaveValue(before);
  await page.keyboard.press('Control+Shift+z');
  await expect(text).toHaveValue(`${before} Zephyr`);
  await expect(page.getByRole('status', { name: 'Draft' })).toHaveText('Saved', {
    timeout: 30_000,
  });
  await snap(page, 'desktop');
  expect(await violations(page, 'editor')).toEqual([]);

  // At a phone's size the slide list, the slide and the fields stack.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Save as version 2' })).toBeVisible();
  await snap(page, 'phone');
  // Nothing of the editor is wider than the phone.
  expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  // A reload continues the draft.
  await page.reload();
  await page
    .getByRole('button', { name: new RegExp(`^Text: Harbor rollout ${suffix} Zephyr`, 'i') })
    .first()
    .click();
  await expect(page.getByRole('textbox', { name: 'Text', exact: true })).toHaveValue(
    `${before} Zephyr`,
  );

  // Saved as version 2: followed to the deck page.
  await page.getByRole('button', { name: 'Save as version 2' }).click();
  await expect(page).toHaveURL(new RegExp(`/deck/${deckId}/preview$`), { timeout: 120_000 });
  await expect(page.getByText(/· version 2 ·/)).toBeVisible({ timeout: 30_000 });
  expect((await pdfText(page.request, deckId)).toLowerCase()).toContain(
    `harbor rollout ${suffix} zephyr`.toLowerCase(),
  );

  // The client's link shows the new words and says the deck was updated.
  await client.reload();
  await expect(client.getByText(/^Updated on .* since you last looked\.$/)).toBeVisible();
  expect((await clientSlideTexts(client)).toLowerCase()).toContain('zephyr');
  await snap(client, 'client-updated');
  await clientContext.close();
});
