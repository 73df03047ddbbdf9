import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import {
  createApprovedUser,
  expect,
  failedResourceError,
  pdfLinks,
  pdfText,
  postJson,
  signInViaApi,
  test,
  violations,
  widthOnAPhone,
} from '../fixtures.ts';
import { aptiaWithField, corpus, reviewAddress } from './aptia-file.ts';
import { translateAndPublish } from './library-translations.ts';

// A content editor changes a template slide in the portal and publishes it; a rep's next deck
// shows the change in its PDF and its slide pictures, a deck made before does not, and the
// previous version comes back by a restore. The slide edited is one no other browser test uses.
// Every browser test that changes the library's shared draft runs from this file (the studio's
// translations: library-translations.ts), one after another: a publish takes the whole draft.

const shots = process.env.E2E_SCREENSHOTS_DIR;
/** A 48 × 32 green PNG. */
const GREEN_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAASUlEQVRYhe2WAQkAQAwCl+HqGseiH2PPOFgAET03NF/drCtAQdGhmiFsWdbxg2CMDtUMYcuyDiF80KJDNUPYssihCMY6HRwe1wdkvSBqoeCQCQAAAABJRU5ErkJggg==';

async function makeDeck(request: APIRequestContext, deckTitle: string) {
  const generated = await postJson(request, '/api/generate-slides', {
    basicInfo: { deckTitle, clientName: 'Northwind Pharmacies', date: '2031-06-15' },
    productSelection: {
      selectedProducts: [{ id: 'controller', quantity: 2, customPricing: 199 }],
      includePricing: false,
    },
    templateCustomization: { selectedSlides: ['sustainability'] },
  });
  expect(generated.status(), await generated.text()).toBe(201);
  return ((await generated.json()) as { presentationId: string }).presentationId;
}

/**
 * Publishes the library's draft from the library page. With `pastFindings`, preflight must
 * have named that finding, and the editor publishes anyway, giving the reason.
 */
async function publishLibrary(
  page: Page,
  note: string,
  pastFindings?: { finding: string; reason: string },
) {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish the library' });
  await dialog.getByLabel('What changed').fill(note);
  if (pastFindings) {
    await expect(dialog.getByRole('list', { name: 'Preflight findings' })).toContainText(
      pastFindings.finding,
    );
    await dialog.getByLabel('Why they may go out as they are').fill(pastFindings.reason);
    await dialog.getByRole('button', { name: 'Publish anyway' }).click();
  } else {
    await dialog.getByRole('button', { name: /^Publish version/ }).click();
  }
  await expect(
    page.getByRole('status').filter({ hasText: /Version \d+ is published/ }),
  ).toBeVisible();
}

/** The deck's first slide picture (the web view's SVG). */
async function firstSlideSvg(request: APIRequestContext, deckId: string) {
  const list = await request.get(`/api/decks/${deckId}/slides`);
  const { slides } = (await list.json()) as { slides: { url: string }[] };
  return (await request.get(slides[0]!.url)).text();
}

