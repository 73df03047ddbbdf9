import {
  createApprovedUser,
  expect,
  failedResourceError,
  postJson,
  signInViaApi,
  test,
} from '../fixtures.ts';

// Preflight: what a client should not read is named before it goes out, to the rep before
// sending a client link. (The editor's side, before publishing, is in library.spec.ts: the
// library's draft is shared, so the tests that change it run one after another there.)

const shots = process.env.E2E_SCREENSHOTS_DIR;
// Publishing past a finding without a reason is refused: the browser logs the 409.
test.use({ allowedConsoleErrors: [failedResourceError(409)] });

test('a rep is told what concerns their deck before sending a client link, and may go on', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const rep = await createApprovedUser('preflight-rep');
  await signInViaApi(page.request, rep);
  // The rep's own custom slide still holds a note to self.
  const generated = await postJson(page.request, '/api/generate-slides', {
    basicInfo: {
      deckTitle: 'Preflight deck',
      clientName: 'Harbor Fresh Foods',
      date: '2031-06-15',
    },
    productSelection: {
      selectedProducts: [{ id: 'controller', quantity: 2, customPricing: 199 }],
      includePricing: false,
    },
    templateCustomization: {
      selectedSlides: ['title', 'thank-you'],
      customSlides: [
        {
          id: 'c1',
          layoutId: 'title-body',
          layoutName: 'Title and body',
          placeholders: [
            { objectId: 'title', label: 'Title', type: 'TITLE' },
            { objectId: 'body', label: 'Body', type: 'BODY' },
          ],
          placeholderContent: {
            title: 'Your rollout',
            body: 'Rollout dates TBD with your facilities team.',
          },
        },
      ],
    },
  });
  expect(generated.status(), await generated.text()).toBe(201);
  const { presentationId } = (await generated.json()) as { presentationId: string };

  await page.goto(`/deck/${presentationId}/preview`);
  const notice = page
    .getByRole('alert')
    .filter({ hasText: 'Before you send it: 1 thing to check' });
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await expect(notice).toContainText('Slide 2 · Your rollout:');
  await expect(notice).toContainText('placeholder words (“TBD”)');

  await page.getByRole('button', { name: 'Create client link' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Before you send it: 1 thing to check')).toBeVisible();
  await expect(dialog).toContainText('You can still send the link.');
  if (shots) await page.screenshot({ path: `${shots}/preflight-client-link.png` });
  // A warning, not a lock: the link is made.
  await dialog.getByLabel('Recipient name').fill('Jane Client');
  await dialog.getByLabel('Recipient e-mail').fill('jane@harborfresh.example');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(dialog.getByLabel('Client link')).toHaveValue(/\/v\//);
});
