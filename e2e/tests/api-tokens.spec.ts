import { request as playwrightRequest } from '@playwright/test';
import { createApprovedUser, expect, signInViaApi, test, violations } from '../fixtures.ts';

// A rep makes an API token on the page reached from the profile, copies it from where it is
// shown once, and a script (a request context with no cookies) calls the API with it: within
// its scope it answers, outside it 403, and once the rep revokes it on the page, 401.

test('a rep makes an API token, a script uses it, and revoking it stops the script', async ({
  page,
}) => {
  const rep = await createApprovedUser('tokens');
  await signInViaApi(page.request, rep);
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Manage tokens' }).click();
  await expect(page.getByRole('heading', { name: 'API tokens', level: 1 })).toBeVisible();
  await expect(page.getByText('You have no tokens yet.')).toBeVisible();

  await page.getByRole('button', { name: 'New token' }).click();
  const form = page.getByRole('dialog', { name: 'New API token' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Deck list script');
  await form.getByRole('checkbox', { name: /decks:read/ }).check();
  await form.getByRole('combobox', { name: 'Expires after' }).click();
  await page.getByRole('option', { name: '7 days' }).click();
  await form.getByRole('button', { name: 'Make token' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new token' });
  await expect(shown.getByText(/cannot show it again/)).toBeVisible();
  const token = await shown.getByRole('textbox', { name: 'Token “Deck list script”' }).inputValue();
  expect(token).toMatch(/^dpt_[\w-]{43}$/);
  expect(await violations(page, 'token-shown')).toEqual([]);
  await shown.getByRole('button', { name: 'Done' }).click();

  const row = page.getByRole('row', { name: /Deck list script/ });
  await expect(row.getByText(`dpt_${token.slice(4, 12)}…`)).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();
  expect(await violations(page, 'list')).toEqual([]);

  const script = await playwrightRequest.newContext({
    baseURL: process.env.E2E_BASE_URL,
    extraHTTPHeaders: { Authorization: `Bearer ${token}` },
  });
  try {
    const decks = await script.get('/api/recent-decks');
    expect(decks.status(), await decks.text()).toBe(200);
    const links = await script.post('/api/tokens', {
      data: { name: 'x', scopes: ['decks:read'], expiresInDays: null },
    });
    expect(links.status()).toBe(403);

    await row.getByRole('button', { name: 'Revoke Deck list script' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke this token?' })
      .getByRole('button', { name: 'Revoke token' })
      .click();
    await expect(row.getByText('Revoked')).toBeVisible();
    const after = await script.get('/api/recent-decks');
    expect(after.status()).toBe(401);
    expect(await after.json()).toMatchObject({
      error: { message: 'This API token has been revoked.' },
    });
  } finally {
    await script.dispose();
  }
});