test('a content editor edits a slide and publishes it; new decks follow, old ones do not', async ({
  page,
  baseURL,
}) => {
  // 35 s alone; up to 1.7 min beside the other worker's tests on a two-core machine.
  test.setTimeout(180_000);
  const editor = await createApprovedUser('editor', 'content_editor');
  const rep = await createApprovedUser('rep');
  const repApi = await playwrightRequest.newContext({ baseURL: baseURL! });
  await signInViaApi(repApi, rep);
  const before = await makeDeck(repApi, 'Before the change');

  await signInViaApi(page.request, editor);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Content library' }).click();
  await expect(page.getByRole('heading', { name: 'Content library' })).toBeVisible();
  await expect(page.getByText('Published: reps build from version')).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/library.png`, fullPage: true });
  expect(await violations(page), '/admin/library').toEqual([]);

  await page.getByRole('link', { name: 'Edit Sustainability impact' }).click();
  const canvas = page.getByRole('group', { name: 'Slide canvas' });
  const box = canvas.getByRole('button', { name: 'Text: less refrigeration energy with' });
  await expect(box).toBeVisible();
  // The heading, in the slide's own fields.
  await page.getByRole('textbox', { name: 'Heading', exact: true }).fill('Greener with Frostline');

  // The text: a binding from the menu, never typed.
  await box.click();
  const text = page.getByRole('textbox', { name: 'Text' });
  await text.fill('Saved for ');
  await page.getByRole('button', { name: 'Insert binding' }).click();
  await page.getByRole('menuitem', { name: '{{client.name}}' }).click();
  await expect(text).toHaveValue('Saved for {{client.name}}');
  // "Saved" links to the company's page (typed without https://): the deck's PDF opens it.
  await text.focus();
  await page.keyboard.press('Control+Home');
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('Shift+ArrowRight');
  await page.getByRole('button', { name: 'Link the chosen words of the text' }).click();
  await page.getByRole('textbox', { name: 'Link address' }).fill('frostline.example/savings');
  if (shots) await page.screenshot({ path: `${shots}/link-words.png` });
  await page.getByRole('button', { name: 'Link', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Paragraph 1' })).toHaveValue(
    'Saved for {{client.name}}',
  );

  // Moved with the mouse, then made wider by its right handle.
  const fromLeft = page.getByRole('textbox', { name: 'From left' });
  const width = page.getByRole('textbox', { name: 'Width' });
  const left = Number(await fromLeft.inputValue());
  const wide = Number(await width.inputValue());
  // The box is named by its text, which now starts with the binding.
  const textBox = canvas.getByRole('button', { name: 'Text: Saved for {{client.name}}' });
  const start = (await textBox.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 8; step += 1) {
    await page.mouse.move(start.x + start.width / 2 + step * 5, start.y + start.height / 2 + step);
  }
  await page.mouse.up();
  await expect.poll(async () => Number(await fromLeft.inputValue())).toBeGreaterThan(left + 30);
  const handle = page.locator('.moveable-control.moveable-e');
  const grip = (await handle.boundingBox())!;
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 8; step += 1) {
    await page.mouse.move(grip.x + grip.width / 2 + step * 8, grip.y + grip.height / 2);
  }
  await page.mouse.up();
  await expect.poll(async () => Number(await width.inputValue())).toBeGreaterThan(wide + 50);

  // A picture: added, uploaded, then moved and made larger with the mouse.
  await page.getByRole('button', { name: 'Picture', exact: true }).click();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'team.png',
    mimeType: 'image/png',
    buffer: Buffer.from(GREEN_PNG, 'base64'),
  });
  await expect(page.getByRole('textbox', { name: 'Picture address' })).toHaveValue(
    /^\/api\/uploads\//,
  );
  const picture = canvas.getByRole('button', { name: 'Picture' });
  const pictureLeft = Number(await fromLeft.inputValue());
  const pictureWidth = Number(await width.inputValue());
  const at = (await picture.boundingBox())!;
  await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 8; step += 1) {
    await page.mouse.move(at.x + at.width / 2 - step * 5, at.y + at.height / 2 + step * 3);
  }
  await page.mouse.up();
  await expect.poll(async () => Number(await fromLeft.inputValue())).toBeLessThan(pictureLeft - 30);
  const corner = (await page.locator('.moveable-control.moveable-se').boundingBox())!;
  await page.mouse.move(corner.x + corner.width / 2, corner.y + corner.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 8; step += 1) {
    await page.mouse.move(
      corner.x + corner.width / 2 + step * 4,
      corner.y + corner.height / 2 + step * 3,
    );
  }
  await page.mouse.up();
  await expect
    .poll(async () => Number(await width.inputValue()))
    .toBeGreaterThan(pictureWidth + 20);

  // Undo takes the picture's four steps back (resize, move, upload, add); redo brings them again.
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(canvas.getByRole('button', { name: 'Picture' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Redo' }).click();
  await page.getByRole('button', { name: 'Redo' }).click();
  await page.getByRole('button', { name: 'Redo' }).click();
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(canvas.getByRole('button', { name: 'Picture' })).toHaveCount(1);

  // A chart, its figures pasted from a spreadsheet.
  await page.getByRole('button', { name: 'Chart', exact: true }).click();
  await page.getByRole('textbox', { name: 'Chart title' }).fill('Energy per site');
  await page
    .getByRole('textbox', { name: 'Figures' })
    .fill('\tBefore\tAfter\nNorth store\t120\t90\nSouth store\t135\t80');
  await expect(page.getByText('2 categories, 2 series.')).toBeVisible();
  await expect(canvas.getByRole('button', { name: 'Chart: Energy per site' })).toBeVisible();

  // The live preview is the engine's drawing of the draft.
  await expect(page.getByRole('img', { name: 'The slide as it will look' })).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/slide-editor.png`, fullPage: true });
  expect(await violations(page, 'slide-editor'), 'slide editor').toEqual([]);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved to the draft' })).toBeVisible();

  await page.getByRole('link', { name: 'Library' }).click();
  await expect(page.getByText('Edited slide “Sustainability impact”')).toBeVisible();
  // Not published yet: reps still build from the version before.
  expect(await pdfText(repApi, await makeDeck(repApi, 'Still before'))).not.toContain(
    'Greener with Frostline',
  );

  // The picture and the chart now lie over the slide's words: preflight says so, and the editor
  // publishes past it, saying why.
  await publishLibrary(page, 'Sustainability slide speaks to the client', {
    finding: 'A picture lies over the text',
    reason: 'The picture and chart are meant to cover the old figures',
  });

  const after = await makeDeck(repApi, 'After the change');
  const afterText = await pdfText(repApi, after);
  expect(afterText).toContain('Greener with Frostline');
  expect(afterText).toContain('Saved for Northwind Pharmacies');
  expect(await pdfLinks(repApi, after)).toContain('https://frostline.example/savings');
  // The chart's words in the PDF, and a chart of PowerPoint's own in the PPTX.
  expect(afterText).toContain('Energy per site');
  expect(afterText).toContain('North store');
  const pptx = unzipSync(
    new Uint8Array(await (await repApi.get(`/api/decks/${after}/pptx`)).body()),
  );
  const chartPart = Object.keys(pptx).find((name) => /^ppt\/charts\/chart\d+\.xml$/.test(name));
  expect(chartPart, 'a chart part in the PowerPoint').toBeDefined();
  expect(strFromU8(pptx[chartPart!]!)).toContain('<c:v>South store</c:v>');
  const svg = await firstSlideSvg(repApi, after);
  expect(svg).toContain('Greener with Frostline');
  expect(svg).toMatch(/<image[^>]+href="data:image\//);
  // The deck made before keeps what it was made with.
  const beforeText = await pdfText(repApi, before);
  expect(beforeText).toContain('Sustainability impact');
  expect(beforeText).not.toContain('Greener with Frostline');

  // The history brings the previous version back as the newest.
  await page.getByRole('tab', { name: 'History' }).click();
  const versions = page.getByRole('article');
  await expect(versions.first()).toContainText('Sustainability slide speaks to the client');
  await expect(versions.first()).toContainText(editor.name);
  page.once('dialog', (confirm) => void confirm.accept());
  await versions.nth(1).getByRole('button', { name: 'Restore' }).click();
  await expect(versions.first()).toContainText(/Restored version \d+/);
  expect(await pdfText(repApi, await makeDeck(repApi, 'Restored'))).not.toContain(
    'Greener with Frostline',
  );
  await repApi.dispose();
});

