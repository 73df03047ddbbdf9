import { request as playwrightRequest, type Locator, type Page } from '@playwright/test';
import {
  expect,
  failedResourceError,
  firstAdmin,
  postJson,
  readLatestMailTo,
  signInViaApi,
  signUpViaApi,
  test,
  uniqueUser,
} from '../fixtures.ts';

type Account = ReturnType<typeof uniqueUser>;

/** A cookie jar of its own, so set-up never signs the page in or out. */
async function newApiContext() {
  return playwrightRequest.newContext();
}

/** Signs the page in as the first admin and opens /admin. */
async function openAdminPortal(page: Page) {
  await signInViaApi(page.request, firstAdmin());
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
}

/** A pending account, created through the API; returns its own signed-in API context too. */
async function createPendingUser(label: string) {
  const account = uniqueUser(label);
  const api = await newApiContext();
  const user = await signUpViaApi(api, account);
  return { account, user, api };
}

/** An approved account with `role`, approved by the first admin through the API. */
async function createApprovedUser(label: string, role: 'sales_rep' | 'manager') {
  const pending = await createPendingUser(label);
  const admin = await newApiContext();
  await signInViaApi(admin, firstAdmin());
  const response = await postJson(admin, `/api/admin/users/${pending.user.id}/approve`, { role });
  expect(response.status(), await response.text()).toBe(200);
  await admin.dispose();
  return pending;
}

function section(page: Page, name: RegExp) {
  return page.getByRole('region', { name });
}

function pendingRow(page: Page, account: Account): Locator {
  return section(page, /^Pending Approvals \(\d+\)$/).getByRole('listitem', {
    name: account.name,
  });
}

function approvedRow(page: Page, account: Account): Locator {
  return section(page, /^Approved Users \(\d+\)$/).getByRole('listitem', { name: account.name });
}

