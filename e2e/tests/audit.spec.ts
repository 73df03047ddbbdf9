import {
  createApprovedUser,
  expect,
  firstAdmin,
  signInViaApi,
  test,
  violations,
} from '../fixtures.ts';

// An admin reads the audit log (issue 51): from the admin portal, filtered by an action and by
// the user it was about, the approval reads as a sentence with the address it came from.

test('an admin filters the audit log by action and reads the row', async ({ page }) => {
  const admin = await createApprovedUser('auditor', 'admin');
  // Approved by the first admin (global-setup.ts's) as a manager: the row to find.
  const manager = await createApprovedUser('audited', 'manager');
  await signInViaApi(page.request, admin);

  await page.goto('/admin');
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();

  await page.getByRole('combobox', { name: /^Action/ }).click();
  await page.getByRole('option', { name: 'User approved', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: /^Target id/ }).fill(manager.id);

  const rows = page.getByRole('table').getByRole('row');
  const sentence = `${firstAdmin().name} approved ${manager.email} as Sales Manager`;
  await expect(rows.filter({ hasText: sentence })).toHaveCount(1);
  await expect(rows).toHaveCount(2);
  const row = rows.filter({ hasText: sentence });
  await expect(row).toContainText('pending → manager');
  // The browser's own address, as the server saw it (loopback in this test).
  await expect(row).toContainText(/127\.0\.0\.1|::1|::ffff:127\.0\.0\.1/);

  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute(
    'href',
    `/api/admin/audit.csv?action=user.approved&targetId=${manager.id}`,
  );
  const file = await page.request.get(
    `/api/admin/audit.csv?action=user.approved&targetId=${manager.id}`,
  );
  expect(file.status()).toBe(200);
  expect((await file.text()).split('\r\n').filter(Boolean)).toHaveLength(2);

  expect(await violations(page)).toEqual([]);
});