test('a content editor rewords the pricing slide; every product’s pricing slide in new decks follows', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const editor = await createApprovedUser('pricing-editor', 'content_editor');
  const rep = await createApprovedUser('pricing-rep');
  const repApi = await playwrightRequest.newContext({ baseURL: baseURL! });
  await signInViaApi(repApi, rep);
  const pricedDeck = async (deckTitle: string) => {
    const generated = await postJson(repApi, '/api/generate-slides', {
      basicInfo: { deckTitle, clientName: 'Northwind Pharmacies', date: '2031-06-15' },
      productSelection: {
        selectedProducts: [
          { id: 'controller', quantity: 2, customPricing: 199 },
          { id: 'data_logger', quantity: 12, customPricing: 129 },
        ],
        includePricing: true,
      },
      templateCustomization: { selectedSlides: ['title'] },
    });
    expect(generated.status(), await generated.text()).toBe(201);
    return ((await generated.json()) as { presentationId: string }).presentationId;
  };
  const before = await pricedDeck('Priced before');

  await signInViaApi(page.request, editor);
  await page.goto('/admin/library');
  // The pricing slide is a library slide, drawn once per priced product rather than chosen. (The
  // page draws every slide's thumbnail while the server still renders the deck just made: on a
  // busy two-core machine the cards took over 10 s to appear.)
  const card = page.getByRole('article', { name: 'Pricing (one per product)' });
  await expect(card.getByText('One per priced product')).toBeVisible({ timeout: 30_000 });
  // Its thumbnail is drawn by the engine with a sample product's pricing.
  const thumbnail = card.locator('img');
  await thumbnail.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      thumbnail.evaluate((img) => {
        const image = img as unknown as { complete: boolean; naturalWidth: number };
        return image.complete ? image.naturalWidth : 0;
      }),
    )
    .toBeGreaterThan(0);
  if (shots) await card.screenshot({ path: `${shots}/pricing-slide-card.png` });
  await expect(
    page.getByRole('article', { name: 'Quote summary' }).getByText('With pricing'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Edit Pricing (one per product)' }).click();
  await expect(page.getByRole('combobox', { name: 'In a deck' })).toHaveValue(
    'Once per priced product (its pricing bindings)',
  );
  await page
    .getByRole('group', { name: 'Slide canvas' })
    .getByRole('button', { name: 'Table' })
    .click();
  await expect(page.getByRole('textbox', { name: 'Row 1, column 1' })).toHaveValue('List price');
  const label = page.getByRole('textbox', { name: 'Row 2, column 1' });
  await expect(label).toHaveValue('Your price');
  await label.fill('Price per unit');
  await expect(page.getByRole('img', { name: 'The slide as it will look' })).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/pricing-slide-editor.png`, fullPage: true });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved to the draft' })).toBeVisible();

  await page.getByRole('link', { name: 'Library' }).click();
  await publishLibrary(page, 'Pricing slide says price per unit');

  // Both products' pricing slides say it; their figures and the quote summary are as before.
  const afterText = await pdfText(repApi, await pricedDeck('Priced after'));
  expect(afterText.match(/Price per unit/g)).toHaveLength(2);
  expect(afterText).toContain('Controller: your investment');
  expect(afterText).toContain('Data Logger: your investment');
  expect(afterText).toContain('Quote summary');
  const beforeText = await pdfText(repApi, before);
  expect(beforeText).not.toContain('Price per unit');
  expect(beforeText.match(/Your price/g)?.length).toBeGreaterThanOrEqual(2);

  // Restored, so the other browser tests' decks are priced with the built-in wording.
  await page.getByRole('tab', { name: 'History' }).click();
  const versions = page.getByRole('article');
  await expect(versions.first()).toContainText('Pricing slide says price per unit');
  page.once('dialog', (confirm) => void confirm.accept());
  await versions.nth(1).getByRole('button', { name: 'Restore' }).click();
  await expect(versions.first()).toContainText(/Restored version \d+/);
  await repApi.dispose();
});

// The studio's undo takes back what a person did, not each key: a word typed is one step.
// Nothing is saved, so the draft stays as it was.
test('an editor types a word into a text, and one undo takes the whole word back; redo brings it back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const editor = await createApprovedUser('undo-editor', 'content_editor');
  await signInViaApi(page.request, editor);
  await page.goto('/admin/library');
  await page.getByRole('link', { name: 'Edit About Frostline' }).click();
  const box = page
    .getByRole('group', { name: 'Slide canvas' })
    .getByRole('button', { name: 'Text: We keep food, medicine and' });
  // The editor's code loads on first use: slow on a busy machine.
  await expect(box).toBeVisible({ timeout: 30_000 });
  await box.click();
  const text = page.getByRole('textbox', { name: 'Text' });
  const before = await text.inputValue();

  await text.focus();
  await page.keyboard.press('Control+End');
  await text.pressSequentially(' Always');
  await expect(text).toHaveValue(`${before} Always`);
  if (shots) await page.screenshot({ path: `${shots}/studio.png`, fullPage: true });

  await page.keyboard.press('Control+Z');
  await expect(text).toHaveValue(before);
  // That was the only step: the text is as the slide was opened.
  await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();
  await expect(page.getByText('Unsaved changes')).toBeHidden();

  await page.keyboard.press('Control+Shift+Z');
  await expect(text).toHaveValue(`${before} Always`);
  await expect(page.getByRole('button', { name: 'Redo' })).toBeDisabled();
});

test('a content editor previews a new brand on slides, saves it to the draft and discards it', async ({
  page,
}) => {
  // Four accessibility checks (4–7 s each beside the other worker in CI) and a preview per change.
  test.setTimeout(120_000);
  const editor = await createApprovedUser('editor', 'content_editor');
  await signInViaApi(page.request, editor);
  await page.goto('/admin/library');
  await page.getByRole('link', { name: 'Brand' }).click();
  await expect(page.getByRole('heading', { name: 'Brand' })).toBeVisible();
  const name = page.getByRole('textbox', { name: 'Company name' });
  await name.fill('Polaris Cold Chain');
  const primary = page.getByRole('textbox', { name: 'Primary', exact: true });
  await primary.fill('#5B2A86');
  // The colour picker under the field closes when it loses focus.
  await primary.press('Escape');
  await name.click();
  await page.locator('input[type="file"][accept^="image/"]').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from(GREEN_PNG, 'base64'),
  });
  await expect(page.getByRole('img', { name: 'Polaris Cold Chain logo' })).toBeVisible();
  // The preview is the engine's drawing of the draft's slides with the new brand.
  const titleSlide = page.getByRole('img', { name: 'Title, with this brand' });
  await expect(titleSlide).toBeVisible();
  await expect
    .poll(async () => decodeURIComponent((await titleSlide.getAttribute('src')) ?? ''))
    .toContain('#5B2A86');
  await expect
    .poll(async () => decodeURIComponent((await titleSlide.getAttribute('src')) ?? ''))
    .toContain('Polaris Cold Chain logo');
  // The company's own font, as WOFF2: named by the file, and the preview is set in it.
  const fontFiles = page.locator('input[type="file"][accept^=".ttf"]');
  await fontFiles.first().setInputFiles({
    name: 'Lora-Regular.woff2',
    mimeType: 'font/woff2',
    buffer: readFileSync(
      createRequire(import.meta.url).resolve('@fontsource/lora/files/lora-latin-400-normal.woff2'),
    ),
  });
  await expect(page.getByRole('table', { name: 'Font files' })).toContainText('Lora Regular');
  await expect
    .poll(async () => decodeURIComponent((await titleSlide.getAttribute('src')) ?? ''))
    .toMatch(/id="brand-[0-9a-f]{12}-r/);
  if (shots) await page.screenshot({ path: `${shots}/brand.png`, fullPage: true });
  expect(await violations(page, 'brand-page'), 'brand page').toEqual([]);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved to the draft' })).toBeVisible();

  await page.getByRole('link', { name: 'Library' }).click();
  await expect(page.getByText('Changed the brand')).toBeVisible();
  await page.getByRole('tab', { name: /^Categories/ }).click();
  await expect(page.getByRole('textbox', { name: 'Category 1' })).toHaveValue('Introduction');
  expect(await violations(page, 'categories'), 'categories').toEqual([]);
  page.once('dialog', (confirm) => void confirm.accept());
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.getByText('Changed the brand')).toHaveCount(0);
});

test('reps and managers cannot open the library', async ({ page }) => {
  const rep = await createApprovedUser('rep');
  await signInViaApi(page.request, rep);
  await page.goto('/admin/library');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('link', { name: 'Content library' })).toHaveCount(0);
});

/** Pages of a PDF file. */
async function pageCount(bytes: Uint8Array) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await pdfjs.getDocument({ data: bytes, verbosity: 0 }).promise;
  const pages = pdf.numPages;
  await pdf.destroy();
  return pages;
}

test('an editor imports a PowerPoint: maps its field to the client, imports four slides and publishes; a rep’s deck shows them', async ({
  page,
  baseURL,
  browser,
}) => {
  test.skip(!existsSync(join(corpus, 'aptia.pptx')), `the PowerPoint corpus is not at ${corpus}`);
  // A minute alone (LibreOffice draws each of the nine slides); up to 2.4 min beside the other
  // worker's tests on a two-core machine.
  test.setTimeout(240_000);
  const editor = await createApprovedUser('importer', 'content_editor');
  await signInViaApi(page.request, editor);
  await page.goto('/admin/library');
  await page.getByRole('link', { name: 'Import PowerPoint' }).click();
  await expect(page.getByRole('heading', { name: 'Import PowerPoint' })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'Aptia_Quarterly_Business_Review_for_the_Board_final.pptx',
    mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    buffer: aptiaWithField(),
  });

  // Read on the server; each slide comes back drawn by our engine.
  const slides = page.getByRole('list', { name: 'Slides found' });
  await expect(slides).toBeVisible({ timeout: 120_000 });
  /** The candidate of slide N (its own lists are inside it). */
  const candidate = (number: number) =>
    slides.getByRole('listitem').filter({
      has: page.getByRole('checkbox', { name: `Import slide ${number}`, exact: true }),
    });
  await expect(slides.getByRole('checkbox', { name: /^Import slide \d+$/ })).toHaveCount(9);
  const cover = candidate(1);
  await expect(cover.getByRole('img', { name: 'Slide 1 as imported' })).toBeVisible();
  await expect(cover).toContainText('Arial is drawn in Arimo');
  const field = cover.getByRole('combobox', { name: '{{Client Name}}' });
  await expect(field).toHaveValue('Client name');
  if (shots) await page.screenshot({ path: `${shots}/import.png`, fullPage: true });
  expect(await violations(page, 'import-page'), 'import page').toEqual([]);
  // The file's long name breaks in the heading rather than widen the page.
  expect(await widthOnAPhone(page, cover)).toBeLessThanOrEqual(390);

  // Four slides, titled so this test finds them again.
  const run = Date.now().toString(36);
  await page.getByRole('button', { name: 'Choose none' }).click();
  const chosen = [
    [1, `Aptia cover ${run}`],
    [2, `Aptia overview ${run}`],
    [4, `Aptia stages ${run}`],
    [6, `Aptia steps ${run}`],
  ] as const;
  for (const [number, title] of chosen) {
    await page.getByRole('checkbox', { name: `Import slide ${number}` }).check();
    await candidate(number).getByRole('textbox', { name: 'Title' }).fill(title);
  }
  await page.getByRole('button', { name: 'Import 4 slides into the draft' }).click();
  await expect(page).toHaveURL(/\/admin\/library$/);
  // (On a retry the same slides replace those the first attempt imported, and it says so.)
  await expect(page.getByText(/^4 slides imported into the draft/)).toBeVisible();

  await publishLibrary(page, 'Slides imported from the Aptia deck');

  // A rep builds a deck from the four imported slides.
  const library = (await (await page.request.get('/api/library')).json()) as {
    slides: { id: string; title: string }[];
  };
  const ids = chosen.map(([, title]) => library.slides.find((s) => s.title === title)!.id);
  const rep = await createApprovedUser('rep');
  const repApi = await playwrightRequest.newContext({ baseURL: baseURL! });
  await signInViaApi(repApi, rep);
  const generated = await postJson(repApi, '/api/generate-slides', {
    basicInfo: {
      deckTitle: 'Imported slides',
      clientName: 'Northwind Pharmacies',
      date: '2031-06-15',
    },
    productSelection: {
      selectedProducts: [{ id: 'controller', quantity: 1, customPricing: 199 }],
      includePricing: false,
    },
    templateCustomization: { selectedSlides: ids },
  });
  expect(generated.status(), await generated.text()).toBe(201);
  const deckId = ((await generated.json()) as { presentationId: string }).presentationId;
  const text = await pdfText(repApi, deckId);
  expect(text).toContain('Northwind Pharmacies');
  expect(text).not.toContain('Client Name');
  expect(text).not.toContain('Senior Deputy President Acton');
  expect(text).toContain('Role of the Fair Work Commission');
  expect(text).toContain('Award modernisation overview');
  expect(text).toContain('Stage 1 — March 2014 to mid-2015');

  // The PPTX opens in LibreOffice without a repair: converted headless, every slide there.
  const pptx = await repApi.get(`/api/decks/${deckId}/pptx`);
  expect(pptx.status()).toBe(200);
  const dir = mkdtempSync(join(tmpdir(), 'deck-portal-import-'));
  try {
    writeFileSync(join(dir, 'deck.pptx'), await pptx.body());
    execFileSync(
      process.env.SOFFICE ?? 'soffice',
      [
        '--headless',
        `-env:UserInstallation=file://${join(dir, 'profile')}`,
        '--convert-to',
        'pdf',
        '--outdir',
        dir,
        join(dir, 'deck.pptx'),
      ],
      { timeout: 120_000, stdio: 'ignore' },
    );
    expect(await pageCount(new Uint8Array(readFileSync(join(dir, 'deck.pdf'))))).toBe(4);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  // The client's page: the linked line on the second slide opens its page in a new tab.
  const created = await postJson(repApi, `/api/decks/${deckId}/client-links`, {
    recipientName: 'Casey Client',
    recipientEmail: 'casey@client.example',
    sendEmail: false,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { url, link: clientLink } = (await created.json()) as {
    url: string;
    link: { id: string };
  };
  const clientContext = await browser.newContext();
  try {
    const client = await clientContext.newPage();
    await client.goto(url);
    await expect(client.getByText('Slide 1 of 4')).toBeVisible();
    await client.getByRole('button', { name: 'Next slide' }).click();
    const link = client.getByRole('link', { name: '2012-13 — Transitional review' });
    await expect(link).toHaveAttribute('href', reviewAddress);
    await expect(link).toHaveAttribute('target', '_blank');
    // Over the words on the slide's picture: in its left half, below its title.
    const slideBox = (await client.getByRole('img', { name: 'Slide 2 of 4' }).boundingBox())!;
    const linkBox = (await link.boundingBox())!;
    expect(linkBox.x).toBeGreaterThan(slideBox.x);
    expect(linkBox.x + linkBox.width).toBeLessThan(slideBox.x + slideBox.width * 0.6);
    expect(linkBox.y).toBeGreaterThan(slideBox.y + slideBox.height * 0.2);
    expect(linkBox.height).toBeLessThan(slideBox.height * 0.1);
    await link.hover();
    if (shots) await client.screenshot({ path: `${shots}/import-client-link.png` });
    // The client opens it (in a tab of its own); the rep sees which link was opened, and where.
    // The page itself is out of reach here: the tab is closed as it opens.
    await clientContext.route(reviewAddress, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Review</title>' }),
    );
    // The page reports the click while the new tab opens: the client's browser is closed only
    // once the server has answered it (a busy machine may take a while to).
    const clickStored = client.waitForResponse(
      (response) =>
        response.url().endsWith('/link-clicks') && response.request().method() === 'POST',
      { timeout: 60_000 },
    );
    const [opened] = await Promise.all([clientContext.waitForEvent('page'), link.click()]);
    expect((await clickStored).status()).toBe(204);
    await opened.close();
  } finally {
    await clientContext.close();
  }
  const analyticsPath = `/api/decks/${deckId}/client-links/${clientLink.id}/analytics`;
  await expect
    .poll(
      async () => ((await (await repApi.get(analyticsPath)).json()) as AnalyticsBody).linkClicks,
      { timeout: 30_000 },
    )
    .toEqual([
      expect.objectContaining({
        slide: 2,
        text: '2012-13 — Transitional review',
        href: reviewAddress,
        clicks: 1,
      }),
    ]);
  await signInViaApi(page.request, rep);
  await page.goto(`/deck/${deckId}/links/${clientLink.id}`);
  const opened = page.getByRole('table', { name: 'Links opened' });
  await expect(opened.getByRole('row').nth(1)).toContainText('2012-13 — Transitional review');
  await expect(opened.getByRole('row').nth(1)).toContainText('1 click');
  if (shots) {
    await opened.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/links-opened.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await opened.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/links-opened-phone.png` });
  }
  expect(await violations(page), 'link analytics').toEqual([]);
  await repApi.dispose();
});

type AnalyticsBody = {
  linkClicks: { slide: number; text: string; href: string; clicks: number }[];
};

// A category's name files slides for the library; its client label is what a client reads on
// the slides. An editor changes the label in the studio, publishes, and a rep's next deck says it.
test('an editor gives a category a new client label; the next deck’s kicker and agenda say it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const editor = await createApprovedUser('labels-editor', 'content_editor');
  const rep = await createApprovedUser('labels-rep');
  const repApi = await playwrightRequest.newContext({ baseURL: baseURL! });
  await signInViaApi(repApi, rep);

  await signInViaApi(page.request, editor);
  await page.goto('/admin/library');
  await page.getByRole('tab', { name: /^Categories/ }).click();
  const label = page.getByRole('textbox', { name: 'Client label of Strategy' });
  await expect(label).toHaveValue('The plan');
  await expect(page.getByRole('textbox', { name: 'Client label of Sales' })).toHaveValue(
    'Your investment',
  );
  await label.fill('Your roll-out');
  if (shots) await page.screenshot({ path: `${shots}/category-labels.png`, fullPage: true });
  expect(await violations(page, 'category-labels'), 'categories').toEqual([]);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved to the draft' })).toBeVisible();

  await publishLibrary(page, 'The plan reads as the client’s roll-out');

  const generated = await postJson(repApi, '/api/generate-slides', {
    basicInfo: { deckTitle: 'Labels', clientName: 'Northwind Pharmacies', date: '2031-06-15' },
    productSelection: {
      selectedProducts: [{ id: 'controller', quantity: 2, customPricing: 199 }],
      includePricing: false,
    },
    templateCustomization: { selectedSlides: ['agenda', 'deployment-plan'] },
  });
  expect(generated.status(), await generated.text()).toBe(201);
  const { presentationId } = (await generated.json()) as { presentationId: string };
  const text = await pdfText(repApi, presentationId);
  expect(text).toContain('YOUR ROLL-OUT');
  expect(text).toContain('Your roll-out');
  expect(text).not.toMatch(/STRATEGY|Strategy/);
  await repApi.dispose();
});

// Preflight before publishing: the editor is told what a client should not read, and must say
// why it may go out as it is. Its words are put back before the test ends.
test.describe('preflight before publishing', () => {
  // Publishing past a finding without a reason is refused: the browser logs the 409.
  test.use({ allowedConsoleErrors: [failedResourceError(409)] });

  test('an editor adds a TODO to a slide and is warned before publishing', async ({ page }) => {
    test.setTimeout(120_000);
    const editor = await createApprovedUser('preflight-editor', 'content_editor');
    await signInViaApi(page.request, editor);
    await page.goto('/admin/library');
    await expect(page.getByRole('heading', { name: 'Content library' })).toBeVisible();

    await page.getByRole('link', { name: 'Edit Market trends 2026' }).click();
    const heading = page.getByRole('textbox', { name: 'Heading', exact: true });
    // The editor's code loads on first use: slow on a busy machine.
    await expect(heading).toHaveValue('Market trends 2026', { timeout: 30_000 });
    await heading.fill('TODO: market trends for 2026');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved to the draft' })).toBeVisible();

    try {
      await page.getByRole('link', { name: 'Library' }).click();
      // On the slide's card in the list…
      const card = page.getByRole('article', { name: 'Market trends 2026' });
      await expect(card.getByText('Preflight: 1 thing to check')).toBeVisible();
      await expect(card).toContainText(
        'The text “TODO: market trends for 2026” still holds placeholder words (“TODO”)',
      );
      // …and in the publish dialog, which asks why it may go out as it is.
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Publish the library' });
      await expect(
        dialog.getByText('Preflight: 1 thing to check before a client sees these slides'),
      ).toBeVisible();
      await expect(dialog.getByRole('list', { name: 'Preflight findings' })).toContainText(
        'Slide 4 · Market trends 2026: The text “TODO: market trends for 2026” still holds placeholder words',
      );
      await expect(dialog.getByLabel('Why they may go out as they are')).toBeVisible();
      if (shots) await page.screenshot({ path: `${shots}/preflight-publish.png` });

      // Publishing without a reason is refused, and says what to give.
      await dialog.getByLabel('What changed').fill('Trends heading');
      await dialog.getByRole('button', { name: 'Publish anyway' }).click();
      await expect(dialog.getByText('Say why the slides may go out as they are.')).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    } finally {
      // The words as they were: the draft has nothing of this test left to publish.
      await page.goto('/admin/library');
      await page.getByRole('link', { name: 'Edit Market trends 2026' }).click();
      const again = page.getByRole('textbox', { name: 'Heading', exact: true });
      await expect(again).toHaveValue(/market trends/i, { timeout: 30_000 });
      await again.fill('Market trends 2026');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Saved to the draft' }),
      ).toBeVisible();
    }
    await page.getByRole('link', { name: 'Library' }).click();
    await expect(page.getByRole('article', { name: 'Market trends 2026' })).not.toContainText(
      'thing to check',
    );
  });
});

test('a Japanese translation published shows in a new Japanese deck', translateAndPublish);
