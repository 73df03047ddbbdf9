import { request as playwrightRequest } from '@playwright/test';
import {
  createApprovedUser,
  expect,
  pdfText,
  postJson,
  signInViaApi,
  test,
  violations,
} from '../fixtures.ts';

// A category's name files slides for the library; its client label is what a client reads on
// the slides. An editor changes the label in the studio, publishes, and a rep's next deck says it.

const shots = process.env.E2E_SCREENSHOTS_DIR;

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

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish the library' });
  await dialog.getByLabel('What changed').fill('The plan reads as the client’s roll-out');
  await dialog.getByRole('button', { name: /^Publish version/ }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /Version \d+ is published/ }),
  ).toBeVisible();

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
