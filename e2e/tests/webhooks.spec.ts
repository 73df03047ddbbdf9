import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { createApprovedUser, expect, signInViaApi, test, violations } from '../fixtures.ts';

// An admin adds a webhook to a receiver this test starts, copies nothing by hand: the secret is
// read from the page and checks the signature of the test event the admin sends, which the
// delivery log then shows delivered. The webhook is deleted at the end. Other tests run beside
// this one on the same server: their clients' visits reach this webhook too (it takes link.opened
// and visit.ended), so the test looks at its test event, not at everything the receiver got.

type Received = { headers: IncomingHttpHeaders; body: string };

test('an admin adds a webhook, sends a test event and sees it delivered', async ({ page }) => {
  test.setTimeout(120_000);
  const received: Received[] = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/crm`;
  // A retry's webhook is another card: the first attempt's may still be listed.
  const description = `CRM activities (e2e ${test.info().retry + 1})`;
  try {
    const admin = await createApprovedUser('webhooks', 'admin');
    await signInViaApi(page.request, admin);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook' });
    await dialog.getByRole('textbox', { name: 'Address' }).fill(url);
    await dialog.getByRole('textbox', { name: 'Description' }).fill(description);
    await dialog.getByRole('checkbox', { name: /A client accepts a proposal/ }).check();
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await expect(dialog).toBeHidden();

    const card = page.getByRole('region', { name: `Webhook ${description}` });
    await expect(card.getByRole('heading', { name: url })).toBeVisible();
    for (const type of ['link.opened', 'visit.ended', 'proposal.accepted']) {
      // The card's event badges come before its delivery log, where a type may show too.
      await expect(card.getByText(type, { exact: true }).first()).toBeVisible();
    }
    // Not checked for an empty log: another test's client may have ended a visit already (the
    // web app's tests check what an empty log says).
    const secret = await card.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);

    await card.getByRole('button', { name: 'Send test event' }).click();
    const log = card.getByRole('table', { name: `Deliveries to ${url}` });
    const row = log.getByRole('row').filter({ hasText: 'webhook.test' });
    await expect(row.getByText('Delivered')).toBeVisible({ timeout: 20_000 });
    await expect(row).toContainText('HTTP 204');

    const testEvents = received.filter((m) => m.body.includes('"type":"webhook.test"'));
    expect(testEvents).toHaveLength(1);
    const [message] = testEvents;
    const headers = {
      'webhook-id': String(message!.headers['webhook-id']),
      'webhook-timestamp': String(message!.headers['webhook-timestamp']),
      'webhook-signature': String(message!.headers['webhook-signature']),
    };
    expect(new Webhook(secret).verify(message!.body, headers)).toMatchObject({
      type: 'webhook.test',
      data: { webhook: { description } },
    });
    expect(await violations(page)).toEqual([]);

    await card.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this webhook?' });
    await confirm.getByRole('button', { name: 'Delete webhook' }).click();
    await expect(card).toBeHidden();
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
