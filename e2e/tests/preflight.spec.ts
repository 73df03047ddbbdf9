import {
  createApprovedUser,
  expect,
  failedResourceError,
  postJson,
  signInViaApi,
  test,
} from '../fixtures.ts';

// Preflight: what a client should not read is named before it goes out — to the editor before
// publishing, to the rep before sending a client link. The library slide edited here is one no
// other browser test uses, and its words are put back before the test ends (the draft is shared).

const shots = process.env.E2E_SCREENSHOTS_DIR;
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
    await expect(page.getByRole('status').filter({ hasText: 'Saved to the draft' })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Library' }).click();
  await expect(page.getByRole('article', { name: 'Market trends 2026' })).not.toContainText(
    'thing to check',
  );
});

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
