import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  createApprovedUser,
  expect,
  failedResourceError,
  postJson,
  signInViaApi,
  test,
} from '../fixtures.ts';

const shots = process.env.E2E_SCREENSHOTS_DIR;
async function snap(page: Page, name: string) {
  if (shots)
    await page.screenshot({ path: `${shots}/verified-viewers-${name}.png`, fullPage: true });
}

/** A two-slide deck made through the API by the signed-in `request`, headed `headline`. */
async function generateDeck(request: APIRequestContext, headline: string) {
  const generated = await postJson(request, '/api/generate-slides', {
    basicInfo: {
      deckTitle: `${headline} (internal only)`,
      headline,
      clientName: 'Polar Foods',
      date: '2031-06-15',
    },
    productSelection: {
      selectedProducts: [{ id: 'controller', quantity: 2, customPricing: 199 }],
      includePricing: false,
    },
    templateCustomization: { selectedSlides: ['title', 'thank-you'] },
  });
  expect(generated.status(), await generated.text()).toBe(201);
  return ((await generated.json()) as { presentationId: string }).presentationId;
}

/**
 * The code in the newest mail to `email`: with no SMTP, the server logs each outbox mail's
 * text (`outbox mail to ADDRESS:\nTEXT`), and the code mail carries no link for the shared
 * reader of fixtures.ts to find.
 */
async function readMailedCode(email: string, { skip = 0 } = {}): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const log = await readFile(process.env.E2E_SERVER_LOG!, 'utf8');
    const codes = log
      .split('\n')
      .flatMap((line) => {
        try {
          const msg = (JSON.parse(line) as { msg?: unknown }).msg;
          return typeof msg === 'string' && msg.startsWith(`outbox mail to ${email}:\n`)
            ? [msg]
            : [];
        } catch {
          return [];
        }
      })
      .map((text) => /\b(\d{6})\b/.exec(text)?.[1])
      .filter((code) => code !== undefined);
    if (codes.length > skip) return codes.at(-1)!;
    if (Date.now() > deadline) throw new Error(`no code reached ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Before the address is verified the deck's routes answer 401 on purpose; a refused domain 400.
test.use({ allowedConsoleErrors: [failedResourceError(400, 401)] });

test('a viewer of a link that asks for the e-mail passes the mailed code and sees the deck; the rep sees the address', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const rep = await createApprovedUser('verifier');
  await signInViaApi(page.request, rep);
  const deckId = await generateDeck(page.request, 'Cold room proposal');
  const suffix = Date.now().toString(36);

  // The rep asks for the viewer's e-mail, at the client's domain only.
  await page.goto(`/deck/${deckId}/preview`);
  await page.getByRole('button', { name: 'Create client link' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Recipient name').fill('Casey Client');
  await form.getByLabel('Recipient e-mail').fill(`casey-${suffix}@polar.example`);
  await form.getByRole('checkbox', { name: 'Send the link by e-mail' }).uncheck();
  await form.getByRole('switch', { name: /^Ask for the viewer's e-mail/ }).check();
  await form.getByLabel('Only these domains').fill('polar.example');
  await snap(page, 'form');
  await form.getByRole('button', { name: 'Create link' }).click();
  const created = page.getByRole('dialog', { name: 'Client link created' });
  const link = await created.getByRole('textbox').inputValue();
  await created.getByRole('button', { name: 'Done' }).click();

  // The viewer, in a browser of their own, is asked for an address before anything else.
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await client.goto(link);
  await expect(
    client.getByRole('heading', { level: 1, name: 'Confirm your e-mail address' }),
  ).toBeVisible();
  await expect(client.getByText('Cold room proposal')).toHaveCount(0);
  await expect(client.getByText(rep.name)).toHaveCount(0);

  const email = client.getByLabel(/^E-mail address/);
  await email.fill(`mallory-${suffix}@rival.example`);
  await client.getByRole('button', { name: 'Send code' }).click();
  await expect(
    client.getByText(
      'This deck can only be opened with an e-mail address at the company it was sent to.',
    ),
  ).toBeVisible();

  const viewer = `casey-${suffix}@polar.example`;
  await email.fill(viewer);
  await client.getByRole('button', { name: 'Send code' }).click();
  await expect(client.getByText(`We sent a 6-digit code to ${viewer}.`)).toBeVisible();
  await snap(client, 'code');
  const code = await readMailedCode(viewer);
  await client.getByLabel(/^Code/).fill(code);
  // The visit is counted once the deck has been seen 2 s.
  const visitStarted = client.waitForResponse(
    (response) => response.url().endsWith('/visits') && response.status() === 201,
  );
  await client.getByRole('button', { name: 'Open deck' }).click();

  await expect(client.getByRole('heading', { level: 1, name: 'Cold room proposal' })).toBeVisible();
  await expect(client.getByText(rep.name).first()).toBeVisible();
  await snap(client, 'deck');
  await visitStarted;
  await clientContext.close();

  // The rep's analytics name the address the visit proved.
  const linksApi = `/api/decks/${deckId}/client-links`;
  const linkId = ((await (await page.request.get(linksApi)).json()) as { links: { id: string }[] })
    .links[0]!.id;
  await page.goto(`/deck/${deckId}/links/${linkId}`);
  const visits = page.getByRole('table', { name: 'Visits' });
  await expect(visits.getByRole('columnheader', { name: 'Verified e-mail' })).toBeVisible();
  await expect(visits.getByText(viewer)).toBeVisible();
  await snap(page, 'analytics');
});
