import type { Page } from '@playwright/test';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import {
  createApprovedUser,
  expect,
  generateDeckViaApi,
  pdfText,
  postJson,
  signInViaApi,
  test,
  violations,
} from '../fixtures.ts';

// Issue 49, "Bring an edited PowerPoint back": a rep downloads the deck's PowerPoint, changes a
// word of the title slide's headline and the Battery Backup's price on its pricing slide in it
// (as PowerPoint would save them: the slides' XML in the zip), and uploads it. The comparison
// lists the changed words and the price that differs from the quote; keeping the file's price
// (25% under list, past a rep's 15%) makes a version that needs the deal desk's approval.

const shots = process.env.E2E_SCREENSHOTS_DIR;
async function snap(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/edited-file-${name}.png`, fullPage: true });
}

const pptxType = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

const slideParts = (parts: Record<string, Uint8Array>) =>
  Object.keys(parts)
    .filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))
    .sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]));

/**
 * The file with `words.from` written as `words.to` on the slide that shows it, and the price
 * after "Your price" on the first slide that has one (the Battery Backup's pricing slide) written
 * as `price`.
 */
function editPowerPoint(file: Buffer, words: { from: string; to: string }, price: string) {
  const parts = unzipSync(new Uint8Array(file));
  const slides = slideParts(parts);
  const xmlOf = (name: string) => strFromU8(parts[name]!);
  const worded = slides.find((name) => xmlOf(name).includes(words.from));
  expect(worded, `a slide shows “${words.from}”`).toBeDefined();
  parts[worded!] = strToU8(xmlOf(worded!).replace(words.from, words.to));

  const priced = slides.find((name) => xmlOf(name).includes('>Your price<'));
  expect(priced, 'a slide shows “Your price”').toBeDefined();
  const xml = xmlOf(priced!);
  const at = xml.indexOf('$5,995.00', xml.indexOf('>Your price<'));
  expect(at, 'the rep’s price after “Your price”').toBeGreaterThan(0);
  parts[priced!] = strToU8(`${xml.slice(0, at)}${price}${xml.slice(at + '$5,995.00'.length)}`);
  return Buffer.from(zipSync(parts));
}

test('a rep brings the deck’s PowerPoint back with a word and a price changed: the comparison lists both, and the file’s price goes to the deal desk', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const rep = await createApprovedUser('filerep');
  await signInViaApi(page.request, rep);
  const suffix = Math.random().toString(36).slice(2, 6).toUpperCase();
  const title = `Harbor proposal ${suffix}`;
  const made = await postJson(page.request, '/api/generate-slides', {
    basicInfo: {
      deckTitle: title,
      // The title slide shows it in capitals.
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

  // The deck page's PowerPoint, as the rep downloads it.
  await page.goto(`/deck/${deckId}/preview`);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const href = await page
    .getByRole('link', { name: /^(Download PowerPoint|Open in PowerPoint)$/ })
    .getAttribute('href');
  const downloaded = await page.request.get(href!);
  expect(downloaded.status()).toBe(200);
  const edited = editPowerPoint(
    await downloaded.body(),
    { from: `HARBOR ROLLOUT ${suffix}`, to: `HARBOR EXPANSION ${suffix}` },
    '$4,500.00',
  );

  await page.getByRole('button', { name: 'Upload edited PowerPoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload edited PowerPoint' });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: `${title} (edited).pptx`,
    mimeType: pptxType,
    buffer: edited,
  });

  // The comparison: the title's word, struck and added, and the price against the quote's.
  const changes = dialog.getByRole('list', { name: 'Slides changed' });
  await expect(changes).toBeVisible({ timeout: 120_000 });
  const titleChange = changes
    .getByRole('listitem')
    .filter({ hasText: 'has other words' })
    .filter({
      has: page.locator('ins', { hasText: /EXPANSION/ }),
    });
  await expect(titleChange.first()).toBeVisible();
  await expect(titleChange.first().locator('del', { hasText: /ROLLOUT/ })).toBeVisible();
  await expect(
    dialog
      .getByText(
        /^Battery Backup unit price: \$4,500(\.00)? in the file, \$5,995(\.00)? in the quote\b/,
      )
      .first(),
  ).toBeVisible();
  await snap(page, 'comparison');
  expect(await violations(page, 'comparison')).toEqual([]);

  await dialog
    .getByRole('radio', {
      name: 'Keep the file’s figures (a discount past your limits needs approval)',
    })
    .check();
  await dialog.getByRole('button', { name: 'Save as version 2' }).click();
  await expect(page.getByText('Version 2 is saved from your PowerPoint file.')).toBeVisible({
    timeout: 120_000,
  });
  await expect(dialog).toBeHidden();

  // The deck page shows version 2, priced under the rep's limits: the deal desk's to approve.
  await expect(page.getByText(/· version 2 ·/)).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Deal desk' })
      .getByText(/^(Needs approval|Waiting for approval)/)
      .first(),
  ).toBeVisible({ timeout: 30_000 });
  await snap(page, 'needs-approval');
  const pdf = await pdfText(page.request, deckId);
  expect(pdf).toContain(`HARBOR EXPANSION ${suffix}`);
  expect(pdf).toContain('Draft — pending approval');
});

test('another deck’s PowerPoint is refused with a sentence that says so, and nothing is saved', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const rep = await createApprovedUser('foreignrep');
  await signInViaApi(page.request, rep);
  const deckId = await generateDeckViaApi(page.request, 'Harbor deck');
  const otherId = await generateDeckViaApi(page.request, 'Another deck');
  const other = await page.request.get(`/api/decks/${otherId}/pptx`);
  expect(other.status()).toBe(200);

  await page.goto(`/deck/${deckId}/preview`);
  await page.getByRole('button', { name: 'Upload edited PowerPoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload edited PowerPoint' });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'Another deck.pptx',
    mimeType: pptxType,
    buffer: await other.body(),
  });

  const refusal = dialog.getByRole('alert');
  await expect(refusal).toContainText('This file is not a version of “Harbor deck”', {
    timeout: 120_000,
  });
  await expect(dialog.getByRole('button', { name: /^Save as version/ })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Choose another file' })).toBeVisible();
  await snap(page, 'foreign-file');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText(/· version 1 ·/)).toBeVisible();
});