/** Picks an option of a Mantine select inside `scope`. */
async function chooseRole(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

test('an admin approves a pending user as Sales Manager, who can then sign in and reach /dashboard', async ({
  page,
  browser,
}) => {
  const { account } = await createPendingUser('approvee');
  await openAdminPortal(page);

  const row = pendingRow(page, account);
  await expect(row).toContainText(account.email);
  await expect(row).toContainText(/Requested [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  // The role choice defaults to sales_rep and explains the chosen role.
  await expect(row.getByRole('combobox', { name: 'Role' })).toHaveValue('Sales Representative');
  await expect(row).toContainText('Can create and manage sales decks');
  await chooseRole(page, row, 'Role', 'Sales Manager');
  await expect(row).toContainText('Can manage the team and view all decks');
  await row.getByRole('button', { name: 'Approve' }).click();

  await expect(row).toHaveCount(0);
  const approved = approvedRow(page, account);
  await expect(approved).toContainText('Sales Manager');
  await expect(approved).toContainText(/Approved [A-Z][a-z]{2} \d{1,2}, \d{4}/);

  const context = await browser.newContext();
  const userPage = await context.newPage();
  await userPage.goto(`${process.env.E2E_BASE_URL}/auth`);
  await userPage.getByLabel(/^Email/).fill(account.email);
  await userPage.getByLabel(/^Password/).fill(account.password);
  await userPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(userPage).toHaveURL(/\/dashboard$/);
  await expect(userPage.getByRole('heading', { name: `Welcome, ${account.name}` })).toBeVisible();
  await context.close();
});

test('declining a pending user takes them out of the list and keeps them out', async ({ page }) => {
  const { account, api } = await createPendingUser('declinee');
  await openAdminPortal(page);

  const pendingHeading = section(page, /^Pending Approvals \(\d+\)$/);
  await expect(pendingHeading).toBeVisible();
  await pendingRow(page, account).getByRole('button', { name: 'Decline' }).click();
  await expect(pendingRow(page, account)).toHaveCount(0);
  await expect(approvedRow(page, account)).toHaveCount(0);

  // The declined account's session ended, and it cannot sign in again.
  const session = await api.get(`${process.env.E2E_BASE_URL}/api/auth/session`);
  expect(await session.json()).toEqual({ user: null });
  const signIn = await postJson(api, '/api/auth/sign-in', {
    email: account.email,
    password: account.password,
  });
  expect(signIn.status()).toBe(403);
  await api.dispose();
});

test('changing an approved user’s role updates the badge and the user’s session', async ({
  page,
}) => {
  const { account, api } = await createApprovedUser('promotee', 'sales_rep');
  await openAdminPortal(page);

  const row = approvedRow(page, account);
  await expect(row).toContainText('Sales Representative');
  await chooseRole(page, row, 'Change Role', 'Sales Manager');
  await expect(page.getByText(`${account.name} is now Sales Manager.`)).toBeVisible();
  await expect(row.getByRole('combobox', { name: 'Change Role' })).toHaveValue('Sales Manager');
  await expect(row).toContainText('Sales Manager');
  // The user's own session stays, with the new role on its next request.
  const session = await api.get(`${process.env.E2E_BASE_URL}/api/auth/session`);
  expect(await session.json()).toMatchObject({ user: { email: account.email, role: 'manager' } });
  await api.dispose();
});

test('removing a user asks first, then signs them out everywhere', async ({ page }) => {
  const { account, api } = await createApprovedUser('removee', 'manager');
  await openAdminPortal(page);

  const row = approvedRow(page, account);
  await row.getByRole('button', { name: 'Remove User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove User' });
  await expect(dialog).toContainText(
    'Are you sure you want to remove this user? This action cannot be undone.',
  );
  // Cancel changes nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Remove User' }).click();
  await page
    .getByRole('dialog', { name: 'Remove User' })
    .getByRole('button', { name: 'Remove User' })
    .click();
  // The message first: it closes by itself after a few seconds, which a busy machine can spend.
  await expect(page.getByText(`${account.name} was removed.`)).toBeVisible();
  await expect(row).toHaveCount(0);

  const session = await api.get(`${process.env.E2E_BASE_URL}/api/auth/session`);
  expect(await session.json()).toEqual({ user: null });
  await api.dispose();
});

test('the notifications panel shows the first 5, and Mark as read lowers the unread count', async ({
  page,
}) => {
  // Six sign-ups make six notifications, so there are always more than five.
  for (let i = 0; i < 6; i++) await (await createPendingUser(`notified${i}`)).api.dispose();
  await openAdminPortal(page);

  const panel = section(page, /^Recent Notifications \(\d+ unread\)$/);
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('listitem')).toHaveCount(5);
  await expect(panel.getByRole('button', { name: 'View all notifications' })).toBeVisible();

  // Other spec files sign people up at the same time; retry if one lands in between.
  await expect(async () => {
    await page.reload();
    const heading = panel.getByRole('heading', { name: /^Recent Notifications/ });
    const before = Number(/\((\d+) unread\)/.exec((await heading.textContent()) ?? '')?.[1]);
    expect(before).toBeGreaterThan(0);
    const unread = panel.getByRole('listitem').filter({
      has: page.getByRole('button', { name: 'Mark as read' }),
    });
    const first = unread.first();
    const message = (await first.getAttribute('aria-label')) ?? '';
    await first.getByRole('button', { name: 'Mark as read' }).click();
    await expect(
      panel
        .getByRole('listitem', { name: message, exact: true })
        .getByRole('button', { name: 'Mark as read' }),
    ).toHaveCount(0);
    await expect(heading).toHaveText(`Recent Notifications (${before - 1} unread)`, {
      timeout: 3000,
    });
  }).toPass({ timeout: 30_000 });

  await panel.getByRole('button', { name: 'View all notifications' }).click();
  await expect.poll(async () => panel.getByRole('listitem').count()).toBeGreaterThan(5);
});

test('an admin invites a colleague, who sets a password and arrives as Sales Manager', async ({
  page,
  browser,
}) => {
  const invitee = uniqueUser('invitee');
  await openAdminPortal(page);

  await page.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await dialog.getByLabel(/^Full Name/).fill(invitee.name);
  await dialog.getByLabel(/^Email/).fill(invitee.email);
  await chooseRole(page, dialog, 'Role', 'Sales Manager');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(`Invitation sent to ${invitee.email} as Sales Manager.`),
  ).toBeVisible();

  const mail = await readLatestMailTo(invitee.email);
  expect(mail.link).toContain('/auth/invite?token=');
  const context = await browser.newContext();
  const inviteePage = await context.newPage();
  await inviteePage.goto(mail.link);
  await inviteePage.getByLabel(/^New password/).fill(invitee.password);
  await inviteePage.getByLabel(/^Confirm new password/).fill(invitee.password);
  await inviteePage.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(inviteePage).toHaveURL(/\/dashboard$/);
  await expect(inviteePage.getByText(`Sales Manager · ${invitee.email}`)).toBeVisible();
  await context.close();

  // The new colleague is on the approved list with the invited role.
  await page.reload();
  await expect(approvedRow(page, invitee)).toContainText('Sales Manager');
});

test.describe('who may open /admin', () => {
  test.use({ allowedConsoleErrors: [failedResourceError(403)] });

  test('a sales_rep opening /admin is sent to /dashboard', async ({ page }) => {
    const { account } = await createApprovedUser('rep', 'sales_rep');
    await signInViaApi(page.request, account);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Welcome, ${account.name}` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
  });

  test('an anonymous visitor opening /admin is sent to /auth', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/auth$/);
  });
});

test('the admin portal shows the stat cards and header', async ({ page }) => {
  await openAdminPortal(page);
  await expect(page.getByText('Admin Portal')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to Sign In' })).toBeVisible();
  for (const label of ['Pending Approvals', 'Approved Users', 'Total Users']) {
    await expect(page.getByRole('group', { name: label })).toContainText(/\d+/);
  }
  const stats = await page.request.get('/api/admin/stats');
  const { total } = (await stats.json()) as { total: number };
  expect(total).toBeGreaterThan(1);
});
