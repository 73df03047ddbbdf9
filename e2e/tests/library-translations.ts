import type { Page } from '@playwright/test';
import { createApprovedUser, expect, postJson, signInViaApi, test } from '../fixtures.ts';

// A browser test of library.spec.ts, kept apart for its length: every test that publishes the
// library's shared draft runs in that file, one after another.

// The library's languages in the studio (issue 50): a content editor writes a Japanese
// translation of a slide's text beside the English, publishes the library, and a rep's new
// Japanese deck shows it. The slide is one no other browser test edits.

const TRANSLATED_SLIDE = 'leadership';
const shots = process.env.E2E_SCREENSHOTS_DIR;

type Texts = { texts: { id: string; source: string; target: string }[] };

export async function translateAndPublish({ page }: { page: Page }) {
  test.setTimeout(180_000);
  const editor = await createApprovedUser('translator', 'content_editor');
  await signInViaApi(page.request, editor);
  // The slide's first text with words of its own and no binding: the one to translate.
  const listed = await page.request.get(`/api/library/translations/ja?slide=${TRANSLATED_SLIDE}`);
  expect(listed.status(), await listed.text()).toBe(200);
  const text = ((await listed.json()) as Texts).texts.find(
    (entry) => !entry.source.includes('{{'),
  )!;
  const translation = `翻訳テスト ${Date.now().toString(36)}`;

  await page.goto('/admin/library');
  await page.getByRole('link', { name: 'Languages' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Languages' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Language', exact: true }).click();
  await page.getByRole('option', { name: /^Japanese/ }).click();
  const title = (
    await page.request.get(`/api/library/slides/${TRANSLATED_SLIDE}`).then((r) => r.json())
  ).document.title as string;
  await page
    .getByRole('navigation', { name: 'Texts of' })
    .getByText(title, { exact: true })
    .click();
  const field = page.getByRole('textbox', { name: `Japanese for “${text.source}”` });
  await expect(field).toHaveValue(text.target);
  await expect(field).toHaveAttribute('lang', 'ja');
  await field.fill('');
  await expect(page.getByText('Missing', { exact: true })).toBeVisible();
  await field.fill(translation);
  await expect(page.getByText('1 changed, not saved yet')).toBeVisible();
  await page.getByRole('button', { name: 'Save translations' }).click();
  await expect(page.getByText('Type a translation beside its text.')).toBeVisible();
  await expect(field).toHaveValue(translation);
  if (shots) await page.screenshot({ path: `${shots}/studio-languages-ja.png`, fullPage: true });

  // Published from the library page, as every change to the library is.
  await page.getByRole('link', { name: 'Content library' }).click();
  await expect(page.getByText('Changed the Japanese translations')).toBeVisible();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish the library' });
  await dialog.getByLabel('What changed').fill('Japanese leadership text');
  const anyway = dialog.getByLabel('Why they may go out as they are');
  if (await anyway.isVisible()) {
    await anyway.fill('Checked by the translator');
    await dialog.getByRole('button', { name: 'Publish anyway' }).click();
  } else {
    await dialog.getByRole('button', { name: /^Publish version/ }).click();
  }
  await expect(
    page.getByRole('status').filter({ hasText: /Version \d+ is published/ }),
  ).toBeVisible();

  // A rep's new deck for Japan, in Japanese, shows the translation on that slide.
  const rep = await createApprovedUser('japan-rep');
  const repContext = page.context().request;
  await signInViaApi(repContext, rep);
  const generated = await postJson(repContext, '/api/generate-slides', {
    basicInfo: {
      deckTitle: 'Osaka cold chain',
      clientName: 'Osaka Pharmacies',
      date: '2031-06-15',
      market: 'JP',
      language: 'ja',
    },
    productSelection: {
      selectedProducts: [{ id: 'controller', quantity: 2, customPricing: 29_900 }],
      includePricing: false,
    },
    templateCustomization: { selectedSlides: [TRANSLATED_SLIDE] },
  });
  expect(generated.status(), await generated.text()).toBe(201);
  const { presentationId } = (await generated.json()) as { presentationId: string };
  const slides = await repContext.get(`/api/decks/${presentationId}/slides`);
  const { slides: list } = (await slides.json()) as { slides: { url: string }[] };
  const svgs = await Promise.all(
    list.map(async (slide) => (await repContext.get(slide.url)).text()),
  );
  expect(svgs.join('\n')).toContain(translation);
}
