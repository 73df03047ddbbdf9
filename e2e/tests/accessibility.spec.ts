import { request as playwrightRequest } from '@playwright/test';
import {
  createApprovedUser,
  expect,
  firstAdmin,
  postJson,
  seedPictureDraft,
  signInViaApi,
  signUpViaApi,
  test,
  uniqueUser,
  violations,
} from '../fixtures.ts';

test('the sign-in, sign-up, pending and 404 pages pass WCAG 2.1 AA checks', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(await violations(page), '/auth sign in').toEqual([]);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByLabel('Full Name')).toBeVisible();
  expect(await violations(page), '/auth sign up').toEqual([]);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('button', { name: 'Send reset email' })).toBeVisible();
  expect(await violations(page), '/auth forgot password').toEqual([]);
  for (const form of ['/auth/reset?token=abc', '/auth/invite?token=abc']) {
    await page.goto(form);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(await violations(page), form).toEqual([]);
  }
  await page.goto('/unapproved');
  await expect(page.getByRole('heading', { name: 'Account Pending Approval' })).toBeVisible();
  expect(await violations(page), '/unapproved').toEqual([]);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  expect(await violations(page), '404').toEqual([]);
});

test('the dashboard and the admin portal pass WCAG 2.1 AA checks', async ({ page }) => {
  // A pending sign-up, so the admin portal shows both lists filled.
  const visitor = await playwrightRequest.newContext();
  await signUpViaApi(visitor, uniqueUser('pending'));
  await visitor.dispose();
  await signInViaApi(page.request, firstAdmin());
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  expect(await violations(page), '/dashboard').toEqual([]);
  await page.getByRole('link', { name: 'Read the guide' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'How Deck Portal works' }),
  ).toBeVisible();
  expect(await violations(page), '/help').toEqual([]);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Approved Users' })).toBeVisible();
  expect(await violations(page), '/admin').toEqual([]);
  await page.getByRole('button', { name: 'Invite User' }).click();
  // Checked once the dialog has faded in: a half-transparent dialog has lower contrast.
  await expect(page.getByRole('dialog')).toHaveCSS('opacity', '1');
  expect(await violations(page), '/admin invite dialog').toEqual([]);
});

test('the deck wizard passes WCAG 2.1 AA checks at every step', async ({ page }) => {
  test.setTimeout(90_000);
  await signInViaApi(page.request, await createApprovedUser('a11y'));
  await page.goto('/create-deck/basic-info');
  await expect(page.getByLabel('Deck Title')).toBeVisible();
  expect(await violations(page), 'basic info').toEqual([]);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Deck title is required')).toBeVisible();
  expect(await violations(page), 'basic info with errors').toEqual([]);
  await page.getByLabel('Deck Title').fill('Accessible proposal');
  await page.getByLabel('Client Name').fill('Polar Foods');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/create-deck\/product-selection$/);
  await page.getByRole('checkbox', { name: 'Data Logger' }).check();
  expect(await violations(page), 'products').toEqual([]);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/create-deck\/customize$/);
  await expect(page.getByText(/^\d+ of \d+ selected$/)).toBeVisible();
  expect(await violations(page), 'customize').toEqual([]);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/create-deck\/generate$/);
  await expect(page.getByRole('button', { name: 'Generate Presentation' })).toBeVisible();
  expect(await violations(page), 'generate').toEqual([]);

  // The unfinished deck on the dashboard, with its Draft badge.
  await page.goto('/dashboard');
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  expect(await violations(page), 'dashboard with a draft').toEqual([]);
});

test('the deck preview and the deck view pass WCAG 2.1 AA checks', async ({ page }) => {
  test.setTimeout(90_000);
  await signInViaApi(page.request, await createApprovedUser('a11y'));
  // The client's name has a character no font of the deck has, so the preview also shows its
  // generation notes (a yellow alert).
  const generated = await postJson(page.request, '/api/generate-slides', {
    basicInfo: {
      deckTitle: 'Accessible proposal',
      clientName: 'Polar Foods 東京 \u0378',
      date: '2031-06-15',
    },
    productSelection: {
      selectedProducts: [{ id: 'data_logger', quantity: 20, customPricing: 29.99 }],
      includePricing: true,
    },
    templateCustomization: { selectedSlides: ['title', 'agenda', 'thank-you'] },
  });
  expect(generated.status(), await generated.text()).toBe(201);
  const { presentationId } = (await generated.json()) as { presentationId: string };

  await page.goto(`/deck/${presentationId}/preview`);
  await expect(page.getByRole('heading', { name: 'Accessible proposal' })).toBeVisible();
  await expect(page.getByText(/no characters for U\+0378/)).toBeVisible();
  expect(await violations(page), 'preview').toEqual([]);
  await page.goto(`/deck/${presentationId}/view`);
  await expect(page.getByText('Slide 1 of 5')).toBeVisible();
  expect(await violations(page), 'view').toEqual([]);
});

