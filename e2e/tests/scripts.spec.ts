import type { Locator, Page } from '@playwright/test';
import {
  createApprovedUser,
  expect,
  postJson,
  signInViaApi,
  test,
  violations,
} from '../fixtures.ts';

const shots = process.env.E2E_SCREENSHOTS_DIR;

/** Screenshots for a person to look at (set E2E_SCREENSHOTS_DIR); nothing is compared. */
async function snap(target: Page | Locator, name: string) {
  if (!shots) return;
  const path = `${shots}/${name}.png`;
  await ('goto' in target
    ? target.screenshot({ path, fullPage: true })
    : target.screenshot({ path }));
}

/** The page's `document.fonts`, as a page script sees it (these tests compile without the DOM). */
type FontFaceSet = {
  ready: Promise<unknown>;
  check(font: string, text: string): boolean;
  forEach(each: (face: { family: string; status: string }) => void): void;
};

/**
 * Whether the page has fetched a face of `family` (a page fetches a face only to draw text with
 * it) and has every face it needs to draw `text` in it.
 */
async function hasWebFontFor(page: Page, family: string, text: string) {
  return page.evaluate(
    async ({ family, text }) => {
      const fonts = (globalThis as unknown as { document: { fonts: FontFaceSet } }).document.fonts;
      await fonts.ready;
      let loaded = 0;
      fonts.forEach((face) => {
        if (face.family.replace(/"/g, '') === family && face.status === 'loaded') loaded += 1;
      });
      return loaded > 0 && fonts.check(`16px "${family}"`, text);
    },
    { family, text },
  );
}

/**
 * Whether Chromium drew an element's text with `family` (its own answer, from the DevTools
 * protocol). It names a font by the file's name table, where Google's CJK slices call themselves
 * "Noto Sans JP Thin" (the variable font's first instance) whatever weight they were cut at.
 */
async function drawsWith(page: Page, element: Locator, family: string) {
  const fonts = await fontsDrawing(page, element);
  return fonts.some((font) => font === family || font.startsWith(`${family} `));
}

async function fontsDrawing(page: Page, element: Locator) {
  await element.evaluate((node) =>
    (node as unknown as { setAttribute(name: string, value: string): void }).setAttribute(
      'data-font-probe',
      '',
    ),
  );
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', {
      nodeId: root.nodeId,
      selector: '[data-font-probe]',
    });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.map((font) => font.familyName);
  } finally {
    await element.evaluate((node) =>
      (node as unknown as { removeAttribute(name: string): void }).removeAttribute(
        'data-font-probe',
      ),
    );
    await cdp.detach();
  }
}

const clients = [
  {
    script: 'Arabic',
    slug: 'arabic',
    name: 'شركة النور للتجارة',
    family: 'Noto Sans Arabic',
  },
  {
    script: 'Japanese',
    slug: 'japanese',
    name: '株式会社トヨタ自動車',
    family: 'Noto Sans JP',
  },
];

