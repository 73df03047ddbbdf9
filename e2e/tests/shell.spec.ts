import { expect, test } from '../fixtures.ts';

test('the root address lands on the sign-in page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth$/);
});

test('an unknown path shows the 404 page whose link leads to the dashboard', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  const link = page.getByRole('link', { name: 'Go to Dashboard' });
  await expect(link).toHaveAttribute('href', '/dashboard');
  await link.click();
  // Nobody is signed in, so the approval guard passes the visit on to sign-in.
  await expect(page).toHaveURL(/\/auth$/);
});

const routes = [
  '/auth',
  '/unapproved',
  '/admin',
  '/dashboard',
  '/create-deck/basic-info',
  '/create-deck/product-selection',
  '/create-deck/customize',
  '/create-deck/generate',
  '/deck/00000000-0000-0000-0000-000000000000/preview',
];

for (const route of routes) {
  test(`${route} renders without a console error`, async ({ page }) => {
    const response = await page.goto(route);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  });
}

test('the unapproved notice leads back to sign-in', async ({ page }) => {
  await page.goto('/unapproved');
  await expect(page.getByRole('heading', { name: 'Account Pending Approval' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Sign In' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test.describe('a script chunk that fails to load', () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource|dashboard-page/] });

  test('says so and offers a reload', async ({ page }) => {
    await page.route('**/assets/dashboard-page-*.js', (route) => route.abort());
    await page.goto('/dashboard');
    await expect(
      page.getByRole('heading', { name: 'Loading chunk dashboard failed' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  });
});

test('scripts arrive compressed by the build, with their length known', async ({
  page,
  request,
}) => {
  await page.goto('/auth');
  const src = await page.locator('script[type="module"][src]').first().getAttribute('src');
  const plain = await request.get(src!, { headers: { 'accept-encoding': 'identity' } });
  const compressed = await request.get(src!, { headers: { 'accept-encoding': 'br' } });
  expect(compressed.headers()['content-encoding']).toBe('br');
  // A file written at build time has a length; one compressed while sending would not.
  const length = Number(compressed.headers()['content-length']);
  expect(length).toBeGreaterThan(0);
  expect(length).toBeLessThan(Number(plain.headers()['content-length']) / 2);
  expect(await compressed.text()).toBe(await plain.text());
});