test('client links pass WCAG 2.1 AA checks: the panel, its dialog, the analytics page and what the client sees', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInViaApi(page.request, await createApprovedUser('a11y-links'));
  const generated = await postJson(page.request, '/api/generate-slides', {
    basicInfo: { deckTitle: 'Linked proposal', clientName: 'Polar Foods', date: '2031-06-15' },
    productSelection: {
      selectedProducts: [{ id: 'controller', quantity: 1, customPricing: 199 }],
      includePricing: false,
    },
    templateCustomization: { selectedSlides: ['title', 'agenda', 'thank-you'] },
  });
  expect(generated.status(), await generated.text()).toBe(201);
  const { presentationId } = (await generated.json()) as { presentationId: string };
  const makeLink = async (extra: object) => {
    const created = await postJson(page.request, `/api/decks/${presentationId}/client-links`, {
      recipientName: 'Casey Client',
      recipientEmail: 'casey@client.example',
      sendEmail: false,
      ...extra,
    });
    expect(created.status(), await created.text()).toBe(201);
    return (await created.json()) as { url: string; link: { id: string } };
  };
  const open = await makeLink({});
  const guarded = await makeLink({ passcode: 'blue-harbour' });

  // What the client sees, in a browser with no account: the deck, a passcode form, a dead link.
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await client.goto(open.url);
  await expect(client.getByText('Slide 1 of 3')).toBeVisible();
  expect(await violations(client), 'client view').toEqual([]);
  await client.goto(guarded.url);
  await client.getByLabel('Passcode').fill('wrong passcode');
  await client.getByRole('button', { name: 'Open deck' }).click();
  await expect(client.getByText('That passcode is not right.', { exact: false })).toBeVisible();
  expect(await violations(client), 'client passcode form').toEqual([]);
  await client.goto(open.url.replace(/\/v\/.+$/, `/v/${'x'.repeat(43)}`));
  await expect(client.getByRole('heading', { name: 'Link not available' })).toBeVisible();
  expect(await violations(client), 'client link unavailable').toEqual([]);
  await clientContext.close();

  await page.goto(`/deck/${presentationId}/preview`);
  await expect(page.getByRole('region', { name: 'Client links' })).toContainText('Casey Client');
  expect(await violations(page), 'preview with client links').toEqual([]);
  await page.getByRole('button', { name: 'Create client link' }).click();
  await expect(page.getByRole('dialog', { name: 'Create client link' })).toBeVisible();
  await page.getByRole('button', { name: 'Create link' }).click();
  await expect(page.getByText('Recipient name is required.')).toBeVisible();
  expect(await violations(page), 'create client link dialog with errors').toEqual([]);

  await page.goto(`/deck/${presentationId}/links/${open.link.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Casey Client' })).toBeVisible();
  expect(await violations(page), 'link analytics').toEqual([]);
});

test('the outbox and declined sign-ups pass WCAG 2.1 AA checks, wide and on a phone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A declined sign-up, so the admin's Declined list has a row.
  const visitor = await playwrightRequest.newContext();
  const declined = await signUpViaApi(visitor, uniqueUser('declined'));
  await visitor.dispose();
  await signInViaApi(page.request, firstAdmin());
  const decline = await postJson(page.request, `/api/admin/users/${declined.id}/decline`, {});
  expect(decline.status(), await decline.text()).toBe(200);

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    const size = viewport.width < 600 ? 'phone' : 'desktop';
    await page.goto('/admin/outbox');
    await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(await violations(page), `/admin/outbox ${size}`).toEqual([]);
    await page.goto('/admin');
    await page
      .getByRole('region', { name: /^Declined/ })
      .getByRole('button', { name: 'Show' })
      .click();
    await expect(page.getByRole('button', { name: 'Approve after all' }).first()).toBeVisible();
    expect(await violations(page), `/admin declined ${size}`).toEqual([]);
  }
});

test('the profile, the slide library of step 3 and the picture check pass WCAG 2.1 AA checks, wide and on a phone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const rep = await createApprovedUser('a11y-profile');
  await signInViaApi(page.request, rep);
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    const size = viewport.width < 600 ? 'phone' : 'desktop';
    await page.goto('/profile');
    await expect(page.getByLabel('Job title')).toBeVisible();
    expect(await violations(page), `/profile ${size}`).toEqual([]);

    await seedPictureDraft(page, 'http://10.0.0.1/team.png', true);
    await page.goto('/create-deck/customize');
    await page.getByRole('button', { name: 'Expand all' }).click();
    await expect(page.getByText(/^This picture cannot be used/)).toBeVisible();
    expect(await violations(page), `step 3 ${size}`).toEqual([]);
    await page.goto('/create-deck/generate');
    await expect(page.getByRole('heading', { name: 'A picture cannot be used' })).toBeVisible();
    expect(await violations(page), `step 4 picture check ${size}`).toEqual([]);
  }
});