for (const client of clients) {
  test(`a client named in ${client.script}: the wizard, the web view and the client page draw the name in ${client.family}, as the cover does`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await signInViaApi(page.request, await createApprovedUser(`scripts-${client.slug}`));

    // Step 1: the typed name, drawn in the engine's family for its script, fetched for it.
    await page.goto('/create-deck/basic-info');
    await page.getByLabel('Deck Title').fill(`${client.script} proposal`);
    await page.getByLabel('Client Name').fill(client.name);
    await expect.poll(() => hasWebFontFor(page, client.family, client.name)).toBe(true);
    await snap(page, `scripts-${client.slug}-1-basic-info`);
    expect(await violations(page, client.slug), `step 1 with a name in ${client.script}`).toEqual(
      [],
    );
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/create-deck\/product-selection$/);
    await page.getByRole('checkbox', { name: 'Data Logger' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/create-deck\/customize$/);
    // The address changes before the step's page is drawn: the Continue found at once can still
    // be the products step's (it failed so once in CI).
    await expect(page.getByRole('heading', { name: 'Customize Your Deck' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 4: the summary shows the name as text.
    await expect(page).toHaveURL(/\/create-deck\/generate$/);
    const summaryName = page
      .getByRole('region', { name: 'Deck details' })
      .getByText(client.name, { exact: true });
    await expect(summaryName).toBeVisible();
    await expect.poll(() => drawsWith(page, summaryName, client.family)).toBe(true);
    await page.getByRole('button', { name: 'Generate Presentation' }).click();
    await expect(page.getByRole('heading', { name: 'Your deck is ready!' })).toBeVisible({
      timeout: 90_000,
    });

    // The web view: the cover names the client, and the page's own text draws it alike.
    await page.getByRole('link', { name: 'View Deck' }).click();
    await expect(page).toHaveURL(/\/deck\/[^/]+\/view$/);
    const cover = page.getByRole('img', { name: /^Slide 1 of/ });
    await expect(cover).toBeVisible();
    await expect(cover).toHaveJSProperty('complete', true);
    expect(await cover.evaluate((img) => (img as { naturalWidth: number }).naturalWidth)).toBe(
      1280,
    );
    const svg = await (await page.request.get((await cover.getAttribute('src'))!)).text();
    // Each text block's accessible name is its text as typed (lines joined by a line break).
    const texts = [...svg.matchAll(/aria-label="([^"]*)"/g)].map((match) =>
      match[1]!.replace(/\s+/g, ' '),
    );
    expect(texts).toContainEqual(expect.stringContaining(client.name));
    const viewName = page.getByText(client.name, { exact: true });
    await expect(viewName).toBeVisible();
    await expect.poll(() => drawsWith(page, viewName, client.family)).toBe(true);
    await snap(page, `scripts-${client.slug}-2-view`);
    await snap(cover, `scripts-${client.slug}-3-cover`);
    expect(await violations(page, client.slug), `web view of a ${client.script} name`).toEqual([]);

    // The client's page (its own build) titles the deck "Proposal for {client}" in the same font.
    const deckId = /\/deck\/([^/]+)\/view$/.exec(page.url())![1]!;
    const created = await postJson(page.request, `/api/decks/${deckId}/client-links`, {
      recipientName: 'Casey Client',
      recipientEmail: 'casey@client.example',
      sendEmail: false,
    });
    expect(created.status(), await created.text()).toBe(201);
    const { url } = (await created.json()) as { url: string };
    const clientContext = await browser.newContext();
    try {
      const clientPage = await clientContext.newPage();
      await clientPage.goto(url);
      const heading = clientPage.getByRole('heading', {
        level: 1,
        name: `Proposal for ${client.name}`,
      });
      await expect(heading).toBeVisible();
      await expect.poll(() => drawsWith(clientPage, heading, client.family)).toBe(true);
      await expect(clientPage.getByText('Slide 1 of')).toBeVisible();
      await snap(clientPage, `scripts-${client.slug}-4-client-page`);
      expect(
        await violations(clientPage, client.slug),
        `client page of a ${client.script} name`,
      ).toEqual([]);
    } finally {
      await clientContext.close();
    }
  });
}

test('a page fetches no web font for Latin text, and only the slices a name needs', async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    const file = new URL(request.url()).pathname.split('/').pop()!;
    if (/^noto-(sans|emoji)-/.test(file)) fetched.push(file);
  });
  await signInViaApi(page.request, await createApprovedUser('scripts-latin'));
  await page.goto('/create-deck/basic-info');
  await page.getByLabel('Client Name').fill('Northwind Pharmacies — Zürich');
  // The next name's font arriving shows that this one's text was seen, and asked for nothing.
  await page.getByLabel('Deck Title').fill('שלום');
  await expect.poll(() => hasWebFontFor(page, 'Noto Sans Hebrew', 'שלום')).toBe(true);
  expect(fetched.map((file) => file.replace(/-[\w-]{8}\./, '.'))).toEqual([
    'noto-sans-hebrew.css',
    'noto-sans-hebrew-hebrew-400-normal.woff2',
  ]);

  fetched.length = 0;
  await page.getByLabel('Client Name').fill('株式会社トヨタ自動車');
  await expect.poll(() => hasWebFontFor(page, 'Noto Sans JP', '株式会社トヨタ自動車')).toBe(true);
  const slices = fetched.filter((file) => file.endsWith('.woff2'));
  expect(fetched.filter((file) => file.endsWith('.css'))).toEqual([
    expect.stringMatching(/^noto-sans-jp-/),
  ]);
  // Of the 120 slices a weight: the few that hold these ten characters.
  expect(slices.length).toBeGreaterThan(0);
  expect(slices.length).toBeLessThan(10);
  expect(slices).toEqual(slices.filter((file) => /^noto-sans-jp-\d+-400-normal-/.test(file)));

  // An emoji is drawn in the engine's Noto Emoji: one slice, the rocket's. The digits beside it
  // stay the text font's, so the slice that also holds digits in the package is not fetched.
  fetched.length = 0;
  await page.getByLabel('Client Name').fill('Polar Foods 2026 🚀');
  await expect.poll(() => fetched.filter((file) => file.endsWith('.woff2')).length).toBe(1);
  expect(fetched.map((file) => file.replace(/-[\w-]{8}\./, '.'))).toEqual([
    'noto-emoji.css',
    expect.stringMatching(/^noto-emoji-\d+-400-normal\.woff2$/),
  ]);
  await page.waitForTimeout(500);
  expect(fetched).toHaveLength(2);
});
