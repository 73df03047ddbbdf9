import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { request as playwrightRequest } from '@playwright/test';
import { createApprovedUser, expect, postJson, signInViaApi, test } from '../fixtures.ts';

const shots = process.env.E2E_SCREENSHOTS_DIR;
async function snap(page: Page, name: string) {
  if (shots)
    await page.screenshot({ path: `${shots}/engagement-reports-${name}.png`, fullPage: true });
}

/**
 * A rep's priced deck for two products, shared by a link and visited once by a client: 30 s on
 * the battery's slide, 12 s on its pricing, 4 s on the cover.
 */
async function visitedDeck() {
  const rep = await createApprovedUser('reported');
  const context = await playwrightRequest.newContext();
  try {
    await signInViaApi(context, rep);
    const generated = await postJson(context, '/api/generate-slides', {
      basicInfo: {
        deckTitle: 'Managers report deck',
        clientName: 'Contoso Cold Storage',
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
    const { presentationId } = (await generated.json()) as { presentationId: string };
    const created = await postJson(context, `/api/decks/${presentationId}/client-links`, {
      recipientName: 'Casey Client',
      recipientEmail: 'casey@contoso.example',
      sendEmail: false,
    });
    expect(created.status(), await created.text()).toBe(201);
    const token = /\/v\/([\w-]+)$/.exec(((await created.json()) as { url: string }).url)![1]!;

    const client = await playwrightRequest.newContext();
    try {
      const started = await postJson(client, `/api/client-view/${token}/visits`, undefined);
      expect(started.status(), await started.text()).toBe(201);
      const { visitId } = (await started.json()) as { visitId: string };
      const events = await postJson(client, `/api/client-view/${token}/visits/${visitId}/events`, {
        sequence: 1,
        events: [
          { slide: 1, ms: 4_000, view: 0 },
          { slide: 2, ms: 30_000, view: 1 },
          { slide: 4, ms: 12_000, view: 2 },
        ],
      });
      expect(events.status(), await events.text()).toBe(204);
    } finally {
      await client.dispose();
    }
    return { rep, deckId: presentationId };
  } finally {
    await context.dispose();
  }
}

test('a manager sees products by attention across decks and downloads the CSV', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { rep } = await visitedDeck();
  const manager = await createApprovedUser('manager', 'manager');
  await signInViaApi(page.request, manager);

  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Engagement' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Engagement' })).toBeVisible();
  const chart = page.getByLabel('Minutes per product');
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
  // The product's name labels its bar (a long name wraps over two lines).
  await expect(chart.locator('svg.recharts-surface').first()).toContainText(/Battery\s*Backup/);

  // One rep's decks only.
  await page.getByRole('combobox', { name: 'Rep' }).click();
  await page.getByRole('option', { name: rep.name }).click();
  await expect(page).toHaveURL(/rep=/);
  const reps = page.getByRole('heading', { name: 'Reps' }).locator('xpath=..');
  await expect(reps.getByRole('row')).toHaveCount(2);
  await expect(reps.getByRole('row').nth(1)).toContainText(rep.name);
  await snap(page, 'page');

  await page.getByRole('button', { name: 'Export CSV' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Time per slide (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Engagement .* - slide times\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toBe(
    'Deck,Client,Owner,Visit,Recipient,Started,Verified e-mail,Slide,Title,Seconds',
  );
  expect(lines.filter((line) => line.startsWith('Managers report deck,'))).toHaveLength(3);

  // Readable on a phone: the chart and the page fit the screen's width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
  const box = await chart.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
    390,
  );
  await snap(page, 'phone');
});
